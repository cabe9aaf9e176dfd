/**
 * 2captcha's legacy XML endpoints: res.php?action=getstats (the account's day, hour by hour) and
 * /load.php (queue load), read from the tasks table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerTask, claimTask } from '#server/modules/tasks/tasks.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, heard, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import type { DocsIndex } from '#shared/contracts/api-docs.ts';

let t: TestApp;
let customer: Awaited<ReturnType<typeof buildUser>>;
let other: Awaited<ReturnType<typeof buildUser>>;
let worker: Awaited<ReturnType<typeof buildUser>>;
const png = makePng().toString('base64');

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  customer = await buildUser(t, { userType: 'customer', balance: '10.00' });
  other = await buildUser(t, { userType: 'customer', balance: '10.00' });
  worker = await buildUser(t, { userType: 'worker' });
  await markTrainingPassed(ctx(), worker.id);
});
afterAll(() => t.close());

const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const submit = async (apiKey: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: apiKey, method: 'base64', body: png } });
  expect(res.body).toMatch(/^OK\|\d+$/);
  return Number(res.body.slice(3));
};

/** <stats> rows of a getstats document as plain objects. */
function statsRows(xml: string) {
  return [...xml.matchAll(/<stats dateint="(\d+)" date="([\d-]+)" hour="(\d{2})"><volume>(\d+)<\/volume><money>([\d.]+)<\/money><\/stats>/g)].map((m) => ({
    dateint: Number(m[1]), date: m[2], hour: m[3], volume: Number(m[4]), money: m[5],
  }));
}

describe('res.php?action=getstats', () => {
  it("answers the day's usage per UTC hour as XML: tasks submitted and money kept, this account only", async () => {
    const solvedId = await submit(customer.apiKey);
    await submit(customer.apiKey); // still queued: counted, not (yet) paid for
    await submit(other.apiKey);
    for (let i = 0; i < 5; i++) {
      const task = await claimTask(ctx(), { id: worker.id, languages: ['en'] });
      if (!task) break;
      await answerTask(ctx(), worker.id, task.id, { kind: 'text', text: 'w9h5k' });
      if (task.id === solvedId) break;
    }
    await heard();

    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const price = (await t.app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=get2&id=${solvedId}` })).body.split('|')[2];
    const res = await get(`/res.php?key=${customer.apiKey}&action=getstats&date=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<response>\n<stats /);
    const rows = statsRows(res.body);
    expect(rows).toHaveLength(24);
    expect(rows.map((r) => r.hour)).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')));
    expect(rows[0]!.dateint).toBe(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) / 1000);
    const hour = rows[now.getUTCHours()]!;
    expect(hour).toMatchObject({ date: today, volume: 2, money: price });
    expect(rows.filter((r) => r !== hour).every((r) => r.volume === 0 && r.money === '0.00')).toBe(true);
  });

  it('another day is all zeros; no date means today; a malformed date is ERROR_BAD_PARAMETERS', async () => {
    const empty = statsRows((await get(`/res.php?key=${customer.apiKey}&action=getstats&date=2020-02-29`)).body);
    expect(empty).toHaveLength(24);
    expect(empty.every((r) => r.volume === 0 && r.date === '2020-02-29')).toBe(true);
    const today = statsRows((await get(`/res.php?key=${customer.apiKey}&action=getstats`)).body);
    expect(today.reduce((n, r) => n + r.volume, 0)).toBe(2);
    expect((await get(`/res.php?key=${customer.apiKey}&action=getstats&date=2021-02-30`)).body).toBe('ERROR_BAD_PARAMETERS');
    expect((await get(`/res.php?key=${customer.apiKey}&action=getstats&date=yesterday&json=1`)).json()).toMatchObject({ status: 0, request: 'ERROR_BAD_PARAMETERS' });
  });

  it('needs a valid key like every res.php action', async () => {
    expect((await get('/res.php?key=short&action=getstats')).body).toBe('ERROR_WRONG_USER_KEY');
  });
});

describe('/load.php', () => {
  it('answers the queue as XML: waiting, load, minbid, averageRecognitionTime', async () => {
    const res = await get('/load.php');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    const m = /<RPM><waiting>(\d+)<\/waiting><load>([\d.]+)<\/load><minbid>([\d.]+)<\/minbid><averageRecognitionTime>([\d.]+)<\/averageRecognitionTime><\/RPM>/.exec(res.body);
    expect(m, res.body).not.toBeNull();
    // One of the customer's tasks and the other account's are still queued.
    expect(Number(m![1])).toBe(2);
    // The normal captcha's live price per captcha: between its floor and cap ($0.50–$1.00 per 1000).
    expect(Number(m![3])).toBeGreaterThanOrEqual(0.0005);
    expect(Number(m![3])).toBeLessThanOrEqual(0.001);
  });
});

describe('the documentation of both calls', () => {
  /** An XML document's shape: its text with every number, date and the day's timestamps blanked. */
  const shape = (xml: string) => xml.replace(/\d{4}-\d{2}-\d{2}/g, 'D').replace(/\d+(\.\d+)?/g, 'N');

  it('prints the answers the server gives: getstats of an example day, load.php as it is now', async () => {
    const docs = (await get('/api/v1/api-docs?language=en')).json<DocsIndex>();
    const stats = await get(`/res.php?key=${customer.apiKey}&action=getstats&date=2020-02-29`);
    expect(shape(docs.legacy.getstats.answer)).toBe(shape(stats.body));
    expect(statsRows(docs.legacy.getstats.answer)).toHaveLength(24);
    expect(docs.legacy.getstats.request).toMatch(/\/res\.php\?key=YOUR_API_KEY&action=getstats&date=\d{4}-\d{2}-\d{2}$/);
    expect(docs.legacy.load).toEqual({ request: expect.stringMatching(/\/load\.php$/), answer: (await get('/load.php')).body, live: true });
  });

  it('the docs page has the section, in every language', async () => {
    for (const path of ['/api-docs', '/ru/api-docs', '/zh/api-docs']) {
      const page = (await get(path)).body;
      expect(page, path).toContain('id="legacy"');
      expect(page, path).toContain('action=getstats&amp;date=');
      expect(page, path).toContain('&lt;RPM&gt;&lt;waiting&gt;');
    }
  });
});
