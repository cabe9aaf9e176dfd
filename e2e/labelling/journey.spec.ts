import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { TaskOffer } from '../../shared/contracts/realtime.ts';
import { parseMoney } from '../../shared/money.ts';
import { readZip } from '../../server/modules/labelling/zip.ts';
import { Cabinet } from '../compat/cabinet.ts';
import { readAccounts, type E2eAccount } from '../support/accounts.ts';
import { exactly, gotoHydrated, LANGS, signInTo, tr, waitForHydration } from '../support/app.ts';
import { hasDatabase, queryE2eDatabase } from '../support/db.ts';

/**
 * The labelling journey (issue 19): a customer creates a bounding-box project with two classes,
 * uploads six images (one large aerial image that is cut into two overlapping tiles) and starts
 * it; two annotators frame the objects with the mouse in their /cabinet; consensus accepts what
 * they agree on and sends a disagreement to a trusted reviewer on /data/review; the customer's
 * COCO and YOLO exports hold the objects where they are in the original images (tiles merged);
 * and the ledger charged exactly the estimate.
 *
 * Isolation: the customer's tasks default to Italian and the annotators read only Italian
 * (e2e/support/seed-labelling.ts). A task without a language from a spec running alongside can
 * still reach them: it is skipped back to the queue.
 */

/** As the project page shows an amount (web/features/labelling/projects.tsx). */
const usd = (micros: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(micros / 1_000_000);
const shots = process.env.SCREENSHOT_DIR;
const INSTRUCTIONS = 'Frame every car and every person, tight to the edges. Journey project.';
const CAR = 0;
const PERSON = 1;
type Rect = { cls: number; x1: number; y1: number; x2: number; y2: number };
type Rgb = [number, number, number];
const obj = (cls: number, x1: number, y1: number, x2: number, y2: number): Rect => ({ cls, x1, y1, x2, y2 });

/** The six pictures: flat backgrounds (each its own colour, so an annotator's page tells them apart) with red cars and blue people. */
const SCENES: { name: string; width: number; height: number; bg: Rgb; objects: Rect[] }[] = [
  { name: 'street-1.png', width: 480, height: 320, bg: [200, 200, 200], objects: [obj(CAR, 40, 50, 200, 150), obj(PERSON, 260, 80, 330, 260)] },
  { name: 'street-2.png', width: 520, height: 360, bg: [150, 210, 150], objects: [obj(CAR, 100, 60, 300, 200)] },
  { name: 'street-3.png', width: 400, height: 400, bg: [210, 180, 120], objects: [obj(PERSON, 50, 40, 150, 280)] },
  // The second annotator calls this scene's person a car: the dispute the reviewer settles.
  { name: 'street-4.png', width: 600, height: 360, bg: [140, 160, 220], objects: [obj(CAR, 30, 30, 180, 140), obj(PERSON, 250, 120, 430, 290)] },
  { name: 'street-5.png', width: 480, height: 300, bg: [220, 150, 210], objects: [obj(CAR, 200, 100, 420, 260)] },
  // 1500 × 900 is tiled at x 0 and x 476 (1024-px tiles, last one on the edge): the middle car is seen whole by both tiles.
  { name: 'aerial.png', width: 1500, height: 900, bg: [110, 130, 90], objects: [obj(CAR, 100, 100, 300, 250), obj(CAR, 600, 300, 900, 500), obj(PERSON, 1200, 600, 1300, 800)] },
];
const DISPUTED = 'street-4.png';
const AERIAL = 'aerial.png';
const TILE_X = [0, 476];
/** A yellow patch in the aerial image's top-left corner, seen only by its first tile. */
const MARKER: Rgb = [250, 240, 40];
const COLOURS: Record<number, Rgb> = { [CAR]: [220, 30, 30], [PERSON]: [30, 50, 220] };

async function render(scene: (typeof SCENES)[number]): Promise<Buffer> {
  const patch = (r: Rect | { x1: number; y1: number; x2: number; y2: number }, rgb: Rgb) => ({
    input: { create: { width: r.x2 - r.x1, height: r.y2 - r.y1, channels: 3 as const, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } },
    left: r.x1,
    top: r.y1,
  });
  const layers = scene.objects.map((o) => patch(o, COLOURS[o.cls]!));
  if (scene.name === AERIAL) layers.push(patch({ x1: 0, y1: 0, x2: 40, y2: 40 }, MARKER));
  return sharp({ create: { width: scene.width, height: scene.height, channels: 3, background: { r: scene.bg[0], g: scene.bg[1], b: scene.bg[2] } } })
    .composite(layers)
    .png()
    .toBuffer();
}

/** Which picture (and tile) an offer shows, from its pixels: the colour at (10, 10). */
async function identify(offer: TaskOffer): Promise<{ scene: (typeof SCENES)[number]; tile: number; width: number; height: number }> {
  const data = Buffer.from(offer.media!.slice(offer.media!.indexOf(',') + 1), 'base64');
  const { data: px, info } = await sharp(data).extract({ left: 10, top: 10, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
  const meta = await sharp(data).metadata();
  const rgb = [px[0]!, px[1]!, px[2]!];
  expect(info.channels).toBeGreaterThanOrEqual(3);
  const dist = (c: Rgb) => Math.abs(c[0] - rgb[0]!) + Math.abs(c[1] - rgb[1]!) + Math.abs(c[2] - rgb[2]!);
  const candidates = [...SCENES.map((s) => ({ scene: s, tile: s.name === AERIAL ? 1 : 0, c: s.bg })), { scene: SCENES.find((s) => s.name === AERIAL)!, tile: 0, c: MARKER }];
  const best = candidates.sort((a, b) => dist(a.c) - dist(b.c))[0]!;
  expect(dist(best.c), `the colour of task ${offer.id} is one of the scenes'`).toBeLessThan(40);
  return { scene: best.scene, tile: best.tile, width: meta.width!, height: meta.height! };
}

/** The objects an annotator sees on an item, in item pixels (tiles: the objects wholly inside). */
function objectsOn(scene: (typeof SCENES)[number], tile: number, width: number): Rect[] {
  const dx = scene.name === AERIAL ? TILE_X[tile]! : 0;
  return scene.objects.filter((o) => o.x1 >= dx && o.x2 <= dx + width).map((o) => ({ ...o, x1: o.x1 - dx, x2: o.x2 - dx }));
}

/** Frames each object with a mouse drag on the task's picture, then picks its class (radio) for the new, selected frame. */
async function drawBoxes(page: Page, offer: TaskOffer, stage: ReturnType<Page['getByRole']>, boxes: Rect[], natural: { width: number; height: number }) {
  const img = stage.getByRole('img', { name: tr('en', 'worker:solver.box.imageAlt') });
  await expect(img).toBeVisible();
  // The drawing area takes the picture's natural size once it has loaded; then its place settles.
  const pad = stage.getByRole('img', { name: /^Drawing area/ });
  await expect(pad).toHaveAttribute('viewBox', `0 0 ${natural.width} ${natural.height}`);
  let last = '';
  await expect.poll(async () => {
    const now = JSON.stringify(await img.boundingBox());
    const settled = now === last;
    last = now;
    return settled;
  }, { intervals: [100] }).toBe(true);
  const classNames = offer.params.classes as string[];
  for (const [i, b] of boxes.entries()) {
    const r = (await img.boundingBox())!;
    const at = (x: number, y: number) => [r.x + (x * r.width) / natural.width, r.y + (y * r.height) / natural.height] as const;
    const [sx, sy] = at(b.x1, b.y1);
    const [ex, ey] = at(b.x2, b.y2);
    await page.mouse.move(sx, sy);
    await page.mouse.down();
    await page.mouse.move((sx + ex) / 2, (sy + ey) / 2, { steps: 3 });
    await page.mouse.move(ex, ey, { steps: 3 });
    await page.mouse.up();
    await stage.getByRole('radio', { name: new RegExp(`${classNames[b.cls]}$`) }).check();
    await expect(stage.getByRole('button', { name: tr('en', 'worker:solver.box.frame', { n: String(i + 1), label: classNames[b.cls]! }) })).toBeVisible();
  }
}

interface Drawn {
  scene: string;
  tile: number;
  boxes: { xMin: number; yMin: number; xMax: number; yMax: number; cls: number }[];
}

/** An annotator signed in to /cabinet and at work (waiting for tasks). */
async function atWork(browser: Browser, account: E2eAccount) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cabinet = new Cabinet(page);
  await cabinet.signIn(account);
  const since = cabinet.mark();
  await cabinet.startWork();
  return { context, page, cabinet, since };
}

/** Frames every item of the project the annotator is offered (`items` of them), skipping any other spec's task. */
async function annotate({ context, page, cabinet, since: from }: Awaited<ReturnType<typeof atWork>>, items: number, mistaken: boolean): Promise<Drawn[]> {
  let since = from;
  const mine = (o: TaskOffer) => o.type === 'bounding_box' && o.params.comment === INSTRUCTIONS;
  const drawn: Drawn[] = [];
  for (let n = 0; n < items; n++) {
    const next = await cabinet.nextTaskMatching(mine, since);
    since = next.since;
    const { scene, tile, width, height } = await identify(next.offer);
    let boxes = objectsOn(scene, tile, width);
    // The careless annotator calls the disputed scene's person a car.
    if (mistaken && scene.name === DISPUTED) boxes = boxes.map((b) => ({ ...b, cls: CAR }));
    await drawBoxes(page, next.offer, next.stage, boxes, { width, height });
    if (shots && !mistaken && scene.name === AERIAL) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/labelling-cabinet-en-${width}-tile${tile + 1}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await cabinet.submit(next.stage);
    await cabinet.accepted(next.offer.id, since);
    const answer = cabinet.sentAnswer(next.offer.id) as { kind: string; boxes: Drawn['boxes'] };
    expect(answer.kind).toBe('box');
    // What the page sent is what was framed: the objects' own pixels (the drag ended exactly on their corners).
    expect(answer.boxes.map((b) => [b.cls, b.xMin, b.yMin, b.xMax, b.yMax])).toEqual(boxes.map((b) => [b.cls, b.x1, b.y1, b.x2, b.y2]).map((v) => v.map((x) => expect.closeTo(x, 0))));
    drawn.push({ scene: scene.name, tile, boxes: answer.boxes });
  }
  await cabinet.stopWork();
  await context.close();
  return drawn;
}

const money = async (page: Page) => parseMoney(((await (await page.request.get('/api/v2/user')).json()) as { balance: { amount: string } }).balance.amount);

test('labelling journey: a project is annotated in two cabinets, a dispute reviewed, exported in original coordinates, charged exactly the estimate', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const accounts = readAccounts();
  // The annotators and the reviewer sign in meanwhile; the annotators wait in the queue.
  const workers = Promise.all([atWork(browser, accounts.labelAnnotatorA), atWork(browser, accounts.labelAnnotatorB)]);
  const reviewer = browser.newContext().then(async (context) => {
    const rp = await context.newPage();
    await signInTo(rp, accounts.labelReviewer, '/data/review');
    return { context, rp };
  });
  await signInTo(page, accounts.labelJourneyCustomer, '/data/projects');
  // The form is controlled by React: typing before hydration would be reset.
  await waitForHydration(page);
  const before = await money(page);

  // The project: two classes, two annotators an image, large images tiled.
  const name = `Traffic ${Date.now()}`;
  await page.getByLabel(tr('en', 'labelling:projects.name')).fill(name);
  await page.getByLabel(tr('en', 'labelling:projects.instructions')).fill(INSTRUCTIONS);
  await page.getByLabel(tr('en', 'labelling:projects.classes')).fill('car, person');
  await page.getByLabel(tr('en', 'labelling:projects.tiling')).check();
  await page.getByRole('button', { name: exactly(tr('en', 'labelling:projects.create')) }).click();
  await page.getByRole('link', { name: tr('en', 'labelling:projects.open') }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // Its copies go to workers who read the customer's default worker language (seeded: Italian).
  await expect(page.getByText(tr('en', 'labelling:projects.language', { language: 'Italiano' }))).toBeVisible();
  const projectPath = new URL(page.url()).pathname;
  const projectId = Number(projectPath.split('/').pop());

  await page.getByLabel(tr('en', 'labelling:projects.files')).setInputFiles(await Promise.all(SCENES.map(async (s) => ({ name: s.name, mimeType: 'image/png', buffer: await render(s) }))));
  await page.getByRole('button', { name: exactly(tr('en', 'labelling:projects.upload')) }).click();
  // Six images, seven items (the aerial image is two tiles), fourteen tasks.
  await expect(page.getByText(tr('en', 'labelling:projects.uploaded_other', { count: '6', items: '7' }))).toBeVisible();
  const draft = (await (await page.request.get(`/api/v2/labelling/projects/${projectId}`)).json()) as { estimate: { tasks: number; total: number; priceEach: number } };
  expect(draft.estimate.tasks).toBe(14);
  expect(draft.estimate.total).toBe(14 * draft.estimate.priceEach);
  const start = page.getByRole('button', { name: /^Start for \$/ });
  await expect(start).toHaveText(tr('en', 'labelling:projects.start', { total: usd(draft.estimate.total) }));
  await start.click();
  await expect(page.getByText(tr('en', 'labelling:projects.status.running')).first()).toBeVisible();

  // The ledger charged exactly the estimate, once, and nothing else.
  expect(before - (await money(page))).toBe(draft.estimate.total);
  const history = async () => (await (await page.request.get('/api/v2/money/history_day')).json()) as { totals: { spend: string; net: string } };
  expect(parseMoney((await history()).totals.spend)).toBe(draft.estimate.total);
  if (hasDatabase) {
    const lines = (await queryE2eDatabase<{ amount: string; kind: string; task_id: string | null }>(
      `select l.amount::text, l.kind, l.task_id::text from ledger_entries l where l.user_id = $1 and l.amount < 0 order by l.id`,
      [accounts.labelJourneyCustomer.id],
    ))!;
    expect(lines).toHaveLength(14);
    expect(lines.every((l) => Number(l.amount) === -draft.estimate.priceEach && l.task_id !== null)).toBe(true);
    const linked = (await queryE2eDatabase<{ n: number }>(
      `select count(*)::int as n from labelling_tasks lt join labelling_items i on i.id = lt.item_id where i.project_id = $1 and lt.task_id = any($2::bigint[])`,
      [projectId, lines.map((l) => l.task_id)],
    ))!;
    expect(linked[0]!.n).toBe(14);
  }

  // Two annotators, each given one copy of every item.
  const [a, b] = await workers;
  const [careful, careless] = await Promise.all([annotate(a, 7, false), annotate(b, 7, true)]);
  for (const d of [careful, careless]) expect(d.map((x) => `${x.scene}#${x.tile}`).sort()).toEqual([...SCENES.slice(0, 5).map((s) => `${s.name}#0`), `${AERIAL}#0`, `${AERIAL}#1`].sort());

  // Consensus: six items agreed, the disputed scene waits for review.
  await gotoHydrated(page, projectPath);
  const facts = page.locator('.lab-facts');
  await expect(facts.locator('.lab-facts__row', { hasText: tr('en', 'labelling:projects.status.accepted') }).locator('dd')).toHaveText('6');
  await expect(facts.locator('.lab-facts__row', { hasText: tr('en', 'labelling:projects.status.review') }).locator('dd')).toHaveText('1');

  const { context: reviewContext, rp } = await reviewer;
  await gotoHydrated(rp, '/data/review');
  const card = rp.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByText(INSTRUCTIONS)).toBeVisible();
  await expect(card.getByText(tr('en', 'labelling:review.agreed_one', { count: '1' }))).toBeVisible();
  const disputed = SCENES.find((s) => s.name === DISPUTED)!.objects[1]!;
  // The candidates' order follows the annotators' answers; their text names class and place.
  const candidate = (label: string) => {
    const text = tr('en', 'labelling:review.candidate', { n: '#', label, x: String(disputed.x1), y: String(disputed.y1), w: String(disputed.x2 - disputed.x1), h: String(disputed.y2 - disputed.y1) });
    return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('#', '\\d')}$`);
  };
  const right = candidate('person');
  const wrong = candidate('car');
  await expect(card.getByRole('checkbox', { name: wrong })).toBeVisible();
  if (shots) {
    for (const lang of LANGS) {
      for (const width of [1280, 390]) {
        await rp.setViewportSize({ width, height: 900 });
        await rp.goto(lang === 'en' ? '/data/review' : `/${lang}/data/review`);
        await expect(rp.getByRole('article').getByRole('checkbox')).toHaveCount(2);
        expect(await rp.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `/data/review scrolls sideways at ${width} (${lang})`).toBe(true);
        await rp.screenshot({ path: `${shots}/labelling-review-${lang}-${width}.png`, fullPage: true });
      }
    }
    await rp.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(rp, '/data/review');
  }
  await card.getByRole('checkbox', { name: right }).check();
  await card.getByRole('button', { name: tr('en', 'labelling:review.save') }).click();
  await expect(rp.getByText(tr('en', 'labelling:review.emptyTitle'))).toBeVisible();
  await reviewContext.close();

  // Done: every item accepted; the exports hold the objects where they are in the original images.
  await gotoHydrated(page, projectPath);
  await expect(page.getByText(tr('en', 'labelling:projects.status.done')).first()).toBeVisible();
  const download = async (label: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: label }).click()]);
    return readFileSync((await file.path())!);
  };
  const coco = JSON.parse((await download(tr('en', 'labelling:projects.export.coco'))).toString()) as {
    images: { id: number; file_name: string; width: number; height: number }[];
    categories: { id: number; name: string }[];
    annotations: { image_id: number; category_id: number; bbox: number[] }[];
  };
  expect(coco.categories.map((c) => [c.id, c.name])).toEqual([[1, 'car'], [2, 'person']]);
  const yoloFiles = readZip(await download(tr('en', 'labelling:projects.export.yolo')), { maxEntries: 20, maxTotalBytes: 1_000_000 });
  expect(yoloFiles.find((f) => f.name === 'classes.txt')!.data.toString()).toBe('car\nperson\n');

  const sortBoxes = (bs: Rect[]) => [...bs].sort((a, b) => a.cls - b.cls || a.x1 - b.x1 || a.y1 - b.y1);
  const within = (got: Rect[], want: Rect[], what: string) => {
    expect(got.length, `${what}: boxes`).toBe(want.length);
    sortBoxes(got).forEach((g, i) => {
      const w = sortBoxes(want)[i]!;
      expect(g.cls, `${what}: class`).toBe(w.cls);
      for (const k of ['x1', 'y1', 'x2', 'y2'] as const) expect(Math.abs(g[k] - w[k]), `${what}: ${k} ${g[k]} vs ${w[k]}`).toBeLessThanOrEqual(1);
    });
  };
  for (const scene of SCENES) {
    const image = coco.images.find((i) => i.file_name === scene.name)!;
    // Original pixels, not the tiles'.
    expect([image.width, image.height]).toEqual([scene.width, scene.height]);
    const fromCoco = coco.annotations.filter((a) => a.image_id === image.id).map((a) => ({ cls: a.category_id - 1, x1: a.bbox[0]!, y1: a.bbox[1]!, x2: a.bbox[0]! + a.bbox[2]!, y2: a.bbox[1]! + a.bbox[3]! }));
    const yolo = yoloFiles.find((f) => f.name === `${scene.name.replace('.png', '')}.txt`)!.data.toString().trim().split('\n').filter(Boolean);
    const fromYolo = yolo.map((line) => {
      const [c, cx, cy, w, h] = line.split(' ').map(Number) as [number, number, number, number, number];
      return { cls: c, x1: (cx - w / 2) * scene.width, y1: (cy - h / 2) * scene.height, x2: (cx + w / 2) * scene.width, y2: (cy + h / 2) * scene.height };
    });
    // The aerial image's middle car was framed on both tiles and comes out once.
    within(fromCoco, scene.objects, `COCO ${scene.name}`);
    within(fromYolo, scene.objects, `YOLO ${scene.name}`);
  }
  // …and the frames are the annotators' own: the careful annotator's frames mapped back from the items.
  const mapped = careful.flatMap((d) => d.boxes.map((b) => ({ scene: d.scene, x1: b.xMin + (d.scene === AERIAL ? TILE_X[d.tile]! : 0) })));
  expect(mapped.filter((m) => m.scene === AERIAL).map((m) => m.x1).sort((a, b) => a - b)).toEqual([100, 600, 600, 1200]);

  // Per-class counts on the page: cars 1+1+1+1+2 = 6 (the aerial middle car once), people 1+1+1+1 = 4.
  const perClass = page.getByRole('table');
  await expect(perClass.getByRole('row', { name: /car/ }).getByRole('cell').last()).toHaveText('6');
  await expect(perClass.getByRole('row', { name: /person/ }).getByRole('cell').last()).toHaveText('4');
  // Nothing more was charged by the work, the review or the exports.
  expect(before - (await money(page))).toBe(draft.estimate.total);
  expect(parseMoney((await history()).totals.spend)).toBe(draft.estimate.total);

  for (const lang of LANGS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(lang === 'en' ? projectPath : `/${lang}${projectPath}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.locator('.lab-gallery__item')).toHaveCount(7);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${projectPath} scrolls sideways at ${width} (${lang})`).toBe(true);
      if (shots) await page.screenshot({ path: `${shots}/labelling-project-done-${lang}-${width}.png`, fullPage: true });
    }
  }
});
