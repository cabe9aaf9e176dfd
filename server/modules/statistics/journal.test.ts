/**
 * The incremental roll-up (the tasks journal of migration 0011 applied to stats_hourly) against
 * the full recomputation from tasks: tasks in every state, several hours and types, ended through
 * the real paths (group-committed submissions, answers, the sweeper, skips, consensus votes, a
 * report judged by a re-solve, sandbox), roll-ups after every step. After each roll-up stats_hourly
 * must equal the recomputation row by row, the journal must be empty, and a second roll-up must
 * change nothing. On PostgreSQL, rows committed while a roll-up runs are applied by the next one.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { setWorkerTrusted } from '#server/modules/workers/moderation.service.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, heard, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { upsertApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { answerTask, claimTask, skipTask, sweepTasks } from '#server/modules/tasks/tasks.service.ts';
import { applyJournal, readStatsHourly, recomputeStats, ROLLUP_LOCK } from './statistics.repo.ts';
import { rollUpStatistics } from './statistics.service.ts';

let t: TestApp;
const png = makePng().toString('base64');
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const get = (url: string) => t.app.inject({ method: 'GET', url });
const journalRows = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from stats_journal`))[0]!.n);

async function worker(opts: { trusted?: boolean } = {}) {
  const w = await buildUser(t, { userType: 'worker' });
  await markTrainingPassed(ctx(), w.id);
  if (opts.trusted) await setWorkerTrusted(ctx(), w.id, true);
  return { ...w, languages: ['en'] };
}
type Worker = Awaited<ReturnType<typeof worker>>;
async function take(w: Worker, id: number, opts: { sandbox?: boolean } = {}) {
  const task = await claimTask(ctx(), { id: w.id, languages: w.languages }, opts);
  expect(task?.id, `worker ${w.id} is offered task ${id}`).toBe(id);
}
const text = (s: string) => ({ kind: 'text', text: s });
const TOKEN = { kind: 'token', token: '03AFcWeA6q-journal_TOKEN.8xZ2yLm4Qp7Rk1Vw9Ns3Jd5Hf0Gt6Bc' };
const submitImage = async (key: string) => {
  const res = await post('/in.php', { key, method: 'base64', body: png });
  expect(res.body).toMatch(/^OK\|\d+$/);
  return Number(res.body.slice(3));
};
const submitToken = async (key: string) => {
  const res = await post('/in.php', { key, method: 'userrecaptcha', googlekey: '6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-', pageurl: 'https://example.com/login' });
  expect(res.body).toMatch(/^OK\|\d+$/);
  return Number(res.body.slice(3));
};
const stateOf = async (id: number) => (await q<{ state: string; failure: string | null }>(sql`select state, failure from tasks where id = ${id}`))[0]!;

/** A roll-up, then the checks every roll-up must pass. */
async function rollUpAndCompare(db: Db = t.database.db) {
  expect(await rollUpStatistics({ db })).toBe(true);
  const rolled = await readStatsHourly(db);
  expect(rolled, 'stats_hourly equals the full recomputation').toEqual(await recomputeStats(db));
  expect(await journalRows()).toBe(0);
  expect(await rollUpStatistics({ db })).toBe(true);
  expect(await readStatsHourly(db), 'a second roll-up changes nothing').toEqual(rolled);
  return rolled;
}

let customer: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  customer = await buildUser(t, { balance: '5.00' });
});
afterAll(() => t.close());

describe('incremental roll-up', () => {
  it('starts with a backfill from tasks when stats_hourly is empty, then applies only the journal', async () => {
    // History written straight into tasks (as an import would): several hours and types, every
    // state, plus sandbox and verification tasks the statistics leave out. One statement journals
    // them. Language 'zz': no worker here is offered the open ones.
    await t.database.db.execute(sql`
      insert into tasks (customer_id, type, kind, language, state, payload, price, reward, api_version, source_ip, max_attempts, expires_at, created_at, assigned_at, ended_at, sandbox, verifies_task_id)
      select ${customer.id}, (array['normal', 'recaptcha_v2', 'hcaptcha'])[1 + i % 3], 'image', 'zz',
        (array['solved', 'solved', 'unsolvable', 'queued', 'assigned'])[1 + i % 5],
        '{}'::jsonb, 300 + i * 7, 180 + i * 4, 'v1', '127.0.0.1', 3, c + interval '1 hour', c,
        case when i % 5 in (0, 1, 4) and i % 7 <> 0 then c + (i % 11) * interval '1 second' end,
        case when i % 5 < 3 then c + (i % 13) * interval '7 minutes' + interval '123 milliseconds' end,
        i % 17 = 0, case when i % 19 = 0 then 1 end
      from generate_series(1, 240) i, lateral (select timestamptz '2025-02-01T00:00:00Z' + i * interval '11 minutes 7 seconds' as c) c`);
    expect(await journalRows()).toBeGreaterThan(10);
    expect(await readStatsHourly(t.database.db)).toEqual([]);
    const rolled = await rollUpAndCompare();
    expect(new Set(rolled.map((r) => r.hour)).size).toBeGreaterThan(30);
    expect(new Set(rolled.map((r) => r.type))).toEqual(new Set(['normal', 'recaptcha_v2', 'hcaptcha']));

    // More history after the backfill: now the journal carries it.
    await t.database.db.execute(sql`
      insert into tasks (customer_id, type, kind, state, payload, price, reward, api_version, source_ip, max_attempts, expires_at, created_at, assigned_at, ended_at)
      values (${customer.id}, 'normal', 'image', 'solved', '{}'::jsonb, 999, 555, 'v1', '127.0.0.1', 3, now(), '2025-02-01T03:59:59.9996Z', '2025-02-01T04:00:00Z', '2025-02-01T04:00:03.0004Z'),
        (${customer.id}, 'turnstile', 'token', 'unsolvable', '{}'::jsonb, 1000, 600, 'v1', '127.0.0.1', 3, now(), '2025-02-03T10:00:00Z', null, '2025-02-03T11:00:00Z')`);
    expect(await journalRows()).toBeGreaterThan(0);
    const after = await rollUpAndCompare();
    expect(after.find((r) => r.type === 'turnstile')).toMatchObject({ hour: '2025-02-03T10:00:00.000Z', submitted: 1, unsolvable: 0 });
  });

  it('counts every task of the real paths once: submissions, answers, the sweeper, skips, consensus, reports, sandbox', async () => {
    const [w1, w2, w3] = [await worker(), await worker(), await worker()];
    const trusted = await worker({ trusted: true });

    // 100 % recognition: two agreeing answers of three (the unused third refunded: the task's
    // price drops in the ending update), and a task whose answers never agree.
    const c2 = await buildUser(t, { balance: '5.00' });
    await upsertApiSettings(t.database.db, c2.id, { consensus: { minAttempts: 2, maxAttempts: 3, minMatches: 2 } });
    await heard();
    const [agreed, split] = [await submitImage(c2.apiKey), await submitImage(c2.apiKey)];
    const charged = Number((await q<{ price: number }>(sql`select price from tasks where id = ${agreed}`))[0]!.price);
    await rollUpAndCompare();
    await take(w1, agreed);
    await answerTask(ctx(), w1.id, agreed, text('same'));
    await rollUpAndCompare();
    await take(w2, agreed);
    await answerTask(ctx(), w2.id, agreed, text('same'));
    expect(await stateOf(agreed)).toMatchObject({ state: 'solved' });
    for (const [w, answer] of [[w1, 'x'], [w2, 'y'], [w3, 'z']] as const) {
      await take(w, split);
      await answerTask(ctx(), w.id, split, text(answer));
    }
    expect(await stateOf(split)).toEqual({ state: 'unsolvable', failure: 'ERROR_BAD_DUPLICATES' });
    await rollUpAndCompare();
    const [cons] = await q<{ spend: number }>(sql`select spend from stats_hourly where hour = date_trunc('hour', now() at time zone 'UTC') at time zone 'UTC' and type = 'normal'`);
    expect(Number(cons!.spend)).toBe((charged / 3) * 2);

    // Plain tasks through the group-committed submission path; a sandbox customer's task.
    const [i1, i2, i3, k1, k2] = [await submitImage(customer.apiKey), await submitImage(customer.apiKey), await submitImage(customer.apiKey), await submitToken(customer.apiKey), await submitToken(customer.apiKey)];
    const sandboxer = await buildUser(t, { balance: '1.00', userType: 'customer' });
    await upsertApiSettings(t.database.db, sandboxer.id, { sandbox: true });
    await heard();
    const sb = await submitImage(sandboxer.apiKey);
    await rollUpAndCompare();

    await take(w1, i1);
    await rollUpAndCompare(); // during: assigned, not ended
    await answerTask(ctx(), w1.id, i1, text('first'));
    // The sweeper ends tasks past their lifetime (refunded): this one, and the history's open
    // tasks (created months ago, ended now).
    await t.database.db.execute(sql`update tasks set expires_at = now() - interval '1 second' where id = ${i2}`);
    expect((await sweepTasks(ctx())).ended).toBeGreaterThan(50);
    expect(await stateOf(i2)).toMatchObject({ state: 'unsolvable' });
    await rollUpAndCompare();
    await take(w1, i3);
    await skipTask(ctx(), w1.id, i3, 'skipped');
    await take(w1, k1);
    await answerTask(ctx(), w1.id, k1, TOKEN);
    await take(w2, i3); // stays assigned
    await take({ ...sandboxer, languages: ['en'] }, sb, { sandbox: true });
    await answerTask(ctx(), sandboxer.id, sb, text('sandboxed'));
    await rollUpAndCompare();

    // A bad report: a trusted worker's re-solve (left out of the statistics) disagrees, the
    // report is upheld and the customer refunded; the figures stay those of the tasks.
    expect((await get(`/res.php?key=${customer.apiKey}&action=reportbad&id=${i1}`)).body).toBe('OK_REPORT_RECORDED');
    await rollUpAndCompare();
    await take(trusted, k2);
    await answerTask(ctx(), trusted.id, k2, TOKEN);
    const [verify] = await q<{ id: number }>(sql`select id from tasks where verifies_task_id = ${i1}`);
    await take(trusted, Number(verify!.id));
    await answerTask(ctx(), trusted.id, Number(verify!.id), text('second'));
    expect((await q<{ report_outcome: string }>(sql`select report_outcome from tasks where id = ${i1}`))[0]!.report_outcome).toBe('upheld');
    const i4 = await submitImage(customer.apiKey); // stays queued
    const rolled = await rollUpAndCompare();

    expect(await q(sql`select state, count(*)::int as n from tasks where id = any(${`{${[i1, i2, i3, k1, k2, i4, agreed, split].join(',')}}`}::bigint[]) group by state order by state`)).toEqual([
      { state: 'assigned', n: 1 },
      { state: 'queued', n: 1 },
      { state: 'solved', n: 4 },
      { state: 'unsolvable', n: 2 },
    ]);
    expect(rolled.some((r) => r.type === 'recaptcha_v2' && r.solved === 2 && r.hour > '2026')).toBe(true);
  });

  it('journals corrections of ended tasks and moves between hours, and drops rows brought to zero', async () => {
    // Ended tasks moved five hours back (their figures leave this hour for that one), a price
    // corrected, a solved task reopened and solved again later.
    await t.database.db.execute(sql`
      update tasks set created_at = created_at - interval '5 hours', assigned_at = assigned_at - interval '5 hours', ended_at = ended_at - interval '5 hours'
      where created_at > now() - interval '1 hour' and state in ('solved', 'unsolvable')`);
    await rollUpAndCompare();
    await t.database.db.execute(sql`update tasks set price = price + 1 where id = (select min(id) from tasks where state = 'solved' and created_at > '2026-01-01')`);
    const one = (await q<{ id: number }>(sql`select id from tasks where state = 'solved' and type = 'turnstile'`))[0];
    expect(one).toBeUndefined();
    await t.database.db.execute(sql`
      insert into tasks (customer_id, type, kind, state, payload, price, reward, api_version, source_ip, max_attempts, expires_at, created_at, assigned_at, ended_at)
      values (${customer.id}, 'yandex', 'image', 'solved', '{}'::jsonb, 1000, 600, 'v1', '127.0.0.1', 3, now(), '2025-03-01T10:00:00Z', '2025-03-01T10:00:05Z', '2025-03-01T11:00:00Z')`);
    await rollUpAndCompare();
    await t.database.db.execute(sql`update tasks set state = 'queued', ended_at = null where type = 'yandex'`);
    const rolled = await rollUpAndCompare();
    // The ended hour had only that task: its row is gone, as in the recomputation.
    expect(rolled.filter((r) => r.type === 'yandex').map((r) => r.hour)).toEqual(['2025-03-01T10:00:00.000Z']);
    await t.database.db.execute(sql`update tasks set state = 'solved', ended_at = '2025-03-01T12:30:00Z' where type = 'yandex'`);
    expect((await rollUpAndCompare()).filter((r) => r.type === 'yandex').map((r) => [r.hour, r.submitted, r.solved])).toEqual([
      ['2025-03-01T10:00:00.000Z', 1, 0],
      ['2025-03-01T12:00:00.000Z', 0, 1],
    ]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('incremental roll-up with concurrent transactions (PostgreSQL)', () => {
  async function client() {
    const c = new pg.Client({ connectionString: t.database.url });
    await c.connect();
    return { c, db: drizzle(c) as unknown as Db };
  }

  it('a task committed after a roll-up started is applied by the next roll-up, once; other nodes skip while one rolls up', async () => {
    const w = await worker();
    const { c, db: rolling } = await client();
    try {
      // A roll-up in progress on another connection: it holds the lock and has taken the journal.
      await submitImage(customer.apiKey);
      await c.query('begin');
      await c.query(`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
      expect(await applyJournal(rolling)).toBeGreaterThan(0);
      // Meanwhile a submission and an answer commit (one journal row each); another node's
      // roll-up skips its round.
      const during = await submitImage(customer.apiKey);
      const offered = await claimTask(ctx(), { id: w.id, languages: w.languages });
      expect(offered && offered.id !== during).toBe(true);
      await answerTask(ctx(), w.id, offered!.id, text('late'));
      expect(await rollUpStatistics({ db: t.database.db })).toBe(false);
      await c.query('commit');
      expect(await journalRows()).toBe(2);
      expect(await readStatsHourly(t.database.db)).not.toEqual(await recomputeStats(t.database.db));
      await rollUpAndCompare();
    } finally {
      await c.end();
    }
  });

  it('a task written before a roll-up and committed after it is applied by the next', async () => {
    const { c } = await client();
    try {
      const open = (await q<{ id: number }>(sql`select id from tasks where state = 'queued' and verifies_task_id is null and not sandbox order by id limit 1`))[0]!;
      await c.query('begin');
      await c.query(`update tasks set state = 'unsolvable', ended_at = now(), failure = 'ERROR_CAPTCHA_UNSOLVABLE' where id = $1`, [open.id]);
      await c.query(`insert into tasks (customer_id, type, kind, state, payload, price, reward, api_version, source_ip, max_attempts, expires_at)
        values ($1, 'normal', 'image', 'queued', '{}'::jsonb, 500, 300, 'v1', '127.0.0.1', 3, now() + interval '1 hour')`, [customer.id]);
      const rolled = await rollUpAndCompare();
      await c.query('commit');
      expect(await readStatsHourly(t.database.db)).toEqual(rolled);
      expect(await recomputeStats(t.database.db)).not.toEqual(rolled);
      await rollUpAndCompare();
    } finally {
      await c.end();
    }
  });

  it('roll-ups on several nodes at once count every row once', async () => {
    for (let i = 0; i < 5; i++) await submitImage(customer.apiKey);
    const results = await Promise.all([rollUpStatistics({ db: t.database.db }), rollUpStatistics({ db: t.database.db }), rollUpStatistics({ db: t.database.db })]);
    expect(results).toContain(true);
    await rollUpAndCompare();
  });
});
