import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '#server/app.ts';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

type Row = Record<string, unknown>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 22 #4: a node restarted cleanly under load, with workers connected. Node A takes
 * submissions while 8 workers solve over /ws (each answer takes 0–400 ms); A is closed as SIGTERM
 * closes it (app.close(): the hub drains — answers in flight are accepted, what is still held is
 * handed back — and sockets close with 1012); workers reconnect to node B on the same database,
 * which takes the rest of the submissions. Every task is solved once, charged once, paid once.
 */
describe('a clean restart under load', () => {
  let t: TestApp;
  let nodeB: FastifyInstance | null = null;
  afterAll(async () => {
    await nodeB?.close();
    await t?.database.close();
    if (t) rmSync(t.config.DATA_DIR, { recursive: true, force: true });
  });

  it('loses no task, charges none twice, and has the workers back within seconds', async () => {
    t = await buildTestApp({ RATE_LIMITS: 'false', SHUTDOWN_GRACE_SECONDS: '4' });
    const nodeA = t.app;
    await nodeA.listen({ port: 0, host: '127.0.0.1' });
    let port = (nodeA.server.address() as AddressInfo).port;
    let current: FastifyInstance = nodeA;

    const customer = await buildUser(t, { balance: '50.00' });
    const png = makePng().toString('base64');
    const ctx = { db: t.database.db, log: nodeA.log, config: t.config, mailer: nodeA.mailer };
    const workers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const w = await buildUser(t, { userType: 'worker' });
        await markTrainingPassed(ctx, w.id);
        return { id: w.id, cookie: await sessionCookieFor(t, w.id) };
      }),
    );

    // Each worker: connect, start, answer every offer after 0–400 ms; on any close, reconnect.
    let stopping = false;
    const readyAt: number[] = [];
    const closeCodes: number[] = [];
    const connect = (w: (typeof workers)[number], i: number) => {
      if (stopping) return;
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: w.cookie } });
      socket.on('open', () => socket.send(JSON.stringify({ type: 'start' })));
      socket.on('message', (raw) => {
        const msg = JSON.parse(String(raw)) as { type: string; task?: { id: number } };
        if (msg.type === 'ready') readyAt[i] = Date.now();
        if (msg.type === 'offer') {
          const id = msg.task!.id;
          // Worker 0 sits on its task while node A runs: A must hand it back when it shuts down.
          if (i === 0 && current === nodeA) {
            heldByA.push(id);
            return;
          }
          setTimeout(() => socket.readyState === socket.OPEN && socket.send(JSON.stringify({ type: 'answer', taskId: id, answer: { kind: 'text', text: `w${i}t${id}` } })), Math.random() * 400);
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', (code) => {
        closeCodes.push(code);
        setTimeout(() => connect(w, i), 200);
      });
      sockets[i] = socket;
    };
    const sockets: WebSocket[] = [];
    const heldByA: number[] = [];
    workers.forEach(connect);

    const submitted: number[] = [];
    const submit = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const res = await current.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png } });
        expect(res.body).toMatch(/^OK\|\d+$/);
        submitted.push(Number(res.body.slice(3)));
        await sleep(15);
      }
    };

    // Load on node A; once workers hold tasks, A shuts down as SIGTERM would.
    await submit(40);
    const busy = await t.database.db.execute(sql`select count(*)::int as n from tasks where state = 'assigned'`);
    expect(Number(((busy as { rows?: Row[] }).rows ?? (busy as unknown as Row[]))[0]!.n)).toBeGreaterThan(0);
    const closing = nodeA.close();
    // Submissions during the shutdown are answered by the next node (a load balancer's job).
    await closing;
    expect(closeCodes.filter((c) => c === 1012).length).toBeGreaterThanOrEqual(workers.length);
    // The task worker 0 held went back to the queue, not to the sweeper's lease expiry.
    expect(heldByA).toHaveLength(1);
    const [held] = await t.database.db.execute(sql`select state, worker_id, attempts from tasks where id = ${heldByA[0]!}`).then((r) => (r as { rows?: Row[] }).rows ?? (r as unknown as Row[]));
    expect(held).toMatchObject({ state: 'queued', worker_id: null, attempts: 0 });

    nodeB = await buildApp({ config: t.config, database: t.database, logger: false });
    await nodeB.listen({ port: 0, host: '127.0.0.1' });
    const upAt = Date.now();
    port = (nodeB.server.address() as AddressInfo).port;
    current = nodeB;
    readyAt.length = 0;
    await submit(40);

    // Every worker is back and working within seconds of the node coming up.
    for (let i = 0; i < 100 && readyAt.filter(Boolean).length < workers.length; i++) await sleep(100);
    expect(readyAt.filter(Boolean)).toHaveLength(workers.length);
    expect(Math.max(...readyAt) - upAt).toBeLessThan(5_000);

    // Every task ends solved (none lost, none left unsolvable by the restart).
    const q = async (query: ReturnType<typeof sql>) => {
      const res = await t.database.db.execute(query);
      return (res as { rows?: Row[] }).rows ?? (res as unknown as Row[]);
    };
    for (let i = 0; i < 200; i++) {
      const [row] = await q(sql`select count(*) filter (where state = 'solved')::int as solved from tasks where customer_id = ${customer.id}`);
      if (Number(row!.solved) === submitted.length) break;
      await sleep(100);
    }
    stopping = true;
    for (const s of sockets) s.close();
    const states = await q(sql`select state, count(*)::int as n from tasks where customer_id = ${customer.id} group by state`);
    expect(states).toEqual([{ state: 'solved', n: submitted.length }]);

    // Charged once, paid once, nothing refunded; the hand-back counted no attempt against anyone.
    const [books] = await q(sql`
      select
        (select count(*) from ledger_entries where kind = 'charge' and user_id = ${customer.id})::int as charges,
        (select count(distinct task_id) from ledger_entries where kind = 'charge' and user_id = ${customer.id})::int as charged_tasks,
        (select count(*) from ledger_entries where kind = 'refund' and user_id = ${customer.id})::int as refunds,
        (select count(*) from ledger_entries where kind = 'earning' and task_id in (select id from tasks where customer_id = ${customer.id}))::int as earnings,
        (select count(*) from task_attempts where outcome in ('skipped', 'expired') and task_id in (select id from tasks where customer_id = ${customer.id}))::int as lost_attempts,
        (select balance from users where id = ${customer.id}) as balance,
        (select sum(amount) from ledger_entries where user_id = ${customer.id}) as ledger_sum`);
    expect(books).toMatchObject({ charges: submitted.length, charged_tasks: submitted.length, refunds: 0, earnings: submitted.length, lost_attempts: 0 });
    // The balance is its ledger: the $50 it was given less one charge per task.
    expect(Number(books!.balance)).toBe(Number(books!.ledger_sum));
    expect(Number(books!.balance)).toBeLessThan(50_000_000);
  }, 60_000);
});
