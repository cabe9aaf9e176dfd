/**
 * `npm run bench`: throughput and latency of the production build, each figure next to the
 * Fastify hello-world baseline measured in the same run on the same machine.
 * Groups (BENCH_ONLY=pages,engine,rollup,limits,proxy): bench/pages.ts, bench/engine.ts (+ dispatch.ts), bench/rollup.ts, bench/limits.ts, bench/proxy.ts; shared helpers in bench/support.ts.
 */
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { engineScenarios } from './engine.ts';
import { appArgs, stop, waitFor, type Scenario } from './support.ts';
import { pageScenarios } from './pages.ts';
import { rollupBench } from './rollup.ts';
import { limitsScenarios } from './limits.ts';
import { proxyBench } from './proxy.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Ports BASE+1… and the PostgreSQL database name, so two benches can run side by side. */
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 3900);
const BENCH_DB = process.env.BENCH_DB ?? 'captchahub_bench';
const port = (n: number) => String(PORT_BASE + n);
/** BENCH_ONLY=pages,engine,rollup,limits,proxy (comma-separated) runs only those groups; unset runs all. */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'pages,engine,rollup,limits,proxy').split(',').map((s) => s.trim()));

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  note?: string;
}


async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  // A short warm-up so JIT and caches settle before measuring.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}


async function main() {
  const results: Result[] = [];

  const hello = fork(path.resolve('bench/hello.ts'), { env: { ...process.env, PORT: port(1) }, execArgv: ['--import', 'tsx'], stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port(1)}/`);
  const baseline = await load('fastify hello-world (baseline)', `http://127.0.0.1:${port(1)}/`);
  results.push(baseline);
  await stop(hello);

  // Uncached renders and the page cache, PGlite and PostgreSQL (bench/pages.ts); BENCH_ONLY=pages runs only these.
  if (ONLY.has('pages')) {
    const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    await pageScenarios({ baseline: baseline.rps, portBase: PORT_BASE + 10, pgUrl: pgServer, benchDb: `${BENCH_DB}_pages`, duration: DURATION, connections: CONNECTIONS });
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'captchahub-bench-'));
  const app = spawn(process.execPath, appArgs(), {
    env: { ...process.env, PORT: port(2), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port(2)}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port(2)}/readyz`);
    // The app's own stack without a page or the database (pages are measured in bench/pages.ts).
    results.push(await load('GET /healthz (app stack)', `http://127.0.0.1:${port(2)}/healthz`));
  } finally {
    await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }

  // The solving engine, on PostgreSQL (the production database).
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let engine: Scenario[] = [];
  try {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.query(`create database ${BENCH_DB}`);
    await admin.end();
    const benchUrl = new URL(pgUrl);
    benchUrl.pathname = `/${BENCH_DB}`;
    const pgApp = spawn(process.execPath, appArgs(), {
      env: { ...process.env, PORT: port(3), HOST: '127.0.0.1', DATABASE_URL: benchUrl.toString(), LOG_LEVEL: 'warn', RATE_LIMITS: 'false', PUBLIC_URL: `http://127.0.0.1:${port(3)}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let stopped: Promise<void> | null = null;
    const stopPgApp = () => (stopped ??= stop(pgApp));
    try {
      await waitFor(`http://127.0.0.1:${port(3)}/readyz`);
      if (ONLY.has('engine')) engine = await engineScenarios(`http://127.0.0.1:${port(3)}`, benchUrl.toString(), DURATION, CONNECTIONS, stopPgApp, pgApp.pid);
    } finally {
      await stopPgApp();
    }
    // The public statistics roll-up with a million tasks of history, on its own database.
    if (ONLY.has('rollup')) engine.push(...(await rollupBench(pgUrl, `${BENCH_DB}_rollup`)));
    // res.php and in.php with the limits in memory vs in the shared store (bench/limits.ts).
    if (ONLY.has('limits')) engine.push(...(await limitsScenarios({ pgUrl, benchDb: `${BENCH_DB}_limits`, portBase: PORT_BASE + 30, duration: DURATION, connections: CONNECTIONS })));
    // The proxy gateway: CONNECT throughput vs direct loopback, new tunnels per second (bench/proxy.ts).
    if (ONLY.has('proxy')) engine.push(...(await proxyBench({ pgUrl, benchDb: `${BENCH_DB}_proxy`, portBase: PORT_BASE + 50, seconds: DURATION })));
  } catch (err) {
    process.stderr.write(`engine scenarios skipped: PostgreSQL at ${pgUrl} unavailable (${String(err)}${(err as Error).cause ? `: ${String((err as Error).cause)}` : ''})\n`);
  }
  results.push(...engine.filter((e) => e.rps !== undefined).map((e) => ({ name: e.name, rps: e.rps!, p50: e.p50!, p99: e.p99!, errors: e.errors ?? 0, note: e.note })));

  const rows = results.map((r) => ({
    scenario: r.name,
    'req/s': Math.round(r.rps),
    'ratio to hello': (r.rps / baseline.rps).toFixed(3),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    errors: r.errors,
    note: r.note ?? '',
  }));
  process.stdout.write(`\nbench: ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION}s per scenario, node ${process.version}\n`);
  console.table(rows);
  const latencies = engine.filter((e) => e.rps === undefined);
  if (latencies.length) {
    process.stdout.write('\nlatency scenarios (ms):\n');
    console.table(latencies.map((e) => ({ scenario: e.name, 'p50 ms': e.p50, 'p99 ms': e.p99, missed: e.errors ?? 0, note: e.note ?? '' })));
  }
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
}

await main();
