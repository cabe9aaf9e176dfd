import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

// A backlog of 3: a burst of submissions overflows the group commit at once.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', SUBMISSION_BACKLOG: '3' });
});
afterAll(() => t.close());

const png = makePng().toString('base64');
const one = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows[0] as T;

describe('submissions beyond capacity', () => {
  it('answer ERROR_NO_SLOT_AVAILABLE (v1) and errorId 2 (v2) at once, charging only what was queued', async () => {
    const customer = await buildUser(t, { balance: '10.00' });
    const before = Number((await one<{ balance: number }>(sql`select balance from users where id = ${customer.id}`)).balance);
    // Warm the key cache so the burst reaches the queue together.
    expect((await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png } })).body).toMatch(/^OK\|/);
    // The customer's balance row is held by another transaction (on PGlite, the only connection is):
    // the writers wait, the line fills, and what comes beyond it is answered without waiting.
    let burst: Promise<Awaited<ReturnType<typeof t.app.inject>>[]> = Promise.resolve([]);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from users where id = ${customer.id} for update`);
      burst = Promise.all([
        ...Array.from({ length: 30 }, () => t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png } })),
        ...Array.from({ length: 30 }, () => t.app.inject({ method: 'POST', url: '/createTask', payload: { clientKey: customer.apiKey, task: { type: 'ImageToTextTask', body: png } } })),
      ]);
      await new Promise((r) => setTimeout(r, 500));
    });
    const answers = await burst;
    const v1 = answers.slice(0, 30).map((r) => r.body);
    const v2 = answers.slice(30).map((r) => r.json<{ errorId: number; errorCode?: string; taskId?: number }>());
    expect(v1.every((b) => /^OK\|\d+$/.test(b) || b === 'ERROR_NO_SLOT_AVAILABLE')).toBe(true);
    expect(v2.every((b) => (b.errorId === 0 && b.taskId) || (b.errorId === 2 && b.errorCode === 'ERROR_NO_SLOT_AVAILABLE'))).toBe(true);
    // The writer holds one submission, three wait: everything else was refused.
    const refused = v1.filter((b) => b === 'ERROR_NO_SLOT_AVAILABLE').length + v2.filter((b) => b.errorId === 2).length;
    const accepted = 60 - refused;
    expect(accepted).toBe(4);

    const tasks = await one<{ n: number; charged: number }>(sql`select count(*)::int as n, coalesce(sum(price), 0)::bigint as charged from tasks where customer_id = ${customer.id}`);
    expect(Number(tasks.n)).toBe(accepted + 1);
    const after = Number((await one<{ balance: number }>(sql`select balance from users where id = ${customer.id}`)).balance);
    expect(before - after).toBe(Number(tasks.charged));
    const ledger = await one<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${customer.id}`);
    expect(Number(ledger.s)).toBe(after);
    const counted = (await t.app.metrics.submissions.get()).values;
    expect(counted.find((v) => v.labels.outcome === 'refused_overload')?.value).toBe(refused);
  });
});
