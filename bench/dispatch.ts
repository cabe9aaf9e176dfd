/**
 * Dispatch under load (issue 10, part 3): submit→offer latency at a fixed submission rate with 20
 * workers answering over /ws, measured quiet, while a separate process loads the same server with
 * page views and res.php polls, and while a separate process burns one core; then the whole loop
 * end to end (in.php → worker over /ws → res.php until OK) as fast as it goes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { WebSocket } from 'ws';
import { percentile, request, type Scenario, type cpuMeter } from './support.ts';

export type Measured = Scenario;

const r1 = (x: number) => Math.round(x * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface DispatchSetup {
  base: string;
  apiKey: string;
  png: string;
  /** Session cookies of the trained workers. */
  workerCookies: string[];
  /** A res.php poll URL the page/poll load hammers (a task that is not ready). */
  pollUrl: string;
  /** Starts counting the app's and the database's CPU time (bench/support.ts cpuMeter). */
  meter?: () => ReturnType<typeof cpuMeter>;
}

/** Workers that answer every offer at once; `offeredAt` records when each offer arrived. */
async function connectWorkers(base: string, cookies: string[]) {
  const offeredAt = new Map<number, number>();
  const sockets = await Promise.all(
    cookies.map(async (cookie) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie } });
      ws.on('message', (raw) => {
        const msg = JSON.parse(String(raw)) as { type: string; task?: { id: number } };
        if (msg.type === 'offer' && msg.task) {
          offeredAt.set(msg.task.id, performance.now());
          ws.send(JSON.stringify({ type: 'answer', taskId: msg.task.id, answer: { kind: 'text', text: 'abc' } }));
        }
      });
      await new Promise((r) => ws.once('open', r));
      ws.send(JSON.stringify({ type: 'start' }));
      return ws;
    }),
  );
  await sleep(500);
  return { offeredAt, close: () => sockets.forEach((s) => s.close()) };
}

function child(args: string[]): Promise<ChildProcess> {
  const proc = fork(path.resolve('bench/load.ts'), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    proc.once('message', () => resolve(proc));
    proc.once('exit', (code) => reject(new Error(`load child exited (${code})`)));
  });
}

function stopChild(proc: ChildProcess) {
  return new Promise<void>((resolve) => {
    proc.removeAllListeners('exit');
    proc.once('exit', () => resolve());
    proc.kill('SIGKILL');
  });
}

export async function dispatchScenarios(s: DispatchSetup, push: (m: Measured) => void): Promise<void> {
  const body = JSON.stringify({ key: s.apiKey, method: 'base64', body: s.png });
  const submit = async () => {
    const { text } = await request(`${s.base}/in.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (!text.startsWith('OK|')) throw new Error(text);
    return Number(text.slice(3));
  };
  const workers = await connectWorkers(s.base, s.workerCookies);
  const rate = Number(process.env.BENCH_OFFER_RATE ?? 200);
  const seconds = Number(process.env.BENCH_OFFER_SECONDS ?? 5);

  const offers = async (condition: string, note = '', report = true) => {
    const submittedAt = new Map<number, number>();
    const returnedAt = new Map<number, number>();
    const total = rate * seconds;
    let failed = 0;
    const started = performance.now();
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait > 0) await sleep(wait);
      const t0 = performance.now();
      inflight.push(
        submit().then(
          (id) => {
            submittedAt.set(id, t0);
            returnedAt.set(id, performance.now());
          },
          () => void failed++,
        ),
      );
    }
    await Promise.all(inflight);
    await sleep(2000);
    const lat = [...submittedAt].flatMap(([id, t0]) => (workers.offeredAt.has(id) ? [workers.offeredAt.get(id)! - t0] : []));
    const req = [...returnedAt].map(([id, t]) => t - submittedAt.get(id)!);
    const fmt = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(1)} / p99 ${percentile(xs, 99).toFixed(1)}`;
    if (!report) return;
    push({
      name: `submit→offer @${rate}/s, 20 workers: ${condition}`,
      p50: r1(percentile(lat, 50)),
      p99: r1(percentile(lat, 99)),
      errors: total - lat.length,
      note: `${lat.length}/${total} offered (${failed} submissions failed); submit request ${fmt(req)}${note ? `; ${note}` : ''}`,
    });
  };

  /** BENCH_DISPATCH=quiet,load,burn,e2e picks the parts (default: all). */
  const part = (name: string) => !process.env.BENCH_DISPATCH || process.env.BENCH_DISPATCH.split(',').includes(name);
  // A warm-up at the same rate, not reported, as every autocannon scenario has (2 s): the first
  // submissions of a fresh process compile the submit and claim paths and fill the pool.
  await offers('warm-up', '', false);
  if (part('quiet')) await offers('quiet');

  // (a) Page views and res.php polls at fixed rates from a separate process.
  if (part('load')) {
    const pagesRps = Number(process.env.BENCH_LOAD_PAGES_RPS ?? 200);
    const pollsRps = Number(process.env.BENCH_LOAD_POLLS_RPS ?? 3000);
    const load = await child(['pages', s.base, String(pagesRps), s.pollUrl, String(pollsRps)]);
    await sleep(2000);
    load.send('reset');
    const achieved = new Promise<{ pagesPerSecond: number; pollsPerSecond: number; errors: number }>((resolve) => load.once('message', resolve as never));
    await offers('page/poll load', `load asked ${pagesRps} pages/s + ${pollsRps} polls/s`);
    load.send('report');
    const got = await achieved;
    await stopChild(load);
    push({ name: '  (the page/poll load during that run)', note: `achieved ${got.pagesPerSecond} pages/s of /, ${got.pollsPerSecond} res.php polls/s, ${got.errors} non-200` });
  }

  // (b) One core burnt by a separate process.
  if (part('burn')) {
    const burn = await child(['burn']);
    await offers('one core burnt');
    await stopChild(burn);
  }

  if (part('e2e')) await endToEnd();
  workers.close();

  // End to end: submit via in.php, a worker answers over /ws, the client polls res.php until OK.
  async function endToEnd() {
    const e2eSeconds = Number(process.env.BENCH_E2E_SECONDS ?? 8);
    const clients = Number(process.env.BENCH_E2E_CLIENTS ?? 64);
    const pollEvery = Number(process.env.BENCH_E2E_POLL_MS ?? 10);
    const latencies: number[] = [];
    let polls = 0;
    let errors = 0;
    const loop = async (until: number, record: boolean) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          const id = await submit();
          for (;;) {
            await sleep(pollEvery);
            polls++;
            const { text } = await request(`${s.base}/res.php?key=${s.apiKey}&action=get&id=${id}`);
            if (text === 'OK|abc') break;
            if (text !== 'CAPCHA_NOT_READY') throw new Error(text);
          }
          if (record) latencies.push(performance.now() - t0);
        } catch {
          errors++;
          await sleep(50);
        }
      }
    };
    await Promise.all(Array.from({ length: clients }, () => loop(performance.now() + 2000, false)));
    polls = 0;
    errors = 0;
    const t0 = performance.now();
    const cpu = s.meter?.();
    await Promise.all(Array.from({ length: clients }, () => loop(t0 + e2eSeconds * 1000, true)));
    const elapsed = (performance.now() - t0) / 1000;
    push({
      name: `end to end in.php → /ws answer → res.php OK (${clients} clients, poll every ${pollEvery} ms)`,
      rps: Math.round(latencies.length / elapsed),
      p50: r1(percentile(latencies, 50)),
      p99: r1(percentile(latencies, 99)),
      errors,
      note: `${latencies.length} tasks completed in ${elapsed.toFixed(1)} s, ${(polls / Math.max(1, latencies.length)).toFixed(1)} polls per task${cpu ? `; ${cpu(latencies.length)} (per task, polls included)` : ''}`,
    });
  }
}
