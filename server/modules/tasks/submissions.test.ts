import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { SubmissionQueue, writeSubmissions, type Submission } from './submissions.ts';
import { countQueuedByTypeUpTo } from './tasks.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await rows<{ balance: number }>(sql`select balance from users where id = ${id}`))[0]!.balance);
const item = (customerId: number, price: number): Submission => ({
  customerId, type: 'normal', kind: 'image', payload: { type: 'normal', params: {} }, image: Buffer.from('img'), language: null, price, reward: 300,
  softId: null, pingback: null, apiVersion: 'v1', sourceIp: '127.0.0.1', sandbox: false, maxAttempts: 3, expiresAt: new Date(Date.now() + 90_000), consensus: null,
});

describe('submissions written together', () => {
  it('accepts each customer’s tasks in order while the balance covers them, in one statement', async () => {
    const a = await buildUser(t, { balance: '0.0012' }); // 1200 micro-USD: two tasks of 500, not a third
    const b = await buildUser(t, { balance: '0.0005' });
    const ids = await writeSubmissions(t.database.db, [item(a.id, 500), item(b.id, 500), item(a.id, 500), item(a.id, 500), item(b.id, 500)]);
    expect(ids.map((id) => id !== null)).toEqual([true, true, true, false, false]);
    expect(await balanceOf(a.id)).toBe(200);
    expect(await balanceOf(b.id)).toBe(0);
    const charges = await rows<{ task_id: number; amount: number; user_id: number }>(sql`select task_id, amount, user_id from ledger_entries where kind = 'charge' and user_id in (${a.id}, ${b.id}) order by task_id`);
    expect(charges.map((c) => [Number(c.task_id), Number(c.amount), Number(c.user_id)])).toEqual(
      [ids[0], ids[1], ids[2]].map((id, i) => [id, -500, i === 1 ? b.id : a.id]).sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    const tasks = await rows<{ id: number; customer_id: number; state: string }>(sql`select id, customer_id, state from tasks where customer_id in (${a.id}, ${b.id})`);
    expect(tasks).toHaveLength(3);
    expect(tasks.every((r) => r.state === 'queued')).toBe(true);
  });

  it('groups what arrives while a batch is written, and a bad row sinks only itself', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const queue = new SubmissionQueue(t.database.db);
    const results = await Promise.allSettled([
      ...Array.from({ length: 20 }, () => queue.submit(item(customer.id, 500))),
      queue.submit({ ...item(customer.id, 500), payload: { n: 1n } }), // cannot be written (a BigInt is no JSON): fails the batch it is in
      queue.submit(item(999_999_999, 500)), // no such account: nothing to charge
    ]);
    expect(results.slice(0, 20).every((r) => r.status === 'fulfilled')).toBe(true);
    expect(results[20]!.status).toBe('rejected');
    expect(results[21]).toMatchObject({ status: 'rejected', reason: { code: 'ERROR_ZERO_BALANCE' } });
    expect(await balanceOf(customer.id)).toBe(1_000_000 - 20 * 500);
    const [sum] = await rows<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${customer.id}`);
    expect(Number(sum!.s)).toBe(await balanceOf(customer.id));
  });

  it('refuses at once beyond its backlog, writing nothing for the refused: balance = ledger', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const outcomes: string[] = [];
    const queue = new SubmissionQueue(t.database.db, { maxBatch: 5, maxWaiting: 5, onOutcome: (o) => outcomes.push(o) });
    // One goes straight to the writer, five wait, the rest are refused without waiting.
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => queue.submit(item(customer.id, 500))));
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(accepted).toHaveLength(6);
    expect(refused).toHaveLength(24);
    expect(refused.every((r) => (r.reason as { code: string }).code === 'ERROR_NO_SLOT_AVAILABLE')).toBe(true);
    expect(outcomes.filter((o) => o === 'accepted')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'refused_overload')).toHaveLength(24);
    const tasks = await rows<{ id: number }>(sql`select id from tasks where customer_id = ${customer.id}`);
    expect(tasks.map((r) => Number(r.id)).sort()).toEqual(accepted.map((r) => (r as PromiseFulfilledResult<number>).value).sort());
    expect(await balanceOf(customer.id)).toBe(1_000_000 - 6 * 500);
    const [sum] = await rows<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${customer.id}`);
    expect(Number(sum!.s)).toBe(await balanceOf(customer.id));
    // Once the line has drained, submissions are accepted again.
    await expect(queue.submit(item(customer.id, 500))).resolves.toBeTypeOf('number');
  });

  it('counts the queue per type for the live price, each count stopping at the cap', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const before = await countQueuedByTypeUpTo(t.database.db, ['normal', 'grid', 'rotate'], 1000);
    await writeSubmissions(t.database.db, [
      ...Array.from({ length: 5 }, () => item(customer.id, 500)),
      ...Array.from({ length: 2 }, () => ({ ...item(customer.id, 500), type: 'grid' })),
    ]);
    const after = await countQueuedByTypeUpTo(t.database.db, ['normal', 'grid', 'rotate'], 1000);
    expect((after.normal ?? 0) - (before.normal ?? 0)).toBe(5);
    expect((after.grid ?? 0) - (before.grid ?? 0)).toBe(2);
    expect(after.rotate).toBeUndefined();
    const capped = await countQueuedByTypeUpTo(t.database.db, ['normal', 'grid'], 2);
    expect(capped).toEqual({ normal: 2, grid: 2 });
  });
});
