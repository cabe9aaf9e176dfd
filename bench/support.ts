/** What the bench's files share: a measured figure, waiting for a server, stopping a child, percentiles. */
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
