/**
 * Limits shared across nodes (issue 22 #2): res.php and in.php with the compatible API's bans on
 * (RATE_LIMITS=true), the limits counted in this process's memory vs in the shared store
 * (PostgreSQL, and Redis when one answers). One app on PostgreSQL per store; 100 customers'
 * keys in rotation so no key reaches a ban and every request takes the counting path.
 * Alone: `BENCH_ONLY=limits npm run bench` (after `npm run build`).
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createMailer } from '../server/modules/mail/mail.service.ts';
import { createConfirmedUser } from '../server/modules/users/users.service.ts';
import { makePng } from '../server/test/images.ts';
import { findRedis } from '../server/test/redis.ts';
import { stop, waitFor, type Scenario } from './support.ts';

const KEYS = 100;
/** Rounds of memory, postgres, redis in turn: the best of each counts (BENCH_LIMITS_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_LIMITS_ROUNDS ?? 2);

export interface LimitsBenchOptions {
  pgUrl: string;
  benchDb: string;
  portBase: number;
  duration: number;
  connections: number;
}

async function customers(dbUrl: string): Promise<string[]> {
  const config = loadConfig({ DATABASE_URL: dbUrl, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: dbUrl });
  try {
    const ctx = { db: database.db, log: pino({ level: 'silent' }), config, mailer: createMailer({ dataDir: config.DATA_DIR, from: 'bench' }) };
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++) {
      const u = await createConfirmedUser(ctx, { email: `bench-limits-${i}@example.test`, password: 'benchpassword1', userType: 'customer', balance: '100000' });
      keys.push(u.apiKey);
    }
    return keys;
  } finally {
    await database.close();
  }
}

export async function limitsScenarios(opts: LimitsBenchOptions): Promise<Scenario[]> {
  const admin = new pg.Client({ connectionString: opts.pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${opts.benchDb} with (force)`);
  await admin.query(`create database ${opts.benchDb}`);
  await admin.end();
  const dbUrl = new URL(opts.pgUrl);
  dbUrl.pathname = `/${opts.benchDb}`;
  const keys = await customers(dbUrl.toString());
  const png = makePng().toString('base64');
  const redisUrl = await findRedis();
  const stores = ['memory', 'postgres', ...(redisUrl ? ['redis'] : [])];
  const out: Scenario[] = [];
  /** Best figure per scenario and store over the rounds (a shared machine's noise only lowers figures). */
  const figures = new Map<string, number>();
  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  const runs = [...Array(ROUNDS).keys()].flatMap((round) => stores.map((store, i) => ({ round, store, i })));

  for (const { round, store, i } of runs) {
    const port = String(opts.portBase + i);
    const base = `http://127.0.0.1:${port}`;
    const app = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATABASE_URL: dbUrl.toString(), LOG_LEVEL: 'warn', RATE_LIMITS: 'true', SHARED_STORE: store, REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `bench-${process.pid}-${store}:`, PUBLIC_URL: base },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      await waitFor(`${base}/readyz`);
      // One task per key to poll (nobody solves it: "not ready", the common answer).
      const polls: string[] = [];
      for (const key of keys) {
        const res = await fetch(`${base}/in.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key, method: 'base64', body: png }) });
        const text = await res.text();
        if (!text.startsWith('OK|')) throw new Error(`in.php answered ${text}`);
        polls.push(`/res.php?key=${key}&action=get&id=${text.slice(3)}`);
      }
      const submitBodies = keys.map((key) => JSON.stringify({ key, method: 'base64', body: png }));
      const run = async (name: string, request: (n: number) => autocannon.Request) => {
        let n = 0;
        const o: autocannon.Options = { url: base, connections: opts.connections, requests: [{ setupRequest: (req) => ({ ...req, ...request(n++) }) }] };
        await autocannon({ ...o, duration: 2 });
        const r = await autocannon({ ...o, duration: opts.duration });
        const scenario = { name: `${name} (limits: ${store}, round ${round + 1})`, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
        figures.set(`${name}/${store}`, Math.max(figures.get(`${name}/${store}`) ?? 0, r.requests.average));
        process.stdout.write(`  ${JSON.stringify(scenario)}\n`);
        out.push(scenario);
      };
      await run('res.php get, 100 keys', (n) => ({ method: 'GET', path: polls[n % KEYS]! }));
      // MAX_USER_TURN allows 60 submissions per key per 3 s: 100 keys allow 2,000/s.
      await run('in.php submission, 100 keys', (n) => ({ method: 'POST', path: '/in.php', headers: { 'content-type': 'application/json' }, body: submitBodies[n % KEYS]! }));
    } finally {
      await stop(app);
    }
    // Every run starts with the same queue: the submissions of this one end, and are vacuumed away.
    await db.query(`update tasks set state = 'unsolvable', ended_at = now() where state = 'queued'`);
    await db.query('vacuum analyze tasks');
  }
  await db.end();
  for (const name of ['res.php get, 100 keys', 'in.php submission, 100 keys']) {
    const memory = figures.get(`${name}/memory`)!;
    for (const store of stores.slice(1)) {
      const shared = figures.get(`${name}/${store}`)!;
      out.push({ name: `${name}: ${store} / memory`, note: `${((shared / memory) * 100).toFixed(1)} % of the in-memory throughput (best of ${ROUNDS} rounds each)` });
    }
  }
  return out;
}
