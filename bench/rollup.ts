/**
 * Public statistics roll-up on PostgreSQL: with a million tasks of history, what one increment of
 * the roll-up costs (the tasks journal applied to stats_hourly) after 10,000 new tasks went through
 * submission and claims to their ends, next to what recomputing from tasks costs (the old job's
 * window of the previous and current hour, and every hour as the first backfill does).
 *
 * `rollupScenarios(url)` writes into the database at `url` (migrated here if needed; its queue must
 * be empty); `rollupBench` runs it on a scratch database it (re)creates. Standalone:
 * `BENCH_DB=bench_rollup npx tsx bench/rollup.ts` (next to BENCH_DATABASE_URL's database) prints
 * the figures; BENCH_ROLLUP_HISTORY and BENCH_ROLLUP_NEW scale it down.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../server/db/client.ts';
import { recomputeStats, rollUp } from '../server/modules/statistics/statistics.repo.ts';
import { claimNextTask, markSolved, queueAndCharge, updateTask, type NewQueuedTask } from '../server/modules/tasks/tasks.repo.ts';
import type { Scenario } from './engine.ts';

const HISTORY = Number(process.env.BENCH_ROLLUP_HISTORY ?? 1_000_000);
const NEW_TASKS = Number(process.env.BENCH_ROLLUP_NEW ?? 10_000);
/** Submissions per statement, as the group commit writes them under load. */
const BATCH = 50;
/** Concurrent solving loops (claims and endings on the pool). */
const LOOPS = 8;
const TYPES = ['normal', 'recaptcha_v2', 'hcaptcha', 'turnstile', 'funcaptcha', 'geetest', 'text', 'rotate'];

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const out = await fn();
  return [out, Math.round((performance.now() - start) * 10) / 10];
};

async function journalRows(db: Db): Promise<number> {
  return Number(((await db.execute(sql`select count(*)::int as n from stats_journal`)).rows[0] as { n: number }).n);
}

export async function rollupScenarios(dbUrl: string, log: (line: string) => void = () => {}): Promise<Scenario[]> {
  const database = await openDatabase({ databaseUrl: dbUrl, poolSize: LOOPS + 2 });
  const db = database.db;
  const out: Scenario[] = [];
  try {
    const [customer] = (await db.execute<{ id: number }>(sql`
      insert into users (email, user_type, api_key, balance)
      values (${`bench-rollup-${Date.now()}@example.test`}, 'customer', ${`bench-rollup-${Date.now()}`}, 1000000000000)
      returning id`)).rows;
    const customerId = Number(customer!.id);
    const workerId = customerId + 1_000_000;

    // History: a year of ended tasks in one generate_series statement (the statement trigger
    // journals them in one go), then the first roll-up backfills stats_hourly and empties the journal.
    const [, insertMs] = await timed(() => db.execute(sql`
      insert into tasks (customer_id, type, kind, state, payload, price, reward, api_version, source_ip, max_attempts, expires_at, created_at, assigned_at, ended_at, failure)
      select ${customerId}, (${`{${TYPES.join(',')}}`}::text[])[1 + i % ${TYPES.length}], 'token', case when i % 10 = 0 then 'unsolvable' else 'solved' end,
        '{}'::jsonb, 500 + i % 3000, 300 + i % 1800, 'v2', '127.0.0.1', 3, c + interval '5 minutes', c, c + (i % 20) * interval '1 second',
        c + (5 + i % 60) * interval '1 second', case when i % 10 = 0 then 'ERROR_CAPTCHA_UNSOLVABLE' end
      from generate_series(1, ${HISTORY}) i,
        lateral (select now() - interval '2 hours' - (${HISTORY} - i) * (interval '365 days' / ${HISTORY}) as c) c`));
    await db.execute(sql`analyze tasks`);
    log(`rollup: ${HISTORY} historical tasks inserted in ${insertMs} ms (${await journalRows(db)} journal rows)`);
    await db.execute(sql`truncate stats_hourly`);
    const [, backfillMs] = await timed(() => rollUp(db));
    out.push({ name: `statistics backfill: every hour from ${HISTORY} tasks (first roll-up)`, p50: backfillMs, p99: backfillMs });

    // 10,000 new tasks the way the app writes them: group-committed submissions, then per task a
    // claim and its end (solved 70 %, unsolvable 15 %, left assigned 10 %, given back to the queue 5 %).
    const item = (i: number): NewQueuedTask => ({
      customerId, type: TYPES[i % TYPES.length]!, kind: 'token', payload: { bench: i }, price: 1000 + (i % 700), reward: 600 + (i % 400),
      apiVersion: 'v2', sourceIp: '127.0.0.1', maxAttempts: 3, expiresAt: new Date(Date.now() + 3_600_000),
    });
    const [, submitMs] = await timed(async () => {
      for (let i = 0; i < NEW_TASKS; i += BATCH) await queueAndCharge(db, Array.from({ length: Math.min(BATCH, NEW_TASKS - i) }, (_, k) => item(i + k)), 'bench_rollup_tasks');
    });
    let claimed = 0;
    const [, endMs] = await timed(() =>
      Promise.all(
        Array.from({ length: LOOPS }, async (_, loop) => {
          for (;;) {
            const task = await claimNextTask(db, { workerId: workerId + loop, languages: ['en'] }, { image: 45, token: 180 });
            if (!task) return;
            const n = claimed++;
            const pick = n % 20;
            if (pick < 14) await markSolved(db, { id: task.id, workerId: workerId + loop, answer: { token: 'bench' }, attempts: 1 });
            else if (pick < 17) await updateTask(db, task.id, { state: 'unsolvable', endedAt: new Date(), workerId: null, leaseExpiresAt: null, failure: 'ERROR_CAPTCHA_UNSOLVABLE' });
            else if (pick < 19) continue;
            else await updateTask(db, task.id, { state: 'queued', language: 'zz', workerId: null, leaseExpiresAt: null });
          }
        }),
      ),
    );
    const pending = await journalRows(db);
    log(`rollup: ${NEW_TASKS} new tasks submitted in ${Math.round(submitMs)} ms, claimed and ended in ${Math.round(endMs)} ms; ${pending} journal rows`);

    const [, incrementMs] = await timed(() => rollUp(db));
    const [, idleMs] = await timed(() => rollUp(db));
    out.push({ name: `statistics roll-up increment: ${NEW_TASKS} new tasks over ${HISTORY} (${pending} journal rows)`, p50: incrementMs, p99: incrementMs, note: `target <= 100 ms; next run with nothing new ${idleMs} ms` });

    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const [, windowMs] = await timed(() => recomputeStats(db, { from: new Date(hour - 3_600_000), to: new Date(hour + 3_600_000) }));
    out.push({ name: 'statistics old job: recompute previous + current hour from tasks', p50: windowMs, p99: windowMs });
    const [rows, fullMs] = await timed(() => recomputeStats(db));
    out.push({ name: `statistics full recompute: every hour from ${HISTORY + NEW_TASKS} tasks`, p50: fullMs, p99: fullMs, note: `${rows.length} rows` });
    return out;
  } finally {
    await database.close();
  }
}

/** Runs rollupScenarios on a scratch database `name` (dropped and created) next to `baseUrl`'s. */
export async function rollupBench(baseUrl: string, name: string, log?: (line: string) => void): Promise<Scenario[]> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return rollupScenarios(url.toString(), log);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await rollupBench(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    process.env.BENCH_DB ?? 'bench_rollup',
    (line) => process.stdout.write(`${line}\n`),
  );
  console.table(figures.map((f) => ({ scenario: f.name, ms: f.p50, note: f.note ?? '' })));
}
