import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, heard, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { addPingbackHost, deliverDuePingbacks } from './pingback.service.ts';
import { answerTask, claimTask, sweepTasks } from './tasks.service.ts';

let t: TestApp;
const png = makePng().toString('base64');
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ balance: number }>(sql`select balance from users where id = ${id}`))[0]!.balance);
const ledgerOf = async (id: number) => Number((await q<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${id}`))[0]!.s);
const submit = (key: string, extra: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/in.php', payload: { key, method: 'base64', body: png, ...extra } });

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', PINGBACK_ALLOW_PRIVATE: 'true' });
});
afterAll(() => t.close());

describe('money under concurrency', () => {
  it('300 concurrent submissions against a balance for 100: exactly 100 accepted, never negative', async () => {
    // The floor price of an image captcha is $0.50 per 1000: 500 micro-USD each.
    const customer = await buildUser(t, { balance: '0.05' });
    const results = await Promise.all(Array.from({ length: 300 }, () => submit(customer.apiKey)));
    const bodies = results.map((r) => r.body);
    expect(bodies.filter((b) => b.startsWith('OK|'))).toHaveLength(100);
    expect(bodies.filter((b) => b === 'ERROR_ZERO_BALANCE')).toHaveLength(200);
    expect(await balanceOf(customer.id)).toBe(0);
    // The ledger explains the balance exactly: 5 cents in, 100 charges out.
    expect(await ledgerOf(customer.id)).toBe(0);
    const [row] = await q<{ n: number }>(sql`select count(*)::int as n from tasks where customer_id = ${customer.id}`);
    expect(Number(row!.n)).toBe(100);
  });
});

describe('leases and lifetimes', () => {
  it('requeues an expired lease, then ends the task unsolvable and refunded after the attempt limit', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const id = Number((await submit(customer.apiKey)).body.slice(3));
    const charged = 1_000_000 - (await balanceOf(customer.id));
    const workers = await Promise.all([1, 2, 3].map(() => buildUser(t, { userType: 'worker' })));
    for (const [i, w] of workers.entries()) {
      await markTrainingPassed(ctx(), w.id);
      // Other tests' tasks may sit ahead in the queue; take ours.
      let task = await claimTask(ctx(), { id: w.id, languages: ['en'] });
      while (task && task.id !== id) {
        await answerTask(ctx(), w.id, task.id, { kind: 'text', text: 'x' });
        task = await claimTask(ctx(), { id: w.id, languages: ['en'] });
      }
      expect(task?.id).toBe(id);
      await t.database.db.execute(sql`update tasks set lease_expires_at = now() - interval '1 second' where id = ${id}`);
      const swept = await sweepTasks(ctx());
      expect(swept.requeued + swept.ended).toBeGreaterThanOrEqual(1);
      const [row] = await q<{ state: string; attempts: number }>(sql`select state, attempts from tasks where id = ${id}`);
      expect(row!.attempts).toBe(i + 1);
      expect(row!.state).toBe(i < 2 ? 'queued' : 'unsolvable');
    }
    expect(await balanceOf(customer.id)).toBe(1_000_000);
    expect(charged).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=get&id=${id}` })).body).toBe('ERROR_CAPTCHA_UNSOLVABLE');
  });

  it('ends a task past its lifetime as unsolvable and refunds it', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const id = Number((await submit(customer.apiKey)).body.slice(3));
    await t.database.db.execute(sql`update tasks set expires_at = now() - interval '1 second' where id = ${id}`);
    await sweepTasks(ctx());
    const [row] = await q<{ state: string }>(sql`select state from tasks where id = ${id}`);
    expect(row!.state).toBe('unsolvable');
    expect(await balanceOf(customer.id)).toBe(1_000_000);
    expect(await ledgerOf(customer.id)).toBe(1_000_000);
  });
});

describe('pingback', () => {
  let server: Server;
  const received: string[] = [];
  let failFirst = 2;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (failFirst-- > 0) {
          res.statusCode = 503;
          res.end('down');
          return;
        }
        received.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('posts id and code, retries while the receiver is down, and logs each failure', async () => {
    const port = (server.address() as AddressInfo).port;
    const customer = await buildUser(t, { balance: '1.00' });
    await addPingbackHost(ctx(), customer.id, `127.0.0.1:${port}`);
    await heard();
    const url = `http://127.0.0.1:${port}/hook`;
    const id = Number((await submit(customer.apiKey, { pingback: url })).body.slice(3));
    await t.database.db.execute(sql`update tasks set expires_at = now() - interval '1 second' where id = ${id}`);
    await sweepTasks(ctx());
    for (let attempt = 0; attempt < 3; attempt++) {
      await t.database.db.execute(sql`update pingbacks set next_attempt_at = now() where task_id = ${id}`);
      await deliverDuePingbacks(ctx());
    }
    expect(received).toEqual([`id=${id}&code=ERROR_CAPTCHA_UNSOLVABLE`]);
    const [row] = await q<{ attempts: number; delivered_at: Date | null; last_error: string | null }>(sql`select attempts, delivered_at, last_error from pingbacks where task_id = ${id}`);
    expect(row).toMatchObject({ attempts: 3, last_error: null });
    expect(row!.delivered_at).toBeTruthy();
  });

  it('refuses a pingback to an unregistered host', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    expect((await submit(customer.apiKey, { pingback: 'http://unregistered.example/x' })).body).toBe('ERROR_BAD_PARAMETERS');
  });
});

describe('mistakes and moderation', () => {
  it('pauses a worker after five upheld reports until a moderator unblocks', async () => {
    const { reportTask, MISTAKES_BEFORE_REVIEW } = await import('./reports.service.ts');
    const { getWorkerState } = await import('#server/modules/workers/workers.service.ts');
    const { listBlockedWorkers, reviewWorker } = await import('#server/modules/workers/moderation.service.ts');
    const { findUserById } = await import('#server/modules/users/users.repo.ts');
    const customer = await buildUser(t, { balance: '1.00' });
    const w = await buildUser(t, { userType: 'worker' });
    await markTrainingPassed(ctx(), w.id);
    const ids: number[] = [];
    for (let i = 0; i < MISTAKES_BEFORE_REVIEW; i++) ids.push(Number((await submit(customer.apiKey)).body.slice(3)));
    // Earlier tests may have left tasks queued; this worker answers everything it is offered.
    for (let task = await claimTask(ctx(), { id: w.id, languages: ['en'] }); task; task = await claimTask(ctx(), { id: w.id, languages: ['en'] })) {
      await answerTask(ctx(), w.id, task.id, { kind: 'text', text: 'wrong' });
    }
    for (const id of ids) await reportTask(ctx(), customer.id, id, 'bad');
    // Each report is judged by a trusted worker's re-solve; a different answer upholds it.
    const { setWorkerTrusted } = await import('#server/modules/workers/moderation.service.ts');
    const judge = await buildUser(t, { userType: 'worker' });
    await markTrainingPassed(ctx(), judge.id);
    await setWorkerTrusted(ctx(), judge.id, true);
    expect(await claimTask(ctx(), { id: w.id, languages: ['en'] }), 'the solver never re-solves their own answer').toBeNull();
    for (let task = await claimTask(ctx(), { id: judge.id, languages: ['en'] }); task; task = await claimTask(ctx(), { id: judge.id, languages: ['en'] })) {
      expect(task.verifiesTaskId).not.toBeNull();
      await answerTask(ctx(), judge.id, task.id, { kind: 'text', text: 'right' });
    }
    const state = await getWorkerState(ctx(), (await findUserById(t.database.db, w.id))!);
    expect(state).toMatchObject({ blocked: true, qualified: false });
    const blocked = await listBlockedWorkers(ctx());
    const entry = blocked.find((b) => b.userId === w.id)!;
    expect(entry.evidence.map((e) => e.taskId).sort()).toEqual([...ids].sort());
    await reviewWorker(ctx(), w.id, 'unblock');
    expect(await getWorkerState(ctx(), (await findUserById(t.database.db, w.id))!)).toMatchObject({ blocked: false, qualified: true });
  });
});
