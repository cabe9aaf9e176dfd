import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComplaintRow, GraphData, ImpossibleRow, LogPage, NotCaptchaRow, PingbackRow, UploadRow } from '#shared/contracts/customer-logs.ts';
import { answerTask, claimTask, skipTask, sweepTasks } from '#server/modules/tasks/tasks.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

let t: TestApp;
const png = makePng();
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => (await exec(query)).rows as T[];

type Actor = { id: number; apiKey: string; cookie: string };
let alice: Actor; // the customer whose pages are checked
let bob: Actor; // another customer: none of his rows may show up for Alice
let worker: number;
let worker2: number;

async function customer(balance = '1.00'): Promise<Actor> {
  const u = await buildUser(t, { balance });
  return { id: u.id, apiKey: u.apiKey, cookie: await sessionCookieFor(t, u.id) };
}

const get = (who: Actor | null, url: string) => t.app.inject({ method: 'GET', url, headers: browserHeaders(t, who?.cookie) });
const send = (who: Actor, method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: browserHeaders(t, who.cookie), ...(payload === undefined ? {} : { payload }) });

async function list<T>(who: Actor, path: string): Promise<LogPage<T>> {
  const res = await get(who, path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LogPage<T>;
}

/** Submits an image task through /testcaptcha (the site route) and returns its id. */
async function submitImage(who: Actor, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await send(who, 'POST', '/api/v2/customer/testcaptcha', { kind: 'image', image: png.toString('base64'), ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
}

/** The worker takes the oldest queued task, which must be `id`. */
async function claim(workerId: number, id: number) {
  const task = await claimTask(ctx(), { id: workerId, languages: ['en'] });
  expect(task?.id).toBe(id);
}

async function solve(who: Actor, text: string): Promise<number> {
  const id = await submitImage(who);
  await claim(worker, id);
  await answerTask(ctx(), worker, id, { kind: 'text', text });
  return id;
}

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  [alice, bob] = await Promise.all([customer(), customer()]);
  const [w1, w2] = await Promise.all([buildUser(t, { userType: 'worker' }), buildUser(t, { userType: 'worker' })]);
  worker = w1.id;
  worker2 = w2.id;
  await markTrainingPassed(ctx(), worker);
  await markTrainingPassed(ctx(), worker2);
});
afterAll(() => t.close());

describe('/testcaptcha submissions', () => {
  it('submits an image task through the same service as the API: charged, queued, api_version site', async () => {
    const before = Number((await q<{ balance: number }>(sql`select balance from users where id = ${alice.id}`))[0]!.balance);
    const res = await send(alice, 'POST', '/api/v2/customer/testcaptcha', { kind: 'image', image: `data:image/png;base64,${png.toString('base64')}`, numeric: 1, minLength: 3, maxLength: 5, language: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const { id, price } = res.json() as { id: number; price: string };
    expect(price).toBe('0.0005');
    const [row] = await q<{ api_version: string; state: string; payload: { params: Record<string, unknown> }; language: string; price: number }>(
      sql`select api_version, state, payload, language, price from tasks where id = ${id}`,
    );
    expect(row).toMatchObject({ api_version: 'site', state: 'queued', language: 'en' });
    expect(row!.payload.params).toMatchObject({ numeric: 1, minLength: 3, maxLength: 5 });
    const after = Number((await q<{ balance: number }>(sql`select balance from users where id = ${alice.id}`))[0]!.balance);
    expect(before - after).toBe(500);

    // The page watches it through GET /tasks/:id; the worker answers and the answer shows.
    const watched = (await get(alice, `/api/v2/customer/tasks/${id}`)).json() as UploadRow;
    expect(watched).toMatchObject({ id, state: 'queued', answer: null, price: '0.0005', hasImage: true });
    await claim(worker, id);
    await answerTask(ctx(), worker, id, { kind: 'text', text: '123' });
    const done = (await get(alice, `/api/v2/customer/tasks/${id}`)).json() as UploadRow;
    expect(done).toMatchObject({ id, state: 'solved', answer: '123', notReportable: null });
    expect(done.solveMs).toBeGreaterThanOrEqual(0);
    // Someone else's task id is simply not found.
    expect((await get(bob, `/api/v2/customer/tasks/${id}`)).statusCode).toBe(404);
  });

  it('submits a token task with its site key and page URL', async () => {
    const res = await send(alice, 'POST', '/api/v2/customer/testcaptcha', { kind: 'token', type: 'turnstile', websiteURL: 'https://example.com/login', websiteKey: '0x4AAAAAAAB', action: 'login' });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: number };
    const [row] = await q<{ type: string; kind: string; payload: { params: Record<string, unknown> } }>(sql`select type, kind, payload from tasks where id = ${id}`);
    expect(row).toMatchObject({ type: 'turnstile', kind: 'token' });
    expect(row!.payload.params).toMatchObject({ websiteURL: 'https://example.com/login', websiteKey: '0x4AAAAAAAB', action: 'login' });
    const shown = (await get(alice, `/api/v2/customer/tasks/${id}`)).json() as UploadRow;
    expect(shown).toMatchObject({ kind: 'token', pageUrl: 'https://example.com/login', hasImage: false });
    // Out of the way of the other tests' claims.
    await exec(sql`update tasks set state = 'unsolvable', ended_at = now() where id = ${id}`);
  });

  it('refuses what the API refuses, with the protocol code, and charges nothing', async () => {
    const notImage = await send(alice, 'POST', '/api/v2/customer/testcaptcha', { kind: 'image', image: Buffer.from('x'.repeat(300)).toString('base64') });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', details: [{ path: '/image', code: 'ERROR_IMAGE_TYPE_NOT_SUPPORTED' }] } });
    const badLengths = await send(alice, 'POST', '/api/v2/customer/testcaptcha', { kind: 'image', image: png.toString('base64'), minLength: 6, maxLength: 2 });
    expect(badLengths.statusCode).toBe(400);
    expect(badLengths.json()).toMatchObject({ error: { details: [{ code: 'ERROR_BAD_PARAMETERS' }] } });
    const badType = await send(alice, 'POST', '/api/v2/customer/testcaptcha', { kind: 'token', type: 'nope', websiteURL: 'https://a.example', websiteKey: 'k' });
    expect(badType.statusCode).toBe(400);
    const poor = await customer('0.0001');
    const broke = await send(poor, 'POST', '/api/v2/customer/testcaptcha', { kind: 'image', image: png.toString('base64') });
    expect(broke.statusCode).toBe(409);
    expect(broke.json()).toMatchObject({ error: { code: 'INSUFFICIENT_FUNDS' } });
    expect((await q(sql`select id from tasks where customer_id = ${poor.id}`)).length).toBe(0);
  });

  it('needs the CSRF pair', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v2/customer/testcaptcha', headers: { cookie: alice.cookie }, payload: { kind: 'image', image: 'x' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('customer logs', () => {
  const seeded: Record<string, number> = {};

  beforeAll(async () => {
    // Alice: solved, reported (three outcomes), unsolvable twice (lifetime, attempts), flagged, with pingbacks.
    seeded.solved = await solve(alice, 'abc');
    seeded.upheld = await solve(alice, 'wrong');
    seeded.pending = await solve(alice, 'maybe');
    seeded.rejected = await solve(alice, 'right');
    seeded.good = await solve(alice, 'fine');
    await exec(sql`update tasks set report = 'bad', report_outcome = 'upheld', reported_at = now() where id = ${seeded.upheld}`);
    await exec(sql`insert into ledger_entries (user_id, amount, kind, reason, task_id) values (${alice.id}, 500, 'refund', 'upheld report', ${seeded.upheld})`);
    await exec(sql`update users set balance = balance + 500 where id = ${alice.id}`);
    await exec(sql`update tasks set report = 'bad', report_outcome = 'pending', reported_at = now() where id = ${seeded.pending}`);
    await exec(sql`update tasks set report = 'bad', report_outcome = 'rejected', reported_at = now() where id = ${seeded.rejected}`);
    await exec(sql`update tasks set report = 'good', reported_at = now() where id = ${seeded.good}`);

    seeded.expired = await submitImage(alice);
    await exec(sql`update tasks set expires_at = now() - interval '1 second' where id = ${seeded.expired}`);
    await sweepTasks(ctx());

    // Flagged "not a captcha" by two workers, then a third try runs out of attempts.
    seeded.flagged = await submitImage(alice);
    await claim(worker, seeded.flagged);
    await skipTask(ctx(), worker, seeded.flagged, 'not_captcha');
    await claim(worker2, seeded.flagged);
    await skipTask(ctx(), worker2, seeded.flagged, 'not_captcha');
    const w3 = (await buildUser(t, { userType: 'worker' })).id;
    await markTrainingPassed(ctx(), w3);
    await claim(w3, seeded.flagged);
    await skipTask(ctx(), w3, seeded.flagged, 'skipped');

    // 100% mode and a verification re-solve (never listed).
    seeded.consensus = await solve(alice, 'agreed');
    await exec(sql`update tasks set consensus = ${JSON.stringify({ minAttempts: 2, maxAttempts: 3, minMatches: 2 })}::jsonb where id = ${seeded.consensus}`);
    seeded.verification = await solve(alice, 'check');
    await exec(sql`update tasks set verifies_task_id = ${seeded.upheld}, state = 'unsolvable', report = 'bad', report_outcome = 'pending' where id = ${seeded.verification}`);
    await exec(sql`insert into task_attempts (task_id, worker_id, outcome) values (${seeded.verification}, ${worker}, 'not_captcha')`);

    // Old ones: outside the report window, and outside the six hours.
    seeded.late = await solve(alice, 'late');
    await exec(sql`update tasks set created_at = now() - interval '20 minutes' where id = ${seeded.late}`);
    seeded.old = await solve(alice, 'old');
    await exec(sql`update tasks set created_at = now() - interval '7 hours' where id = ${seeded.old}`);

    // Pingbacks of Alice's tasks in each state.
    await exec(sql`insert into pingbacks (task_id, url, body, attempts, delivered_at) values (${seeded.solved}, 'https://hooks.example/ok', 'id=1&code=abc', 1, now())`);
    await exec(sql`insert into pingbacks (task_id, url, body, attempts, last_error, next_attempt_at) values (${seeded.upheld}, 'https://hooks.example/retry', 'id=2&code=x', 2, 'HTTP 500', now() + interval '30 seconds')`);
    await exec(sql`insert into pingbacks (task_id, url, body, attempts, last_error) values (${seeded.pending}, 'https://hooks.example/dead', 'id=3&code=x', 8, 'connect ECONNREFUSED')`);
    await exec(sql`insert into pingbacks (task_id, url, body) values (${seeded.verification}, 'https://hooks.example/verification', 'id=4&code=x')`);

    await exec(sql`insert into api_errors (user_id, ip, code, summary) values (${alice.id}, '::ffff:203.0.113.5', 'ERROR_WRONG_CAPTCHA_ID', 'GET /res.php action=get id')`);
    await exec(sql`insert into api_errors (user_id, ip, code, summary) values (${alice.id}, '198.51.100.7', 'ERROR_ZERO_BALANCE', 'POST /in.php method=post file')`);

    // Bob has rows of every kind too.
    const bobSolved = await solve(bob, 'bob');
    await exec(sql`update tasks set report = 'bad', report_outcome = 'upheld', reported_at = now() where id = ${bobSolved}`);
    await exec(sql`insert into pingbacks (task_id, url, body) values (${bobSolved}, 'https://bob.example/hook', 'id=5&code=x')`);
    await exec(sql`insert into api_errors (user_id, ip, code, summary) values (${bob.id}, '192.0.2.1', 'ERROR_KEY_DOES_NOT_EXIST', 'POST /in.php')`);
    const bobFlagged = await submitImage(bob);
    await claim(worker, bobFlagged);
    await skipTask(ctx(), worker, bobFlagged, 'not_captcha');
    await exec(sql`update tasks set state = 'unsolvable', ended_at = now() where id = ${bobFlagged}`);
    seeded.bobSolved = bobSolved;
    seeded.bobFlagged = bobFlagged;
  });

  it('/setting/impossible_captchas: the unsolvable tasks with why and the refund', async () => {
    const page = await list<ImpossibleRow>(alice, '/api/v2/customer/impossible-captchas');
    const ids = page.records.map((r) => r.id);
    expect(ids.slice(0, 2)).toEqual([seeded.flagged, seeded.expired]);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const byId = Object.fromEntries(page.records.map((r) => [r.id, r]));
    expect(byId[seeded.expired!]).toMatchObject({ type: 'normal', kind: 'image', reason: 'lifetime', attempts: 0, maxAttempts: 3, failure: 'ERROR_CAPTCHA_UNSOLVABLE', refunded: '0.0005', hasImage: true });
    expect(byId[seeded.flagged!]).toMatchObject({ reason: 'attempts', attempts: 3, refunded: '0.0005' });
    expect(ids).not.toContain(seeded.verification);
    expect(ids).not.toContain(seeded.bobFlagged);
    expect(page.timezone).toBe('UTC');
  });

  it('/setting/complaints: each report with its outcome and the refund when upheld', async () => {
    const page = await list<ComplaintRow>(alice, '/api/v2/customer/complaints');
    expect(page.records.map((r) => [r.id, r.report, r.outcome, r.refund, r.answer])).toEqual([
      [seeded.good, 'good', null, null, 'fine'],
      [seeded.rejected, 'bad', 'rejected', null, 'right'],
      [seeded.pending, 'bad', 'pending', null, 'maybe'],
      [seeded.upheld, 'bad', 'upheld', '0.0005', 'wrong'],
    ]);
    expect(page.records[0]).toMatchObject({ type: 'normal', price: '0.0005', hasImage: true });
    expect(page.nextCursor).toBeNull();
  });

  it('/setting/not_captcha: flagged images, removable once, own only', async () => {
    const page = await list<NotCaptchaRow>(alice, '/api/v2/customer/not-captcha');
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({ id: seeded.flagged, flags: 2, state: 'unsolvable', hasImage: true });
    // Bob cannot remove Alice's row, and removing needs the CSRF pair.
    expect((await send(bob, 'DELETE', `/api/v2/customer/not-captcha/${seeded.flagged}`)).statusCode).toBe(404);
    const noCsrf = await t.app.inject({ method: 'DELETE', url: `/api/v2/customer/not-captcha/${seeded.flagged}`, headers: { cookie: alice.cookie } });
    expect(noCsrf.statusCode).toBe(403);
    // A task that was never flagged is not on the list either.
    expect((await send(alice, 'DELETE', `/api/v2/customer/not-captcha/${seeded.solved}`)).statusCode).toBe(404);
    const removed = await send(alice, 'DELETE', `/api/v2/customer/not-captcha/${seeded.flagged}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await list<NotCaptchaRow>(alice, '/api/v2/customer/not-captcha')).records).toEqual([]);
    expect((await send(alice, 'DELETE', `/api/v2/customer/not-captcha/${seeded.flagged}`)).statusCode).toBe(404);
    // Bob's own flagged task is still his.
    expect((await list<NotCaptchaRow>(bob, '/api/v2/customer/not-captcha')).records.map((r) => r.id)).toEqual([seeded.bobFlagged]);
  });

  it('/setting/pingback_log: deliveries, retries and failures', async () => {
    const page = await list<PingbackRow>(alice, '/api/v2/customer/pingbacks');
    expect(page.records.map((r) => [r.taskId, r.url, r.status, r.attempts, r.lastError])).toEqual([
      [seeded.pending, 'https://hooks.example/dead', 'failed', 8, 'unreachable'],
      [seeded.upheld, 'https://hooks.example/retry', 'retrying', 2, 'HTTP 500'],
      [seeded.solved, 'https://hooks.example/ok', 'delivered', 1, null],
    ]);
    expect(page.records[0]!.nextAttemptAt).toBeNull();
    expect(page.records[1]!.nextAttemptAt).not.toBeNull();
    expect(page.records[2]!.deliveredAt).not.toBeNull();
    expect(page.records[0]!.maxAttempts).toBe(8);
  });

  it('/setting/errors: the account API errors, newest first', async () => {
    const page = await list<{ ip: string; code: string; summary: string }>(alice, '/api/v2/customer/api-errors');
    expect(page.records.map((r) => [r.code, r.ip, r.summary])).toEqual([
      ['ERROR_ZERO_BALANCE', '198.51.100.7', 'POST /in.php method=post file'],
      ['ERROR_WRONG_CAPTCHA_ID', '203.0.113.5', 'GET /res.php action=get id'],
    ]);
  });

  it('pages by keyset: every row once, in order', async () => {
    const all = (await list<ComplaintRow>(alice, '/api/v2/customer/complaints')).records.map((r) => r.id);
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const page: LogPage<ComplaintRow> = await list<ComplaintRow>(alice, `/api/v2/customer/complaints?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.records.length).toBeLessThanOrEqual(3);
      seen.push(...page.records.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(all);
    expect((await get(alice, '/api/v2/customer/complaints?limit=0')).statusCode).toBe(400);
    expect((await get(alice, '/api/v2/customer/complaints?cursor=abc')).statusCode).toBe(400);
  });

  it('/statistics/uploads: the last six hours with what can be reported and why not', async () => {
    const page = await list<UploadRow>(alice, '/api/v2/customer/uploads');
    const byId = Object.fromEntries(page.records.map((r) => [r.id, r]));
    expect(byId[seeded.old!]).toBeUndefined();
    expect(byId[seeded.verification!]).toBeUndefined();
    expect(page.records.every((r) => r.id !== seeded.bobSolved)).toBe(true);
    expect(byId[seeded.solved!]).toMatchObject({ state: 'solved', answer: 'abc', price: '0.0005', notReportable: null, report: null, consensus: false });
    expect(byId[seeded.consensus!]).toMatchObject({ consensus: true, notReportable: 'consensus' });
    expect(byId[seeded.late!]).toMatchObject({ notReportable: 'window' });
    expect(byId[seeded.expired!]).toMatchObject({ state: 'unsolvable', answer: null, notReportable: 'not_solved' });
    expect(byId[seeded.upheld!]).toMatchObject({ report: 'bad', reportOutcome: 'upheld', refund: '0.0005', notReportable: 'reported' });
    expect(byId[seeded.pending!]).toMatchObject({ reportOutcome: 'pending', refund: null });
    expect(byId[seeded.good!]).toMatchObject({ report: 'good', reportOutcome: null, notReportable: 'reported' });
    expect(page.records.map((r) => r.id)).toEqual([...page.records.map((r) => r.id)].sort((a, b) => b - a));
  });

  it('"report incorrect" goes through the reports service; the outcome and refund show on the row', async () => {
    const id = await solve(alice, 'typo');
    const balance = async () => Number((await q<{ balance: number }>(sql`select balance from users where id = ${alice.id}`))[0]!.balance);
    const before = await balance();
    expect((await send(bob, 'POST', `/api/v2/customer/uploads/${id}/report`)).statusCode).toBe(404);
    const res = await send(alice, 'POST', `/api/v2/customer/uploads/${id}/report`);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json() as UploadRow;
    const [db] = await q<{ report: string; report_outcome: string }>(sql`select report, report_outcome from tasks where id = ${id}`);
    expect(db!.report).toBe('bad');
    expect(row).toMatchObject({ id, report: 'bad', reportOutcome: db!.report_outcome, notReportable: 'reported' });
    // Upheld at once (automatic) or pending a trusted worker's re-solve: the refund follows the outcome.
    if (db!.report_outcome === 'upheld') {
      expect(row.refund).toBe('0.0005');
      expect((await balance()) - before).toBe(500);
    } else {
      expect(row.refund).toBeNull();
      expect(await balance()).toBe(before);
    }
    const again = await send(alice, 'POST', `/api/v2/customer/uploads/${id}/report`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'CONFLICT', details: { reason: 'reported' } } });
    for (const [task, reason] of [[seeded.consensus, 'consensus'], [seeded.late, 'window'], [seeded.expired, 'not_solved']] as const) {
      const refused = await send(alice, 'POST', `/api/v2/customer/uploads/${task}/report`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { details: { reason } } });
    }
  });

  it('serves a task image to its owner only, typed by its bytes and never cached', async () => {
    const own = await get(alice, `/api/v2/customer/tasks/${seeded.solved}/image`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['content-security-policy']).toContain("default-src 'none'");
    expect(own.rawPayload.equals(png)).toBe(true);
    expect((await get(bob, `/api/v2/customer/tasks/${seeded.solved}/image`)).statusCode).toBe(404);
    expect((await get(null, `/api/v2/customer/tasks/${seeded.solved}/image`)).statusCode).toBe(401);
    expect((await get(alice, `/api/v2/customer/tasks/${seeded.verification}/image`)).statusCode).toBe(404);
    expect((await get(alice, '/api/v2/customer/tasks/999999999999/image')).statusCode).toBe(404);
  });
});

describe('/statistics/graph_captures', () => {
  it('groups by local hour and day in the account time zone, exactly', async () => {
    const carol = await customer('1.00');
    await exec(sql`update users set timezone = 'Asia/Tokyo' where id = ${carol.id}`);
    const a = await solve(carol, 'one');
    const b = await solve(carol, 'two');
    const c = await submitImage(carol);
    await exec(sql`update tasks set expires_at = now() - interval '1 second' where id = ${c}`);
    await sweepTasks(ctx());
    const tok = await send(carol, 'POST', '/api/v2/customer/testcaptcha', { kind: 'token', type: 'recaptcha_v2', websiteURL: 'https://example.com', websiteKey: '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-' });
    const d = (tok.json() as { id: number }).id;
    await exec(sql`update tasks set state = 'unsolvable', ended_at = now() where id = ${d}`);
    // 2025-03-01 23:30 UTC is 2025-03-02 08:30 in Tokyo; 2025-03-02 16:10 UTC is 2025-03-03 01:10.
    await exec(sql`update tasks set created_at = '2025-03-01T23:30:00Z', ended_at = '2025-03-01T23:30:12Z' where id = ${a}`);
    await exec(sql`update tasks set created_at = '2025-03-01T23:40:00Z', ended_at = '2025-03-01T23:40:20Z' where id = ${b}`);
    await exec(sql`update tasks set created_at = '2025-03-02T16:10:00Z', ended_at = '2025-03-02T16:11:30Z' where id = ${c}`);
    await exec(sql`update tasks set created_at = '2025-03-02T16:20:00Z' where id = ${d}`);

    const byDay = await get(carol, '/api/v2/customer/graph?from=2025-03-01&to=2025-03-03&step=day');
    expect(byDay.statusCode, byDay.body).toBe(200);
    const day = byDay.json() as GraphData;
    expect(day.timezone).toBe('Asia/Tokyo');
    expect(day.points).toEqual([
      { bucket: '2025-03-02T00:00', type: 'normal', submitted: 2, solved: 2, unsolvable: 0, spend: '0.001', avgSolveMs: 16_000 },
      { bucket: '2025-03-03T00:00', type: 'normal', submitted: 1, solved: 0, unsolvable: 1, spend: '0.00', avgSolveMs: null },
      { bucket: '2025-03-03T00:00', type: 'recaptcha_v2', submitted: 1, solved: 0, unsolvable: 1, spend: expect.any(String), avgSolveMs: null },
    ]);
    expect(day.totals[0]).toEqual({ type: 'normal', submitted: 3, solved: 2, unsolvable: 1, spend: '0.001', avgSolveMs: 16_000 });

    const byHour = (await get(carol, '/api/v2/customer/graph?from=2025-03-02&to=2025-03-02&step=hour')).json() as GraphData;
    expect(byHour.points).toEqual([{ bucket: '2025-03-02T08:00', type: 'normal', submitted: 2, solved: 2, unsolvable: 0, spend: '0.001', avgSolveMs: 16_000 }]);
    // Nobody else's tasks count.
    expect(((await get(alice, '/api/v2/customer/graph?from=2025-03-01&to=2025-03-03')).json() as GraphData).points).toEqual([]);
  });

  it('refuses reversed or too long ranges', async () => {
    expect((await get(alice, '/api/v2/customer/graph?from=2025-03-05&to=2025-03-01')).statusCode).toBe(400);
    expect((await get(alice, '/api/v2/customer/graph?from=2025-03-01&to=2025-03-09&step=hour')).statusCode).toBe(400);
    expect((await get(alice, '/api/v2/customer/graph?from=2025-01-01&to=2025-06-01&step=day')).statusCode).toBe(400);
    expect((await get(alice, '/api/v2/customer/graph?from=yesterday&to=2025-03-01')).statusCode).toBe(400);
  });

  it('falls back to UTC for a time zone nobody knows', async () => {
    const dave = await customer('1.00');
    await exec(sql`update users set timezone = 'Mars/Olympus' where id = ${dave.id}`);
    const res = await get(dave, '/api/v2/customer/graph?from=2025-03-01&to=2025-03-01');
    expect(res.statusCode).toBe(200);
    expect((res.json() as GraphData).timezone).toBe('UTC');
  });
});
