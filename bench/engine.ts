/**
 * Solving-engine scenarios of `npm run bench`, on PostgreSQL: result polling, image submissions,
 * submit-to-offer latency over the WebSocket (quiet, under page/poll load, one core burnt; see
 * dispatch.ts), the loop end to end, and claim latency with a million queued tasks.
 */
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { claimNextTask } from '../server/modules/tasks/tasks.repo.ts';
import { makePng } from '../server/test/images.ts';
import { dispatchScenarios } from './dispatch.ts';
import { cpuMeter, percentile, type Scenario } from './support.ts';

export type { Scenario };

function userCreate(dbUrl: string, args: string[]): { id: number; apiKey: string } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/user-create.ts', ...args], {
    env: { ...process.env, DATABASE_URL: dbUrl, LOG_LEVEL: 'silent' },
  });
  return JSON.parse(String(out).trim().split('\n').at(-1)!);
}

/**
 * A set-up request, asked again when the app shed it (503, as a browser would) or when a kept-alive
 * connection was closed under it (the server's keep-alive timeout passes while the bench creates
 * users between two requests).
 */
async function retry(go: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await go();
      if (res.status !== 503) return res;
    } catch (err) {
      if (attempt >= 5) throw err;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function login(base: string, email: string, password: string): Promise<string> {
  const page = await retry(() => fetch(`${base}/about`));
  const csrf = /csrf_token=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')![1]!;
  const res = await retry(() =>
    fetch(`${base}/api/v2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrf_token=${csrf}`, 'x-csrf-token': csrf },
      body: JSON.stringify({ email, password }),
    }),
  );
  const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
  return `sid=${sid}`;
}

/** BENCH_ENGINE=polling,submission,dispatch,claim picks the engine's scenarios (default: all). */
const part = (name: string) => !process.env.BENCH_ENGINE || process.env.BENCH_ENGINE.split(',').includes(name);


export async function engineScenarios(base: string, dbUrl: string, seconds: number, connections: number, stopApp: () => Promise<void>, appPid?: number): Promise<Scenario[]> {
  const meter = () => cpuMeter(appPid, new URL(dbUrl).pathname.slice(1));
  const out: Scenario[] = [];
  // Each figure is printed as soon as it exists, so a long run still shows what it measured.
  const push = out.push.bind(out);
  out.push = (...items: Scenario[]) => {
    for (const item of items) process.stdout.write(`  ${JSON.stringify(item)}\n`);
    return push(...items);
  };
  const customer = userCreate(dbUrl, ['--email', 'bench-customer@example.test', '--password', 'benchpassword1', '--type', 'customer', '--balance', '100000']);
  const png = makePng().toString('base64');
  const submitAs = async (apiKey: string) => {
    const res = await retry(() => fetch(`${base}/in.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: apiKey, method: 'base64', body: png }) }));
    return Number((await res.text()).slice(3));
  };
  const submit = () => submitAs(customer.apiKey);

  // res.php get on a task nobody solves (not ready), then on a solved one.
  const pending = await submit();
  const db = new pg.Pool({ connectionString: dbUrl, max: 4 });
  const run = async (name: string, opts: autocannon.Options) => {
    await autocannon({ ...opts, duration: 2 });
    const cpu = meter();
    const r = await autocannon({ ...opts, duration: seconds, connections });
    out.push({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, note: cpu?.(r.requests.total) });
  };
  if (part('polling')) await run('res.php get (not ready)', { url: `${base}/res.php?key=${customer.apiKey}&action=get&id=${pending}` });
  await db.query(`update tasks set state = 'solved', answer = '{"kind":"text","text":"w9h5k"}', ended_at = now(), attempts = 1 where id = $1`, [pending]);
  // As the engine does when a task ends: every node hears of it (and drops what it cached).
  await db.query(`select pg_notify('tasks', $1)`, [JSON.stringify({ kind: 'ended', id: pending, customerId: customer.id, state: 'solved' })]);
  await new Promise((r) => setTimeout(r, 100));
  if ((await (await retry(() => fetch(`${base}/res.php?key=${customer.apiKey}&action=get&id=${pending}`))).text()) !== 'OK|w9h5k') throw new Error('the solved task did not read as solved');
  if (part('polling')) await run('res.php get (ready)', { url: `${base}/res.php?key=${customer.apiKey}&action=get&id=${pending}` });
  if (part('submission')) {
    await run('in.php image submission', {
      url: `${base}/in.php`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: customer.apiKey, method: 'base64', body: png }),
    });
  }
  // Keep the queue from the submission run out of the latency runs below.
  await db.query(`update tasks set state = 'unsolvable', ended_at = now() where state = 'queued'`);
  // That mass update is the bench's own doing: let its clean-up happen now, not inside the next run.
  await db.query('vacuum analyze tasks');

  // Submit-to-offer (quiet, under page/poll load, one core burnt) and the loop end to end: 20
  // trained workers answer at once (bench/dispatch.ts).
  const workers = Array.from({ length: 20 }, (_, i) =>
    userCreate(dbUrl, ['--email', `bench-worker${i}@example.test`, '--password', 'benchpassword1', '--type', 'worker', '--trained']),
  );
  if (part('dispatch')) {
    const workerCookies = await Promise.all(workers.map((_w, i) => login(base, `bench-worker${i}@example.test`, 'benchpassword1')));
    // A not-ready task of another customer for the poll load: its polls never touch the bench's tasks.
    const poller = userCreate(dbUrl, ['--email', 'bench-poller@example.test', '--password', 'benchpassword1', '--type', 'customer', '--balance', '10']);
    const pollTask = await submitAs(poller.apiKey);
    await db.query(`update tasks set state = 'assigned', worker_id = $2, lease_expires_at = now() + interval '1 hour', expires_at = now() + interval '1 hour' where id = $1`, [pollTask, poller.id]);
    await dispatchScenarios({ base, apiKey: customer.apiKey, png, workerCookies, pollUrl: `${base}/res.php?key=${poller.apiKey}&action=get&id=${pollTask}`, meter }, (m) => out.push(m));
  }
  if (!part('claim')) {
    await db.end();
    return out;
  }

  // Claim latency with a million queued tasks (BENCH_CLAIM_ROWS to change it).
  const rows = Number(process.env.BENCH_CLAIM_ROWS ?? 1_000_000);
  const customerId = customer.id;
  await db.query(`
    insert into tasks (customer_id, type, kind, state, payload, price, reward, api_version, source_ip, max_attempts, expires_at)
    select $1, 'normal', 'image', 'queued', '{"type":"normal","params":{}}'::jsonb, 500, 300, 'v1', '127.0.0.1', 3, now() + interval '1 day'
    from generate_series(1, $2::int)`, [customerId, rows]);
  // The bench's own bulk insert: its clean-up (and fresh statistics) now, not during the claims.
  await db.query('vacuum analyze tasks');
  const workerId = workers[0]!.id;
  const claims = async (note: string) => {
    const database = await openDatabase({ databaseUrl: dbUrl, migrate: false, poolSize: 1 });
    const times: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const t0 = performance.now();
      await claimNextTask(database.db, { workerId, languages: ['en'] }, { image: 45, token: 180 });
      times.push(performance.now() - t0);
    }
    await database.close();
    out.push({ name: `claim with ${rows.toLocaleString('en')} queued (tasks.repo claimNextTask)`, p50: Math.round(percentile(times, 50) * 100) / 100, p99: Math.round(percentile(times, 99) * 100) / 100, note: `2000 claims, one connection; ${note}` });
  };
  // Twice: beside the running app (its background jobs, such as the statistics roll-up over the
  // million tasks just created, share these two cores), then the query alone with the app stopped.
  await claims('app running');
  await stopApp();
  await claims('app stopped');
  await db.end();
  return out;
}
