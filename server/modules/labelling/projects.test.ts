import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { upsertApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { answerTask, claimTask } from '#server/modules/tasks/tasks.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { syncRunningProjects } from './labelling.service.ts';
import { readZip, writeZip } from './zip.ts';

let t: TestApp;
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ balance: number }>(sql`select balance from users where id = ${id}`))[0]!.balance);

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 90, g: 140, b: 60 } } }).png().toBuffer();

function multipart(files: { name: string; data: Buffer }[]) {
  const boundary = 'LabellingBoundary' + Math.random().toString(16).slice(2);
  const parts = files.map((f) => Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), f.data, Buffer.from('\r\n')]));
  return { boundary, payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]) };
}

async function asUser(id: number) {
  const session = await sessionCookieFor(t, id);
  const headers = browserHeaders(t, session);
  const call = (method: 'GET' | 'POST', url: string, body?: unknown) => t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as Record<string, unknown> }) });
  const upload = (url: string, files: { name: string; data: Buffer }[]) => {
    const m = multipart(files);
    return t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${m.boundary}` }, payload: m.payload });
  };
  return { call, upload };
}

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

/** Two workers claim and answer every task of the project; `draw` decides each worker's boxes per item. */
async function annotate(workers: { id: number }[], draw: (worker: number, taskPayload: Record<string, unknown>) => unknown) {
  const seen = new Map<number, Set<string>>();
  for (const [wi, w] of workers.entries()) {
    for (let task = await claimTask(ctx(), { id: w.id, languages: ['en'] }); task; task = await claimTask(ctx(), { id: w.id, languages: ['en'] })) {
      const [row] = await q<{ group_key: string; lease: number }>(sql`select group_key, extract(epoch from (lease_expires_at - assigned_at))::int as lease from tasks where id = ${task.id}`);
      // Labelling copies are leased for 5 minutes, not a captcha's 45 s.
      expect(Number(row!.lease)).toBe(300);
      const groups = seen.get(w.id) ?? new Set();
      // The claim never offers one worker two copies of one item.
      expect(groups.has(row!.group_key)).toBe(false);
      groups.add(row!.group_key);
      seen.set(w.id, groups);
      await answerTask(ctx(), w.id, task.id, draw(wi, row as unknown as Record<string, unknown>));
    }
  }
  return seen;
}

describe('labelling projects', () => {
  it('creates a bbox project, uploads a zip and a large image (tiled), charges exactly the estimate, aggregates, reviews and exports in original coordinates', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const c = await asUser(customer.id);
    const created = await c.call('POST', '/api/v2/labelling/projects', { name: 'Cars', instructions: 'Frame every car and person.', classes: ['car', 'person'], kind: 'bbox', annotators: 2, tiling: true });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;

    // A text file dressed as a PNG is refused by its bytes.
    expect((await c.upload(`/api/v2/labelling/projects/${id}/images`, [{ name: 'fake.png', data: Buffer.from('hello, not an image') }])).statusCode).toBe(415);
    const zip = writeZip([{ name: 'a.png', content: await png(400, 300) }, { name: 'b.png', content: await png(640, 480) }]);
    expect(readZip(zip, { maxEntries: 10, maxTotalBytes: 10_000_000 }).map((e) => e.name)).toEqual(['a.png', 'b.png']);
    const up = await c.upload(`/api/v2/labelling/projects/${id}/images`, [{ name: 'photos.zip', data: zip }, { name: 'field.png', data: await png(1500, 900) }]);
    expect(up.statusCode).toBe(200);
    // 400×300 and 640×480 are one item each; 1500×900 is two 1024-px tiles (x 0 and 476).
    expect(up.json()).toEqual({ added: 3, items: 4 });

    const view = (await c.call('GET', `/api/v2/labelling/projects/${id}`)).json();
    expect(view.estimate.tasks).toBe(8);
    // bounding_box at the floor with no load: $1.20 per 1000 → 1200 micro-USD per task.
    expect(view.estimate.priceEach).toBe(1200);
    expect(view.estimate.total).toBe(9600);
    // A stale estimate is refused and charges nothing.
    expect((await c.call('POST', `/api/v2/labelling/projects/${id}/start`, { expectedTotal: 9599 })).statusCode).toBe(409);
    expect(await balanceOf(customer.id)).toBe(1_000_000);
    const started = await c.call('POST', `/api/v2/labelling/projects/${id}/start`, { expectedTotal: view.estimate.total });
    expect(started.json()).toEqual({ charged: 9600, tasks: 8 });
    expect(1_000_000 - (await balanceOf(customer.id))).toBe(view.estimate.total);
    const [ledger] = await q<{ s: string; n: number }>(sql`select sum(-amount)::bigint as s, count(*)::int as n from ledger_entries where user_id = ${customer.id} and amount < 0`);
    expect(Number(ledger!.s)).toBe(9600);
    expect(Number(ledger!.n)).toBe(8);
    expect((await c.call('POST', `/api/v2/labelling/projects/${id}/start`, { expectedTotal: 9600 })).statusCode).toBe(409);
    // Workers see the instructions (the cabinet's `comment`) and the classes with every copy.
    const [queued] = await q<{ payload: { params: Record<string, unknown> } }>(sql`select payload from tasks where customer_id = ${customer.id} limit 1`);
    expect(queued!.payload.params).toMatchObject({ comment: 'Frame every car and person.', classes: ['car', 'person'], canNoAnswer: true });

    const workers = await Promise.all([1, 2].map(() => buildUser(t, { userType: 'worker' })));
    for (const w of workers) await markTrainingPassed(ctx(), w.id);
    const items = view.items as { id: number; imageId: number; tile: number; x: number }[];
    const tile1 = items.find((i) => i.tile === 1)!;
    const groupOf = (payload: Record<string, unknown>) => Number(String(payload.group_key).split(':')[1]);
    const seen = await annotate(workers, (wi, row) => {
      const itemId = groupOf(row);
      // Item 0: both agree on one car (a few px apart). Tile 1 of the field: one person, agreed.
      // Image b: the workers disagree on the class (dispute → review).
      if (itemId === items[0]!.id) return { kind: 'box', boxes: [{ xMin: 10 + wi * 2, yMin: 20, xMax: 110 + wi * 2, yMax: 80, cls: 0 }] };
      if (itemId === tile1.id) return { kind: 'box', boxes: [{ xMin: 500, yMin: 100, xMax: 600, yMax: 300, cls: 1 }] };
      if (itemId === items[1]!.id) return { kind: 'box', boxes: [{ xMin: 50, yMin: 50, xMax: 150, yMax: 150, cls: wi }] };
      return { kind: 'noMatch' };
    });
    expect([...seen.values()].map((s) => s.size)).toEqual([4, 4]);

    await syncRunningProjects(ctx());
    const after = (await c.call('GET', `/api/v2/labelling/projects/${id}`)).json();
    expect(after.progress).toMatchObject({ accepted: 3, review: 1, queued: 0 });
    expect(after.project.status).toBe('running');

    // Only trusted workers (or staff) review.
    const outsider = await asUser(workers[0]!.id);
    expect((await outsider.call('GET', '/api/v2/labelling/review')).json()).toEqual({ reviewer: false, items: [] });
    expect((await outsider.call('GET', `/api/v2/labelling/review/${items[1]!.id}/image`)).statusCode).toBe(404);
    expect((await outsider.call('POST', `/api/v2/labelling/review/${items[1]!.id}`, { boxes: [] })).statusCode).toBe(403);
    await t.database.db.execute(sql`update worker_profiles set trusted_at = now() where user_id = ${workers[1]!.id}`);
    const reviewer = await asUser(workers[1]!.id);
    const queue = (await reviewer.call('GET', '/api/v2/labelling/review')).json();
    expect(queue.items.map((i: { itemId: number }) => i.itemId)).toEqual([items[1]!.id]);
    expect(queue.items[0].disputes).toHaveLength(2);
    expect((await reviewer.call('GET', `/api/v2/labelling/review/${items[1]!.id}/image`)).headers['content-type']).toBe('image/jpeg');
    expect((await reviewer.call('POST', `/api/v2/labelling/review/${items[1]!.id}`, { boxes: [{ x1: 50, y1: 50, x2: 150, y2: 150, cls: 1 }] })).statusCode).toBe(200);
    const done = (await c.call('GET', `/api/v2/labelling/projects/${id}`)).json();
    expect(done.project.status).toBe('done');
    expect(done.perClass).toEqual([1, 2]);

    const coco = (await c.call('GET', `/api/v2/labelling/projects/${id}/export/coco`)).json();
    const byFile = (name: string) => coco.annotations.filter((a: { image_id: number }) => a.image_id === coco.images.find((i: { file_name: string }) => i.file_name === name).id);
    expect(byFile('a.png').map((a: { bbox: number[] }) => a.bbox)).toEqual([[11, 20, 100, 60]]);
    // The person drawn at x 500 on the tile that starts at x 476 is at 976 in the field image.
    expect(byFile('field.png').map((a: { bbox: number[]; category_id: number }) => [a.category_id, ...a.bbox])).toEqual([[2, 976, 100, 100, 200]]);
    const yolo = await c.call('GET', `/api/v2/labelling/projects/${id}/export/yolo`);
    expect(yolo.headers['content-type']).toBe('application/zip');
    const files = readZip(yolo.rawPayload, { maxEntries: 20, maxTotalBytes: 1_000_000 });
    expect(files.find((f) => f.name === 'field.txt')!.data.toString()).toBe(`1 ${(1026 / 1500).toFixed(6)} ${(200 / 900).toFixed(6)} ${(100 / 1500).toFixed(6)} ${(200 / 900).toFixed(6)}\n`);
    // Another customer sees nothing of it.
    const other = await asUser((await buildUser(t)).id);
    expect((await other.call('GET', `/api/v2/labelling/projects/${id}`)).statusCode).toBe(404);
    expect((await other.call('GET', `/api/v2/labelling/projects/${id}/export/coco`)).statusCode).toBe(404);
  });

  it("queues the copies in the customer's default task language: only workers who read it are offered them", async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    await upsertApiSettings(t.database.db, customer.id, { defaultLanguage: 'it' });
    const c = await asUser(customer.id);
    const id = (await c.call('POST', '/api/v2/labelling/projects', { name: 'Gatti', instructions: 'Incornicia ogni gatto.', classes: ['gatto'], kind: 'bbox', annotators: 1, tiling: false })).json().id;
    await c.upload(`/api/v2/labelling/projects/${id}/images`, [{ name: 'gatto.png', data: await png(300, 200) }]);
    const view = (await c.call('GET', `/api/v2/labelling/projects/${id}`)).json();
    expect(view.project.language).toBe('it');
    expect((await c.call('POST', `/api/v2/labelling/projects/${id}/start`, { expectedTotal: view.estimate.total })).statusCode).toBe(200);
    const [task] = await q<{ id: number; language: string | null }>(sql`select id, language from tasks where customer_id = ${customer.id}`);
    expect(task!.language).toBe('it');
    const [english, italian] = await Promise.all([1, 2].map(() => buildUser(t, { userType: 'worker' })));
    for (const w of [english!, italian!]) await markTrainingPassed(ctx(), w.id);
    // Drain whatever else is queued for an English reader; the Italian copy is never among it.
    for (let other = await claimTask(ctx(), { id: english!.id, languages: ['en'] }); other; other = await claimTask(ctx(), { id: english!.id, languages: ['en'] })) {
      expect(other.id).not.toBe(Number(task!.id));
      await answerTask(ctx(), english!.id, other.id, { kind: 'noMatch' });
    }
    expect((await claimTask(ctx(), { id: italian!.id, languages: ['it'] }))?.id).toBe(Number(task!.id));
  });

  it('refuses to start beyond the balance, charging nothing', async () => {
    const customer = await buildUser(t, { balance: '0.002' });
    const c = await asUser(customer.id);
    const id = (await c.call('POST', '/api/v2/labelling/projects', { name: 'P', instructions: 'Frame cats.', classes: ['cat'], kind: 'bbox', annotators: 3, tiling: false })).json().id;
    await c.upload(`/api/v2/labelling/projects/${id}/images`, [{ name: 'cat.png', data: await png(2000, 1000) }]);
    const view = (await c.call('GET', `/api/v2/labelling/projects/${id}`)).json();
    // Downscaled to 1024 × 512, one item.
    expect(view.items[0]).toMatchObject({ w: 2000, h: 1000, scale: 0.512 });
    const res = await c.call('POST', `/api/v2/labelling/projects/${id}/start`, { expectedTotal: view.estimate.total });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(customer.id)).toBe(2000);
    const [n] = await q<{ n: number }>(sql`select count(*)::int as n from tasks where customer_id = ${customer.id}`);
    expect(Number(n!.n)).toBe(0);
  });
});
