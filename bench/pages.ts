/**
 * Page scenarios of `npm run bench` (issue 10, issue 20 #4): for `/`, `/ru/`, `/pricing`, the landing
 * `/p/recaptcha-v2` and `/make-money-online`, on PGlite and on PostgreSQL,
 * - an uncached render alone (1 connection, PAGE_CACHE=false): p50 / p99;
 * - uncached renders under load (CONNECTIONS, PAGE_CACHE=false): req/s, p99;
 * - the page cache under load (CONNECTIONS, PAGE_CACHE=true, a returning anonymous browser:
 *   CSRF cookie, `accept-encoding: br`): req/s, ratio to the hello-world baseline, p99.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { appArgs, stop, waitFor } from './support.ts';

export interface PagesOptions {
  /** req/s of the Fastify hello-world measured in the same run. */
  baseline: number;
  /** Ports portBase+1…+4 are used. */
  portBase: number;
  /** PostgreSQL server URL (a database `benchDb` is created on it); null skips PostgreSQL. */
  pgUrl: string | null;
  benchDb: string;
  duration: number;
  connections: number;
}

const PAGES = [
  { path: '/', headers: { 'accept-language': 'en' } },
  { path: '/ru/', headers: { 'accept-language': 'ru' } },
  { path: '/pricing', headers: { 'accept-language': 'en' } },
  // Landing pages carry most of the traffic (issue 20 #4): a captcha-type landing and the worker hub's.
  { path: '/p/recaptcha-v2', headers: { 'accept-language': 'en' } },
  { path: '/make-money-online', headers: { 'accept-language': 'en' } },
] as const;
/** A returning visitor: has the CSRF cookie the server issued (tokens are HMACs), accepts brotli. */
async function returningVisitor(origin: string) {
  const page = await fetch(`${origin}/about`);
  await page.arrayBuffer();
  const token = /csrf_token=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')![1]!;
  return { cookie: `csrf_token=${token}`, 'accept-encoding': 'gzip, deflate, br' };
}

export interface PageRow {
  database: string;
  page: string;
  'render p50 ms (1 conn)': number;
  'render p99 ms (1 conn)': number;
  'uncached req/s': number;
  'uncached p99 ms': number;
  'cached req/s': number;
  'cached ratio to hello': string;
  'cached p99 ms': number;
  errors: number;
}



async function measure(url: string, connections: number, duration: number, headers: Record<string, string>) {
  await autocannon({ url, connections, duration: 2, headers });
  const r = await autocannon({ url, connections, duration, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** Runs the app from dist/ with PAGE_CACHE on or off and measures every page. */
async function withApp<T>(port: number, env: Record<string, string>, run: (origin: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'captchahub-bench-pages-'));
  const origin = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, appArgs(), {
    // No load shedding (SHED_LAG_MS=0): these scenarios measure the renderer and the cache, not 503s.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMITS: 'false', SHED_LAG_MS: '0', PUBLIC_URL: origin, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${origin}/readyz`);
    return await run(origin);
  } finally {
    await stop(app);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function scenarios(database: string, port: number, env: Record<string, string>, o: PagesOptions): Promise<PageRow[]> {
  const uncached = await withApp(port, { ...env, PAGE_CACHE: 'false' }, async (origin) => {
    const out = [];
    for (const p of PAGES) {
      const single = await measure(origin + p.path, 1, o.duration, p.headers);
      const loaded = await measure(origin + p.path, o.connections, o.duration, p.headers);
      out.push({ single, loaded });
    }
    return out;
  });
  const cached = await withApp(port + 1, { ...env, PAGE_CACHE: 'true' }, async (origin) => {
    const out = [];
    const returning = await returningVisitor(origin);
    for (const p of PAGES) out.push(await measure(origin + p.path, o.connections, o.duration, { ...p.headers, ...returning }));
    return out;
  });
  return PAGES.map((p, i) => ({
    database,
    page: p.path,
    'render p50 ms (1 conn)': uncached[i]!.single.p50,
    'render p99 ms (1 conn)': uncached[i]!.single.p99,
    'uncached req/s': Math.round(uncached[i]!.loaded.rps),
    'uncached p99 ms': uncached[i]!.loaded.p99,
    'cached req/s': Math.round(cached[i]!.rps),
    'cached ratio to hello': (cached[i]!.rps / o.baseline).toFixed(3),
    'cached p99 ms': cached[i]!.p99,
    errors: uncached[i]!.single.errors + uncached[i]!.loaded.errors + cached[i]!.errors,
  }));
}

/** Measures the page scenarios and prints their table next to the baseline; returns the rows. */
export async function pageScenarios(o: PagesOptions): Promise<PageRow[]> {
  const rows = await scenarios('PGlite', o.portBase + 1, {}, o);
  if (o.pgUrl) {
    try {
      const admin = new pg.Client({ connectionString: o.pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${o.benchDb} with (force)`);
      await admin.query(`create database ${o.benchDb}`);
      await admin.end();
      const url = new URL(o.pgUrl);
      url.pathname = `/${o.benchDb}`;
      rows.push(...(await scenarios('PostgreSQL', o.portBase + 3, { DATABASE_URL: url.toString() }, o)));
    } catch (err) {
      process.stderr.write(`page scenarios on PostgreSQL skipped: ${String(err)}\n`);
    }
  }
  process.stdout.write(
    `\npages: hello-world baseline ${Math.round(o.baseline)} req/s; ${o.connections} connections under load, ${o.duration}s per scenario; ` +
      'uncached = PAGE_CACHE=false, cached = returning anonymous browser (CSRF cookie, br); SHED_LAG_MS=0\n',
  );
  console.table(rows);
  return rows;
}
