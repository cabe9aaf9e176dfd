import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';

/**
 * Two transactions that take the same two account rows in opposite orders deadlock on PostgreSQL;
 * the server aborts one of them. The database layer runs the victim again, so both complete and
 * both balance changes land exactly once.
 */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL transactions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a deadlock victim is run again and both transactions land once', async () => {
    const a = await buildUser(t, { balance: '1.00' });
    const b = await buildUser(t, { balance: '1.00' });
    let runs = 0;
    let arrived = 0;
    let release!: () => void;
    const bothHoldFirstLock = new Promise<void>((resolve) => (release = resolve));
    const move = (first: number, second: number) =>
      t.database.db.transaction(async (tx) => {
        runs++;
        await tx.execute(sql`update users set balance = balance + 1 where id = ${first}`);
        if (++arrived === 2) release();
        await bothHoldFirstLock; // the retry passes straight through: the barrier is already open
        await tx.execute(sql`update users set balance = balance + 1 where id = ${second}`);
      });
    await Promise.all([move(a.id, b.id), move(b.id, a.id)]);
    expect(runs).toBe(3); // two first tries, one deadlock victim run again
    const rows = (await t.database.db.execute(sql`select balance::bigint as balance from users where id in (${a.id}, ${b.id}) order by id`)).rows as { balance: number }[];
    expect(rows.map((r) => Number(r.balance))).toEqual([1_000_002, 1_000_002]);
  });
});
