import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { ApiErrorLog, listApiErrors, MAX_ROWS_PER_ACCOUNT, pruneOldApiErrors } from './apilog.service.ts';

let t: TestApp;
const png = makePng().toString('base64');

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const count = async (userId: number) => Number((await t.database.db.execute(sql`select count(*)::int n from api_errors where user_id = ${userId}`)).rows[0]!.n);

describe('API error log', () => {
  it('records protocol errors of an account with a summary that holds names, not the key or values', async () => {
    const poor = await buildUser(t);
    const other = await buildUser(t, { balance: '1.00' });
    expect((await post('/in.php', { key: poor.apiKey, method: 'base64', body: png, json: 1 })).json()).toMatchObject({ request: 'ERROR_ZERO_BALANCE' });
    expect((await get(`/res.php?key=${poor.apiKey}&action=get&id=123`)).body).toBe('ERROR_WRONG_CAPTCHA_ID');
    expect((await post('/createTask', { clientKey: poor.apiKey, task: { type: 'ImageToTextTask', body: png, comment: 'secret words' } })).json()).toMatchObject({ errorCode: 'ERROR_ZERO_BALANCE' });
    expect((await post('/createTask', { clientKey: poor.apiKey })).json()).toMatchObject({ errorCode: 'ERROR_TASK_ABSENT' });
    // Not logged: wrong keys (no account), "not ready" (not an error), successes.
    expect((await get(`/res.php?key=${'f'.repeat(32)}&action=get&id=1`)).body).toBe('ERROR_KEY_DOES_NOT_EXIST');
    const id = (await post('/in.php', { key: other.apiKey, method: 'base64', body: png })).body.slice(3);
    expect((await get(`/res.php?key=${other.apiKey}&action=get&id=${id}`)).body).toBe('CAPCHA_NOT_READY');

    await t.app.apiErrorLog.flush();
    const rows = await listApiErrors(t.database.db, poor.id);
    expect(rows.map((r) => [r.code, r.summary])).toEqual([
      ['ERROR_TASK_ABSENT', 'POST /createTask; parameters: clientKey'],
      ['ERROR_ZERO_BALANCE', 'POST /createTask type=ImageToTextTask; parameters: clientKey, task{type, body, comment}'],
      ['ERROR_WRONG_CAPTCHA_ID', 'GET /res.php action=get; parameters: key, action, id'],
      ['ERROR_ZERO_BALANCE', 'POST /in.php method=base64; parameters: key, method, body, json'],
    ]);
    expect(rows[0]).toMatchObject({ ip: '127.0.0.1', createdAt: expect.any(Date) });
    const all = JSON.stringify(await t.database.db.execute(sql`select * from api_errors`));
    expect(all).not.toContain(poor.apiKey);
    expect(all).not.toContain(png.slice(0, 40));
    expect(all).not.toContain('secret words');
    expect(await count(other.id)).toBe(0);

    // Paging: the rows before the second one.
    expect((await listApiErrors(t.database.db, poor.id, { limit: 2, before: rows[1]!.id })).map((r) => r.code)).toEqual(['ERROR_WRONG_CAPTCHA_ID', 'ERROR_ZERO_BALANCE']);
  });

  it('writes within about a second without an explicit flush', async () => {
    const u = await buildUser(t);
    await get(`/res.php?key=${u.apiKey}`);
    const started = Date.now();
    while ((await count(u.id)) === 0) {
      expect(Date.now() - started).toBeLessThan(3_000);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await listApiErrors(t.database.db, u.id))[0]).toMatchObject({ code: 'ERROR_EMPTY_ACTION', summary: 'GET /res.php; parameters: key' });
  });

  it('keeps the newest 1000 rows per account and prunes rows older than 30 days', async () => {
    const u = await buildUser(t);
    const log = new ApiErrorLog(t.database.db, t.app.log, { batchRows: 500 });
    for (let i = 0; i < MAX_ROWS_PER_ACCOUNT + 200; i++) log.record({ apiKey: u.apiKey, ip: '10.0.0.1', code: 'ERROR_BAD_PARAMETERS', summary: `#${i}`, at: new Date() });
    await log.close();
    expect(await count(u.id)).toBe(MAX_ROWS_PER_ACCOUNT);
    expect((await listApiErrors(t.database.db, u.id, { limit: 1 }))[0]!.summary).toBe(`#${MAX_ROWS_PER_ACCOUNT + 199}`);

    await t.database.db.execute(sql`update api_errors set created_at = now() - interval '31 days' where user_id = ${u.id} and id in (select id from api_errors where user_id = ${u.id} order by id limit 10)`);
    expect(await pruneOldApiErrors({ db: t.database.db })).toBeGreaterThanOrEqual(10);
    expect(await count(u.id)).toBe(MAX_ROWS_PER_ACCOUNT - 10);
  });
});
