/**
 * 100% recognition (consensus): settings, submission rules, the vote, the money.
 * Every test tags its tasks with its own worker language, so the tests' queues never mix.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWorkerTrusted } from '#server/modules/workers/moderation.service.ts';
import { listMistakes, markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, heard, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { upsertApiSettings } from './tasks.repo.ts';
import { answerTask, claimTask, skipTask, sweepTasks } from './tasks.service.ts';

let t: TestApp;
const png = makePng().toString('base64');
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ balance: number }>(sql`select balance from users where id = ${id}`))[0]!.balance);
const ledgerOf = async (id: number) => Number((await q<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${id}`))[0]!.s);
const taskRow = async (id: number) =>
  (await q<{ state: string; price: number; reward: number; attempts: number; failure: string | null; consensus: unknown; language: string | null; max_attempts: number; answer: unknown; solved_by: number | null }>(
    sql`select state, price, reward, attempts, failure, consensus, language, max_attempts, answer, solved_by from tasks where id = ${id}`,
  ))[0]!;
const outcomes = async (id: number) =>
  Object.fromEntries((await q<{ worker_id: number; outcome: string }>(sql`select worker_id, outcome from task_attempts where task_id = ${id}`)).map((r) => [Number(r.worker_id), r.outcome]));
const entries = async (id: number) =>
  (await q<{ user_id: number; kind: string; amount: number }>(sql`select user_id, kind, amount from ledger_entries where task_id = ${id} order by id`)).map((r) => ({
    user: Number(r.user_id),
    kind: r.kind,
    amount: Number(r.amount),
  }));
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The ledger explains every balance exactly. */
async function expectLedgerExact(...ids: number[]) {
  for (const id of ids) expect(await ledgerOf(id), `ledger of user ${id}`).toBe(await balanceOf(id));
}

async function worker(language: string) {
  const w = await buildUser(t, { userType: 'worker' });
  await markTrainingPassed(ctx(), w.id);
  return { ...w, languages: [language] };
}
type Worker = Awaited<ReturnType<typeof worker>>;

/** The worker takes the next task it is offered; it must be `id`. */
async function take(w: Worker, id: number) {
  const task = await claimTask(ctx(), { id: w.id, languages: w.languages });
  expect(task?.id, `worker ${w.id} is offered task ${id}`).toBe(id);
}
async function answer(w: Worker, id: number, text: string) {
  await take(w, id);
  return answerTask(ctx(), w.id, id, { kind: 'text', text });
}

async function consensusCustomer(rule: { minAttempts: number; maxAttempts: number; minMatches: number }, language: string) {
  const c = await buildUser(t, { balance: '1.00' });
  await upsertApiSettings(t.database.db, c.id, { consensus: rule, defaultLanguage: language });
  await heard();
  return c;
}
const submitV1 = async (key: string, extra: Record<string, string> = {}) => {
  const res = await post('/in.php', { key, method: 'base64', body: png, ...extra });
  expect(res.body).toMatch(/^OK\|\d+$/);
  return Number(res.body.slice(3));
};

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

describe('API settings', () => {
  it('stores consensus and the default language, validates the ranges, keeps them when left out', async () => {
    const c = await buildUser(t, { balance: '1.00' });
    const headers = browserHeaders(t, await sessionCookieFor(t, c.id));
    const put = (body: object) => t.app.inject({ method: 'PUT', url: '/api/v2/customer/api-settings', headers, payload: { allowedIps: [], maxBidPer1000: null, sandbox: false, ...body } });
    const initial = await t.app.inject({ method: 'GET', url: '/api/v2/customer/api-settings', headers });
    expect(initial.json()).toMatchObject({ consensus: null, defaultLanguage: null });

    const saved = await put({ consensus: { minAttempts: 2, maxAttempts: 4, minMatches: 2 }, defaultLanguage: 'ru' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ consensus: { minAttempts: 2, maxAttempts: 4, minMatches: 2 }, defaultLanguage: 'ru' });
    // Left out: unchanged.
    expect((await put({})).json()).toMatchObject({ consensus: { minAttempts: 2, maxAttempts: 4, minMatches: 2 }, defaultLanguage: 'ru' });

    for (const consensus of [
      { minAttempts: 2, maxAttempts: 4, minMatches: 3 }, // matches > min attempts
      { minAttempts: 5, maxAttempts: 4, minMatches: 2 }, // min attempts > max attempts
      { minAttempts: 6, maxAttempts: 10, minMatches: 6 }, // matches above 5
      { minAttempts: 2, maxAttempts: 11, minMatches: 2 }, // attempts above 10
      { minAttempts: 0, maxAttempts: 2, minMatches: 0 },
      { minAttempts: 1.5, maxAttempts: 2, minMatches: 1 },
    ]) {
      const res = await put({ consensus });
      expect(res.statusCode, JSON.stringify(consensus)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await put({ defaultLanguage: 'xx' })).statusCode).toBe(400);

    expect((await put({ consensus: null, defaultLanguage: null })).json()).toMatchObject({ consensus: null, defaultLanguage: null });
  });
});

describe('submission', () => {
  it('copies the rule to image tasks, charges the rate for every possible answer, applies the default language', async () => {
    const c = await consensusCustomer({ minAttempts: 2, maxAttempts: 4, minMatches: 2 }, 'de');
    const id = await submitV1(c.apiKey);
    const row = await taskRow(id);
    expect(row.consensus).toEqual({ minAttempts: 2, maxAttempts: 4, minMatches: 2 });
    expect(row.language).toBe('de');
    expect(Number(row.price) % 4).toBe(0);
    expect(await balanceOf(c.id)).toBe(1_000_000 - Number(row.price));
    // A task naming its language keeps it.
    const named = await submitV1(c.apiKey, { lang: 'fr' });
    expect((await taskRow(named)).language).toBe('fr');
    // Clean up: both end unsolvable past their lifetime, refunded.
    await t.database.db.execute(sql`update tasks set expires_at = now() - interval '1 second' where id in (${id}, ${named})`);
    await sweepTasks(ctx());
    expect(await balanceOf(c.id)).toBe(1_000_000);
    await expectLedgerExact(c.id);
  });

  it('refuses sandbox together with consensus: ERROR_BAD_PARAMETERS in v1 (plain and JSON) and v2, nothing stored or charged', async () => {
    const c = await buildUser(t, { balance: '1.00' });
    await upsertApiSettings(t.database.db, c.id, { sandbox: true, consensus: { minAttempts: 2, maxAttempts: 3, minMatches: 2 } });
    await heard();
    expect((await post('/in.php', { key: c.apiKey, method: 'base64', body: png })).body).toBe('ERROR_BAD_PARAMETERS');
    expect((await post('/in.php', { key: c.apiKey, method: 'base64', body: png, json: 1 })).json()).toEqual({
      status: 0,
      request: 'ERROR_BAD_PARAMETERS',
      error_text: 'Required parameters are missing or malformed.',
    });
    expect((await post('/createTask', { clientKey: c.apiKey, task: { type: 'ImageToTextTask', body: png } })).json()).toEqual({
      errorId: 110,
      errorCode: 'ERROR_BAD_PARAMETERS',
      errorDescription: 'Required parameters are missing or malformed.',
    });
    expect(await balanceOf(c.id)).toBe(1_000_000);
    expect((await q<{ n: number }>(sql`select count(*)::int n from tasks where customer_id = ${c.id}`))[0]!.n).toBe(0);
  });

  it('ERROR_ZERO_BALANCE when the balance covers one answer but not maxAttempts of them', async () => {
    const c = await buildUser(t, { balance: '0.001' }); // two normal captchas at the floor, not three
    await upsertApiSettings(t.database.db, c.id, { consensus: { minAttempts: 2, maxAttempts: 3, minMatches: 2 } });
    await heard();
    expect((await post('/in.php', { key: c.apiKey, method: 'base64', body: png })).body).toBe('ERROR_ZERO_BALANCE');
    expect(await balanceOf(c.id)).toBe(1000);
  });

  it('token types ignore consensus and the default language: one worker, one price', async () => {
    const c = await consensusCustomer({ minAttempts: 3, maxAttempts: 5, minMatches: 3 }, 'es');
    const res = await post('/in.php', { key: c.apiKey, method: 'userrecaptcha', googlekey: '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-', pageurl: 'https://example.com/login' });
    const id = Number(res.body.slice(3));
    const row = await taskRow(id);
    expect(row).toMatchObject({ consensus: null, language: null, max_attempts: 3 });
    expect(await balanceOf(c.id)).toBe(1_000_000 - Number(row.price));
    const w = await worker('es');
    await take(w, id);
    const token = '03AFcWeA6q-consensus_TOKEN.8xZ2yLm4Qp7Rk1Vw9Ns3Jd5Hf0Gt6Bc';
    const result = await answerTask(ctx(), w.id, id, { kind: 'token', token });
    expect(result.reward).toBe(Number(row.reward));
    expect((await get(`/res.php?key=${c.apiKey}&action=get&id=${id}`)).body).toBe(`OK|${token}`);
    expect(await balanceOf(c.id)).toBe(1_000_000 - Number(row.price));
    // Sandbox + consensus on the account does not refuse token tasks (the rule never applies to them).
    await upsertApiSettings(t.database.db, c.id, { sandbox: true });
    await heard();
    const sandboxed = await post('/in.php', { key: c.apiKey, method: 'userrecaptcha', googlekey: '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-', pageurl: 'https://example.com/login' });
    expect(sandboxed.body).toMatch(/^OK\|\d+$/);
    await t.database.db.execute(sql`update tasks set expires_at = now() - interval '1 second' where id = ${Number(sandboxed.body.slice(3))}`);
    await sweepTasks(ctx());
    await expectLedgerExact(c.id, w.id);
  });
});

describe('the vote', () => {
  it('three workers, two agree: the agreed answer, the customer pays the rate × answers used, agreeing workers are paid', async () => {
    const c = await consensusCustomer({ minAttempts: 2, maxAttempts: 4, minMatches: 2 }, 'it');
    const id = await submitV1(c.apiKey);
    const charged = Number((await taskRow(id)).price);
    const rate = charged / 4;
    const [a, b, d] = [await worker('it'), await worker('it'), await worker('it')];

    const first = await answer(a, id, 'abc12');
    expect(first).toMatchObject({ reward: 0, balance: null });
    // The same worker never gets the task twice; it waits in the queue for another worker.
    expect(await claimTask(ctx(), { id: a.id, languages: a.languages })).toBeNull();
    expect((await taskRow(id)).state).toBe('queued');
    expect((await get(`/res.php?key=${c.apiKey}&action=get&id=${id}`)).body).toBe('CAPCHA_NOT_READY');

    await answer(b, id, 'zzz99');
    expect((await taskRow(id)).state).toBe('queued');
    // Case-insensitive (no regsense): "ABC12" agrees with "abc12"; the first answer of the agreeing group is the result.
    const last = await answer(d, id, ' ABC12 ');
    const reward = Number((await taskRow(id)).reward);
    expect(last).toMatchObject({ reward, balance: reward });

    const row = await taskRow(id);
    expect(row).toMatchObject({ state: 'solved', attempts: 3, answer: { kind: 'text', text: 'abc12' }, solved_by: a.id });
    expect(Number(row.price)).toBe(rate * 3);
    // The poll above left "not ready" in the result cache; the task's end reaches it through the
    // database's notification, a moment after the answer's commit.
    await expect.poll(async () => (await get(`/res.php?key=${c.apiKey}&action=get&id=${id}`)).body).toBe('OK|abc12');
    const v2 = (await post('/getTaskResult', { clientKey: c.apiKey, taskId: id })).json();
    expect(v2).toMatchObject({ errorId: 0, status: 'ready', solution: { text: 'abc12' }, solveCount: 3 });
    expect(Number(v2.cost) * 1_000_000).toBeCloseTo(rate * 3);

    // Money: one charge of 4 × rate, one refund of the unused answer; one earning per agreeing worker.
    expect(await balanceOf(c.id)).toBe(1_000_000 - rate * 3);
    expect(await entries(id)).toEqual([
      { user: c.id, kind: 'charge', amount: -rate * 4 },
      { user: c.id, kind: 'refund', amount: rate },
      { user: a.id, kind: 'earning', amount: reward },
      { user: d.id, kind: 'earning', amount: reward },
    ]);
    expect([await balanceOf(a.id), await balanceOf(b.id), await balanceOf(d.id)]).toEqual([reward, 0, reward]);
    expect(await outcomes(id)).toEqual({ [a.id]: 'accepted', [b.id]: 'outvoted', [d.id]: 'accepted' });
    // The outvoted answer is on the worker's mistakes list with the agreed answer.
    expect(await listMistakes(ctx(), b.id)).toEqual([{ taskId: id, type: 'normal', at: expect.any(String), answer: { kind: 'text', text: 'zzz99' }, correct: { kind: 'text', text: 'abc12' } }]);
    expect(await listMistakes(ctx(), a.id)).toEqual([]);
    await expectLedgerExact(c.id, a.id, b.id, d.id);

    // Complaints are off in this mode; a "good" report is still taken.
    expect((await get(`/res.php?key=${c.apiKey}&action=reportbad&id=${id}`)).body).toBe('ERROR_REPORT_NOT_RECORDED');
    expect((await post('/reportIncorrect', { clientKey: c.apiKey, taskId: id })).json()).toMatchObject({ errorId: 140, errorCode: 'ERROR_REPORT_NOT_RECORDED' });
    expect(await balanceOf(c.id)).toBe(1_000_000 - rate * 3);
    expect((await get(`/res.php?key=${c.apiKey}&action=reportgood&id=${id}`)).body).toBe('OK_REPORT_RECORDED');
    await expectLedgerExact(c.id, a.id, b.id, d.id);
  });

  it('honours regsense: answers differing in case do not agree', async () => {
    const c = await consensusCustomer({ minAttempts: 2, maxAttempts: 2, minMatches: 2 }, 'pl');
    const id = await submitV1(c.apiKey, { regsense: '1' });
    const [a, b] = [await worker('pl'), await worker('pl')];
    await answer(a, id, 'AbC');
    await answer(b, id, 'abc');
    expect(await taskRow(id)).toMatchObject({ state: 'unsolvable', failure: 'ERROR_BAD_DUPLICATES' });
    await expectLedgerExact(c.id, a.id, b.id);
  });

  it('no agreement after maxAttempts answers: ERROR_BAD_DUPLICATES everywhere, refunded in full, nobody paid', async () => {
    const c = await consensusCustomer({ minAttempts: 2, maxAttempts: 3, minMatches: 2 }, 'ja');
    const id = await submitV1(c.apiKey);
    const [a, b, d] = [await worker('ja'), await worker('ja'), await worker('ja')];
    await answer(a, id, 'one');
    await answer(b, id, 'two');
    expect((await taskRow(id)).state).toBe('queued'); // a third answer could still agree
    await answer(d, id, 'three');

    expect(await taskRow(id)).toMatchObject({ state: 'unsolvable', failure: 'ERROR_BAD_DUPLICATES', attempts: 3 });
    expect(await balanceOf(c.id)).toBe(1_000_000);
    const charged = Number((await taskRow(id)).price);
    expect(await entries(id)).toEqual([
      { user: c.id, kind: 'charge', amount: -charged },
      { user: c.id, kind: 'refund', amount: charged },
    ]);
    expect(await outcomes(id)).toEqual({ [a.id]: 'unmatched', [b.id]: 'unmatched', [d.id]: 'unmatched' });
    expect(await listMistakes(ctx(), a.id)).toEqual([]);
    await expectLedgerExact(c.id, a.id, b.id, d.id);

    // The protocol's answers (api-protocol.md §3.2, §3.4: v2 id 13).
    expect((await get(`/res.php?key=${c.apiKey}&action=get&id=${id}`)).body).toBe('ERROR_BAD_DUPLICATES');
    expect((await get(`/res.php?key=${c.apiKey}&action=get&id=${id}&json=1`)).json()).toEqual({
      status: 0,
      request: 'ERROR_BAD_DUPLICATES',
      error_text: 'Not enough matching answers for 100% recognition.',
    });
    expect((await get(`/res.php?key=${c.apiKey}&action=get&ids=${id}`)).body).toBe('ERROR_BAD_DUPLICATES');
    expect((await post('/getTaskResult', { clientKey: c.apiKey, taskId: id })).json()).toEqual({
      errorId: 13,
      errorCode: 'ERROR_BAD_DUPLICATES',
      errorDescription: 'Not enough matching answers for 100% recognition.',
    });
  });

  it('ends as soon as agreement has become impossible', async () => {
    const c = await consensusCustomer({ minAttempts: 3, maxAttempts: 3, minMatches: 3 }, 'ko');
    const id = await submitV1(c.apiKey);
    const [a, b] = [await worker('ko'), await worker('ko')];
    await answer(a, id, 'one');
    await answer(b, id, 'two');
    expect(await taskRow(id)).toMatchObject({ state: 'unsolvable', failure: 'ERROR_BAD_DUPLICATES', attempts: 2 });
    expect(await balanceOf(c.id)).toBe(1_000_000);
    await expectLedgerExact(c.id, a.id, b.id);
  });

  it('skips and lapsed leases do not count as answers; the lifetime ends it ERROR_CAPTCHA_UNSOLVABLE, refunded', async () => {
    const c = await consensusCustomer({ minAttempts: 2, maxAttempts: 3, minMatches: 2 }, 'tr');
    const id = await submitV1(c.apiKey);
    const [a, b, d] = [await worker('tr'), await worker('tr'), await worker('tr')];
    await answer(a, id, 'same');
    await take(b, id);
    await skipTask(ctx(), b.id, id, 'skipped');
    await take(d, id);
    await t.database.db.execute(sql`update tasks set lease_expires_at = now() - interval '1 second' where id = ${id}`);
    expect(await sweepTasks(ctx())).toMatchObject({ requeued: 1 });
    expect(await taskRow(id)).toMatchObject({ state: 'queued', attempts: 3 });
    const e = await worker('tr');
    await answer(e, id, 'SAME');
    const row = await taskRow(id);
    expect(row).toMatchObject({ state: 'solved', attempts: 4, answer: { kind: 'text', text: 'same' } });
    const rate = (Number(row.price) / 2);
    expect(await balanceOf(c.id)).toBe(1_000_000 - rate * 2);
    expect(await outcomes(id)).toEqual({ [a.id]: 'accepted', [b.id]: 'skipped', [d.id]: 'expired', [e.id]: 'accepted' });
    await expectLedgerExact(c.id, a.id, b.id, d.id, e.id);

    // Another task past its lifetime with one answer in: unsolvable, the answer unmatched, all refunded.
    const other = await submitV1(c.apiKey);
    const f = await worker('tr');
    await answer(f, other, 'lonely');
    await t.database.db.execute(sql`update tasks set expires_at = now() - interval '1 second' where id = ${other}`);
    await sweepTasks(ctx());
    expect(await taskRow(other)).toMatchObject({ state: 'unsolvable', failure: 'ERROR_CAPTCHA_UNSOLVABLE' });
    expect(await outcomes(other)).toEqual({ [f.id]: 'unmatched' });
    expect((await get(`/res.php?key=${c.apiKey}&action=get&id=${other}`)).body).toBe('ERROR_CAPTCHA_UNSOLVABLE');
    expect(await balanceOf(c.id)).toBe(1_000_000 - rate * 2);
    await expectLedgerExact(c.id, f.id);
  });

  it('a trusted worker is just a worker here', async () => {
    const c = await consensusCustomer({ minAttempts: 1, maxAttempts: 2, minMatches: 1 }, 'th');
    const id = await submitV1(c.apiKey);
    const a = await worker('th');
    await setWorkerTrusted(ctx(), a.id, true);
    await answer(a, id, 'fast');
    // minMatches 1, minAttempts 1: the first answer decides; the second answer is refunded.
    const row = await taskRow(id);
    expect(row).toMatchObject({ state: 'solved', answer: { kind: 'text', text: 'fast' } });
    expect(await balanceOf(c.id)).toBe(1_000_000 - Number(row.price));
    await expectLedgerExact(c.id, a.id);
  });
});
