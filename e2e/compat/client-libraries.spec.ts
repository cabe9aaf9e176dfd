/**
 * Wire compatibility with the real npm client libraries, end to end: @2captcha/captcha-solver
 * (API v1: in.php / res.php, node-fetch) and @antiadmin/anticaptchaofficial (API v2: createTask /
 * getTaskResult…, axios) talk to the e2e server through their hard-coded HTTPS hosts (see
 * hosts.ts), while a worker signed in to /cabinet in chromium solves every task in the page.
 *
 * Each case checks that the library returns exactly the answer the page sent, that the customer
 * paid the type's price and the worker earned its share (micro-dollar exact), and for bad
 * reports that the share is held at once, and that once a trusted worker (a second cabinet) has
 * re-solved the image differently the price comes back to the customer and the share stays gone.
 *
 * One file on purpose: any idle qualified worker may take any queued task, so the cases run one
 * after another with one worker page (serial), never alongside each other.
 */
import { Solver } from '@2captcha/captcha-solver';
import anticaptcha from '@antiadmin/anticaptchaofficial';
import { test, type BrowserContext } from '@playwright/test';
import { getCaptchaType } from '../../shared/captcha-types/index.ts';
import { formatMoney, parseMoney } from '../../shared/money.ts';
import { tr } from '../support/app.ts';
import { readAccounts, type E2eAccounts } from '../support/accounts.ts';
import { INTL_ORIGIN } from '../support/env.ts';
import { Cabinet, type OnScreenTask } from './cabinet.ts';
import { expect } from './expect.ts';
import { redirectLibraryHosts, type HostRedirect } from './hosts.ts';
import { gridPicture, rotatePicture, scenePicture, textPicture } from './png.ts';
import { clickPicture, passTrainingExam } from './training.ts';

test.describe.configure({ mode: 'serial', timeout: 60_000 });

/** Library polling, kept short: the 2captcha client sleeps this long before every res.php call. */
const POLL_MS = 250;

let accounts: E2eAccounts;
let redirect: HostRedirect;
let workerContext: BrowserContext;
let cabinet: Cabinet;
let judgeContext: BrowserContext;
/** The trusted worker who judges bad reports by re-solving the image; in /cabinet only while judging. */
let judge: Cabinet;

/** USD micro-units from a balance the libraries return as a float. */
const micros = (usd: number) => Math.round(usd * 1_000_000);

/**
 * What one task of `slug` may cost: the live price lies between the floor (an idle market) and the
 * cap (other specs may keep tasks queued meanwhile); the worker earns the type's share of it.
 */
function rates(slug: string): { floor: number; cap: number; share: number } {
  const def = getCaptchaType(slug);
  if (!def) throw new Error(`no captcha type ${slug}`);
  return { floor: parseMoney(def.price.floorPer1000) / 1000, cap: parseMoney(def.price.capPer1000) / 1000, share: def.price.workerShare };
}

/** The price the customer paid: within the type's range; the worker's share follows from it, exactly. */
function paid(slug: string, before: number, after: number): { price: number; reward: number } {
  const { floor, cap, share } = rates(slug);
  const price = before - after;
  expect(price, `the customer paid the live ${slug} price`).toBeGreaterThanOrEqual(floor);
  expect(price, `the customer paid the live ${slug} price`).toBeLessThanOrEqual(cap);
  return { price, reward: Math.floor(price * share) };
}

function rejectAfter(ms: number, what: string): Promise<never> {
  return new Promise((_resolve, reject) => setTimeout(() => reject(new Error(`${what}: no result after ${ms} ms`)), ms).unref());
}

/**
 * Submits through a library call, lets the worker solve the offered task in the cabinet, and
 * returns the library's result with the offer, the answer the page sent and the server's
 * `accepted` message.
 */
async function roundTrip<T>(call: () => Promise<T>, solve: (task: OnScreenTask) => Promise<void>) {
  await expect(cabinet.page.getByRole('heading', { name: tr('en', 'worker:work.waiting') }), 'the worker waits for a task').toBeVisible();
  const since = cabinet.mark();
  const result = Promise.race([call(), rejectAfter(40_000, 'library call')]);
  result.catch(() => undefined); // awaited below; the race only surfaces an early failure
  const task = await Promise.race([
    cabinet.nextTask(since),
    result.then(() => {
      throw new Error('the library returned before any task was offered');
    }),
  ]);
  await solve(task);
  const accepted = await cabinet.accepted(task.offer.id, since);
  return { value: await result, offer: task.offer, answer: cabinet.sentAnswer(task.offer.id), accepted };
}

const base64 = (png: Buffer) => png.toString('base64');
const pngDataUrl = (png: Buffer) => `data:image/png;base64,${base64(png)}`;

test.beforeAll(async ({ browser }) => {
  accounts = readAccounts();
  redirect = await redirectLibraryHosts();
  workerContext = await browser.newContext({ baseURL: INTL_ORIGIN, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
  // The worker's page reaches only this site: token widgets (Google, Cloudflare…) fail fast and
  // the worker pastes the token, as the cabinet offers when a widget cannot load.
  await workerContext.route((url) => !['localhost', '127.0.0.1'].includes(url.hostname), (route) => route.abort());
  cabinet = new Cabinet(await workerContext.newPage());
  judgeContext = await browser.newContext({ baseURL: INTL_ORIGIN, locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
  await judgeContext.route((url) => !['localhost', '127.0.0.1'].includes(url.hostname), (route) => route.abort());
  judge = new Cabinet(await judgeContext.newPage());
});

test.afterAll(async () => {
  await workerContext?.close();
  await judgeContext?.close();
  await redirect?.stop();
});

test('the worker signs in, passes the training and starts work in /cabinet', async () => {
  test.setTimeout(120_000);
  await cabinet.signIn(accounts.compatWorker);
  await passTrainingExam(cabinet.page);
  await cabinet.startWork();
  await cabinet.expectShownBalance(0);
  // The judge is trained and trusted by the seed; signed in now, at work only while judging a report.
  await judge.signIn(accounts.compatJudge);
});

/**
 * A bad report is judged by a trusted re-solve: the judge starts work, gets the reported image
 * (never the reporting customer's original worker), types `text`, and stops again. Returns the
 * judge's reward.
 */
async function judgeReport(png: Buffer, text: string): Promise<number> {
  const before = await judge.balance();
  const since = judge.mark();
  await judge.startWork();
  const { offer, stage } = await judge.nextTask(since);
  expect(offer.type).toBe('normal');
  expect(offer.media, 'the re-solve shows the reported image').toBe(pngDataUrl(png));
  await stage.getByRole('textbox', { name: tr('en', 'worker:solver.text.label') }).fill(text);
  await judge.submit(stage);
  const accepted = await judge.accepted(offer.id, since);
  await judge.stopWork();
  const reward = parseMoney(accepted.reward);
  expect(await judge.balance(), 'the platform paid the judge').toBe(before + reward);
  return reward;
}

test.describe('@2captcha/captcha-solver (API v1)', () => {
  let solver: Solver;
  test.beforeAll(() => {
    solver = new Solver(accounts.compatCustomerV1.apiKey, POLL_MS);
  });

  /** Runs a v1 case and checks the money: customer − price, worker + share. */
  async function v1Case<T extends { data: string; id: string }>(slug: string, call: () => Promise<T>, solve: (task: OnScreenTask) => Promise<void>) {
    const customerBefore = micros(await solver.balance());
    const workerBefore = await cabinet.balance();
    const trip = await roundTrip(call, solve);
    expect(trip.offer.type).toBe(slug);
    expect(trip.value.id, 'the library polled the task the worker solved').toBe(String(trip.offer.id));
    const { price, reward } = paid(slug, customerBefore, micros(await solver.balance()));
    expect(trip.accepted.reward).toBe(formatMoney(reward));
    expect(await cabinet.balance(), `the worker earned the ${slug} share`).toBe(workerBefore + reward);
    await cabinet.expectShownBalance(workerBefore + reward);
    expect(redirect.servernames).toContain('2captcha.com');
    return { ...trip, customerBefore, workerBefore, price, reward };
  }

  test('grid: the worker selects tiles, solver.grid() returns click:…', async () => {
    const png = gridPicture(3, 3);
    const trip = await v1Case(
      'grid',
      () => solver.grid({ body: base64(png), recaptcha: 1, rows: 3, cols: 3, textinstructions: 'Select every yellow tile' }),
      async ({ offer, stage }) => {
        expect(offer.media).toBe(pngDataUrl(png));
        await expect(stage.getByText('Select every yellow tile')).toBeVisible();
        for (const tile of [7, 2, 6]) await stage.getByRole('button', { name: tr('en', 'worker:solver.grid.tile', { number: String(tile) }), exact: true }).click();
        await expect(stage.getByText(tr('en', 'worker:solver.grid.selected', { cells: '2, 6, 7' }))).toBeVisible();
        await cabinet.submit(stage);
      },
    );
    expect(trip.answer).toEqual({ kind: 'grid', cells: [2, 6, 7] });
    expect(trip.value.data).toBe('click:2/6/7');
  });

  test('rotate: the worker turns the picture, solver.rotate() returns the angle', async () => {
    const png = rotatePicture();
    const trip = await v1Case(
      'rotate',
      () => solver.rotate({ body: base64(png), angle: 45, textinstructions: 'Turn the arrow to point up' }),
      async ({ offer, stage }) => {
        expect(offer.media).toBe(pngDataUrl(png));
        const right = stage.getByRole('button', { name: tr('en', 'worker:solver.rotate.right', { step: '45' }) });
        for (let i = 0; i < 3; i++) await right.click();
        await expect(stage.getByText(tr('en', 'worker:solver.rotate.angle', { angle: '135' }), { exact: true })).toBeVisible();
        await cabinet.submit(stage);
      },
    );
    expect(trip.answer).toEqual({ kind: 'rotate', angle: 135 });
    expect(trip.value.data).toBe('135');
  });

  test('text captcha: the worker answers the question, solver.text() returns it', async () => {
    const question = 'Which day of the week comes after Monday?';
    const trip = await v1Case(
      'text',
      () => solver.text({ textcaptcha: question, lang: 'en' }),
      async ({ offer, stage }) => {
        expect(offer.media).toBeNull();
        await expect(stage.getByText(question)).toBeVisible();
        await stage.getByRole('textbox', { name: tr('en', 'worker:solver.text.questionLabel') }).fill('Tuesday');
        await cabinet.submit(stage);
      },
    );
    expect(trip.answer).toEqual({ kind: 'text', text: 'Tuesday' });
    expect(trip.value.data).toBe('Tuesday');
  });

  test('temu: the worker places each piece on the background, solver.temu() returns one point per piece', async () => {
    const size = { width: 320, height: 200 };
    const spots = [
      { x: 70, y: 60 },
      { x: 240, y: 50 },
      { x: 160, y: 150 },
    ];
    const background = scenePicture(size.width, size.height, spots, 21);
    const pieces = [textPicture(60, 60, 22), textPicture(60, 60, 23), textPicture(60, 60, 24)];
    const trip = await v1Case(
      'temuimage',
      // The library sends a JSON body with data: URIs, as its documentation shows.
      () => solver.temu({ body: pngDataUrl(background), part1: pngDataUrl(pieces[0]!), part2: pngDataUrl(pieces[1]!), part3: pngDataUrl(pieces[2]!) }) as unknown as Promise<{ data: string; id: string }>,
      async ({ offer, stage }) => {
        expect(offer.mediaList).toEqual([background, ...pieces].map(pngDataUrl));
        await expect(stage.getByRole('list', { name: tr('en', 'worker:solver.rotate.extra') }).locator('img')).toHaveCount(3);
        await expect(stage.getByText(tr('en', 'worker:solver.points.hintExact_other', { count: '3' }))).toBeVisible();
        const picker = stage.getByRole('group', { name: tr('en', 'worker:solver.points.label') });
        await clickPicture(picker, picker.locator('img'), size, spots);
        await cabinet.submit(stage);
      },
    );
    const sent = trip.answer as { kind: string; points: { x: number; y: number }[] };
    expect(sent.kind).toBe('points');
    expect(sent.points).toHaveLength(3);
    sent.points.forEach((p, i) => {
      expect(Math.abs(p.x - spots[i]!.x), `x of piece ${i + 1}`).toBeLessThanOrEqual(1);
      expect(Math.abs(p.y - spots[i]!.y), `y of piece ${i + 1}`).toBeLessThanOrEqual(1);
    });
    // res.php JSON: the coordinates format, numbers as strings.
    expect(trip.value.data as unknown).toEqual(sent.points.map((p) => ({ x: String(p.x), y: String(p.y) })));
  });

  test('vkimage: the worker types the slider steps, solver.vkimage() returns them', async () => {
    const png = textPicture(200, 70, 25);
    const trip = await v1Case(
      'vkimage',
      () => solver.vkimage({ body: base64(png), steps: '[5,19,4,3,23,8,20,4,18,10]' }),
      async ({ offer, stage }) => {
        expect(offer.media).toBe(pngDataUrl(png));
        await expect(stage.getByText(tr('en', 'worker:stage.typeInstructions.vkimage'))).toBeVisible();
        await stage.getByRole('textbox', { name: tr('en', 'worker:solver.text.label') }).fill('6');
        await cabinet.submit(stage);
      },
    );
    expect(trip.answer).toEqual({ kind: 'text', text: '6' });
    expect(trip.value.data).toBe('6');
  });

  test('prosopo token: the worker pastes a token, solver.prosopo() returns it', async () => {
    const token = '0x00016c68747470733a2f2f70726f6e6f64652e70726f736f706f2e696f';
    const trip = await v1Case(
      'prosopo',
      () => solver.prosopo({ pageurl: 'https://shop.example.com/signup', sitekey: '5EZVvsHMrKCFKp5NYNoTyDjTjetoVo1Z4UNNbTwJf1GfN6Xm' }),
      async ({ offer, stage }) => {
        expect(offer.kind).toBe('token');
        await expect(stage.getByText('https://shop.example.com/signup')).toBeVisible();
        await stage.getByRole('textbox', { name: tr('en', 'worker:solver.token.token'), exact: true }).fill(token);
        await cabinet.submit(stage);
      },
    );
    expect(trip.answer).toEqual({ kind: 'token', token });
    expect(trip.value.data).toBe(token);
  });

  test('normal image, then solver.badReport(): the share is held; a trusted re-solve upholds it and the price comes back', async () => {
    const png = textPicture(200, 70, 7);
    const trip = await v1Case(
      'normal',
      () => solver.imageCaptcha({ body: base64(png), numeric: 4, min_len: 5, max_len: 5 }),
      async ({ offer, stage }) => {
        expect(offer.media).toBe(pngDataUrl(png));
        await stage.getByRole('textbox', { name: tr('en', 'worker:solver.text.label') }).fill('K7WQ3');
        await cabinet.submit(stage);
      },
    );
    expect(trip.answer).toEqual({ kind: 'text', text: 'K7WQ3' });
    expect(trip.value.data).toBe('K7WQ3');

    await expect(solver.badReport(trip.value.id)).resolves.toBe('OK_REPORT_RECORDED');
    expect(await cabinet.balance(), 'the share is held while the report is judged').toBe(trip.workerBefore);
    expect(micros(await solver.balance()), 'no refund before the judgement').toBe(trip.customerBefore - trip.price);
    await judgeReport(png, 'K7WQ8');
    expect(micros(await solver.balance()), 'the customer got the price back').toBe(trip.customerBefore);
    expect(await cabinet.balance(), 'the worker lost the share').toBe(trip.workerBefore);
    // A second report of the same task changes nothing (the library accepts the duplicate code).
    await expect(solver.badReport(trip.value.id)).resolves.toBe('ERROR_DUPLICATE_REPORT');
    expect(micros(await solver.balance())).toBe(trip.customerBefore);
  });
});

test.describe('@antiadmin/anticaptchaofficial (API v2)', () => {
  test.beforeAll(() => {
    anticaptcha.setAPIKey(accounts.compatCustomerV2.apiKey);
    anticaptcha.shutUp();
    anticaptcha.settings.firstAttemptWaitingInterval = POLL_MS / 1000;
    anticaptcha.settings.normalWaitingInterval = POLL_MS / 1000;
  });

  /** Runs a v2 case and checks the money: customer − price, worker + share. */
  async function v2Case<T>(slug: string, call: () => Promise<T>, solve: (task: OnScreenTask) => Promise<void>) {
    const customerBefore = micros(await anticaptcha.getBalance());
    const workerBefore = await cabinet.balance();
    const trip = await roundTrip(call, solve);
    expect(trip.offer.type).toBe(slug);
    expect(anticaptcha.session.taskId, 'the library polled the task the worker solved').toBe(trip.offer.id);
    const { price, reward } = paid(slug, customerBefore, micros(await anticaptcha.getBalance()));
    expect(trip.accepted.reward).toBe(formatMoney(reward));
    expect(await cabinet.balance(), `the worker earned the ${slug} share`).toBe(workerBefore + reward);
    await cabinet.expectShownBalance(workerBefore + reward);
    expect(redirect.servernames).toContain('api.anti-captcha.com');
    return { ...trip, customerBefore, workerBefore, price, reward };
  }

  test('normal image: the worker types the text, solveImage() returns it', async () => {
    const png = textPicture(200, 70, 11);
    const trip = await v2Case(
      'normal',
      () => anticaptcha.solveImage(base64(png)),
      async ({ offer, stage }) => {
        expect(offer.media).toBe(pngDataUrl(png));
        await stage.getByRole('textbox', { name: tr('en', 'worker:solver.text.label') }).fill('w9H5k');
        await cabinet.submit(stage);
      },
    );
    expect(trip.answer).toEqual({ kind: 'text', text: 'w9H5k' });
    expect(trip.value).toBe('w9H5k');
  });

  test('coordinates: the worker clicks points, solveImageToCoordinates() returns them', async () => {
    const size = { width: 320, height: 200 };
    const spots = [
      { x: 60, y: 50 },
      { x: 250, y: 140 },
    ];
    const png = scenePicture(size.width, size.height, spots);
    const trip = await v2Case(
      'coordinates',
      () => anticaptcha.solveImageToCoordinates(base64(png), 'Click the centre of every orange disc'),
      async ({ offer, stage }) => {
        expect(offer.media).toBe(pngDataUrl(png));
        await expect(stage.getByText('Click the centre of every orange disc')).toBeVisible();
        const picker = stage.getByRole('group', { name: tr('en', 'worker:solver.points.label') });
        await clickPicture(picker, picker.locator('img'), size, spots);
        await cabinet.submit(stage);
      },
    );
    const sent = trip.answer as { kind: string; points: { x: number; y: number }[] };
    expect(sent.kind).toBe('points');
    expect(sent.points).toHaveLength(spots.length);
    sent.points.forEach((p, i) => {
      expect(Math.abs(p.x - spots[i]!.x), `x of point ${i + 1}`).toBeLessThanOrEqual(1);
      expect(Math.abs(p.y - spots[i]!.y), `y of point ${i + 1}`).toBeLessThanOrEqual(1);
    });
    // anti-captcha's ImageToCoordinatesTask solution: [[x, y], …]
    expect(trip.value).toEqual(sent.points.map((p) => [p.x, p.y]));
  });

  test('reCAPTCHA v2 token: the worker pastes a token, solveRecaptchaV2Proxyless() returns it', async () => {
    const token = '03AFcWeA6q-compat_TOKEN.8xZ2yLm4Qp7Rk1Vw9Ns3Jd5Hf0Gt6Bc';
    const trip = await v2Case(
      'recaptcha_v2',
      () => anticaptcha.solveRecaptchaV2Proxyless('https://shop.example.com/login', '6LfD3PIbAAAAAJs_eEHvoOl75_83eXSqpPSRFJ_u'),
      async ({ offer, stage }) => {
        expect(offer.kind).toBe('token');
        expect(offer.params).toMatchObject({ websiteURL: 'https://shop.example.com/login', websiteKey: '6LfD3PIbAAAAAJs_eEHvoOl75_83eXSqpPSRFJ_u' });
        await expect(stage.getByText('https://shop.example.com/login')).toBeVisible();
        await stage.getByRole('textbox', { name: tr('en', 'worker:solver.token.token'), exact: true }).fill(token);
        await cabinet.submit(stage);
      },
    );
    expect(trip.answer).toEqual({ kind: 'token', token });
    expect(trip.value).toBe(token);
  });

  test('normal image, then reportIncorrectImageCaptcha(): a trusted re-solve upholds it, the price comes back, the share leaves the worker', async () => {
    const png = textPicture(200, 70, 13);
    const trip = await v2Case(
      'normal',
      () => anticaptcha.solveImage(base64(png)),
      async ({ stage }) => {
        await stage.getByRole('textbox', { name: tr('en', 'worker:solver.text.label') }).fill('X4KD2');
        await cabinet.submit(stage);
      },
    );
    expect(trip.value).toBe('X4KD2');

    await expect(anticaptcha.reportIncorrectImageCaptcha()).resolves.toBe(true);
    expect(micros(await anticaptcha.getBalance()), 'no refund before the judgement').toBe(trip.customerBefore - trip.price);
    await judgeReport(png, 'X4KD7');
    expect(micros(await anticaptcha.getBalance()), 'the customer got the price back').toBe(trip.customerBefore);
    expect(await cabinet.balance(), 'the worker lost the share').toBe(trip.workerBefore);
  });
});
