/** What the bench's files share: a measured figure, waiting for a server, stopping a child, percentiles. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';

/** One printed figure: a throughput (rps) or a latency distribution (p50/p99), with a note. */
export interface Scenario {
  name: string;
  rps?: number;
  p50?: number;
  p99?: number;
  errors?: number;
  note?: string;
}

/** Resolves once `url` answers 2xx. @throws after `timeoutMs` */
export async function waitFor(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** SIGTERM and wait for the exit (at once when it has exited already). */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The p-th percentile (nearest rank) of `xs`; NaN when empty. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/**
 * The node arguments that start the built app: BENCH_APP (default dist/server/main.js) with
 * BENCH_APP_ARGS before it (space-separated, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile
 * the app while a scenario runs).
 */
export function appArgs(): string[] {
  const extra = (process.env.BENCH_APP_ARGS ?? '').split(' ').filter(Boolean);
  return [...extra, process.env.BENCH_APP ?? 'dist/server/main.js'];
}

/** CPU seconds (user + system) used so far by process `pid`, from /proc (Linux); 0 when unreadable. */
function procCpu(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving `database` on this machine (their command line names it). */
function backendsOf(database: string): string[] {
  try {
    return readdirSync('/proc').filter((p) => {
      if (!/^\d+$/.test(p)) return false;
      try {
        const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
        return cmd.startsWith('postgres: ') && cmd.split(' ').includes(database);
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

/**
 * Starts counting the CPU time of the app process and of the PostgreSQL backends of `database`;
 * the returned function gives µs per operation for `count` operations since the start. CPU time
 * per operation barely moves when other work shares the cores, unlike requests per second, so it
 * shows whether a change made a request cheaper. Null where /proc is not readable.
 */
export function cpuMeter(appPid: number | undefined, database: string): ((count: number) => string) | null {
  if (appPid === undefined || !existsSync(`/proc/${appPid}/stat`)) return null;
  const backends = backendsOf(database);
  const app0 = procCpu(appPid);
  const pg0 = new Map(backends.map((p) => [p, procCpu(p)]));
  return (count: number) => {
    const app = procCpu(appPid) - app0;
    let db = 0;
    for (const p of backendsOf(database)) db += procCpu(p) - (pg0.get(p) ?? 0);
    const per = (s: number) => Math.round((s * 1e6) / Math.max(1, count));
    return `CPU per op: app ${per(app)} µs, PostgreSQL ${per(db)} µs`;
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * One HTTP request over a kept-alive connection, resolving to the status and body text. The
 * bench's own clients use this rather than fetch: on two shared cores the load generator must
 * cost as little CPU as autocannon does for the hello-world baseline.
 */
export function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.body === undefined ? opts.headers : { ...opts.headers, 'content-length': String(Buffer.byteLength(opts.body)) }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}
