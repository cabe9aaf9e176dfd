import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markTrainingPassed } from '#server/modules/workers/workers.service.ts';
import { buildTestApp, heard, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { answerTask, claimTask } from './tasks.service.ts';

// The worker's answer on the hot path: checked against the task as offered, solved and paid in
// one statement; everything else (and every conflict) through the full transaction.
let t: TestApp;
const png = makePng().toString('base64');
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ balance: number }>(sql`select balance from users where id = ${id}`))[0]!.balance);
const ledgerOf = async (id: number) => Number((await q<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${id}`))[0]!.s);

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

async function claimOwn(workerId: number, id: number) {
  let task = await claimTask(ctx(), { id: workerId, languages: ['en'] });
  while (task && task.id !== id) {
    await answerTask(ctx(), workerId, task.id, { kind: 'text', text: 'x' });
    task = await claimTask(ctx(), { id: workerId, languages: ['en'] });
  }
  expect(task?.id).toBe(id);
  return task!;
}

describe('answering an offered plain task', () => {
  it('solves, records the attempt, pays the worker exactly once and the customer reads the result', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const worker = await buildUser(t, { userType: 'worker' });
    await markTrainingPassed(ctx(), worker.id);
    const id = Number((await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png } })).body.slice(3));
    const task = await claimOwn(worker.id, id);
    const before = await balanceOf(worker.id);

    // A malformed answer writes nothing.
    await expect(answerTask(ctx(), worker.id, id, { kind: 'grid', cells: [1] }, task)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await q<{ state: string }>(sql`select state from tasks where id = ${id}`))[0]!.state).toBe('assigned');

    const result = await answerTask(ctx(), worker.id, id, { kind: 'text', text: 'w9h5k' }, task);
    expect(result).toMatchObject({ taskId: id, reward: task.reward, balance: before + task.reward });
    const [row] = await q<{ state: string; solved_by: number; attempts: number; answer: unknown }>(sql`select state, solved_by, attempts, answer from tasks where id = ${id}`);
    expect(row).toMatchObject({ state: 'solved', attempts: 1, answer: { kind: 'text', text: 'w9h5k' } });
    expect(Number(row!.solved_by)).toBe(worker.id);
    const attempts = await q<{ outcome: string }>(sql`select outcome from task_attempts where task_id = ${id}`);
    expect(attempts.map((a) => a.outcome)).toEqual(['accepted']);
    expect(await balanceOf(worker.id)).toBe(before + task.reward);
    expect(await ledgerOf(worker.id)).toBe(await balanceOf(worker.id));

    // Twice is a conflict, and pays nothing more.
    await expect(answerTask(ctx(), worker.id, id, { kind: 'text', text: 'again' }, task)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await balanceOf(worker.id)).toBe(before + task.reward);

    // The end was announced: the customer's poll answers from the result cache.
    await heard();
    expect((await t.app.inject({ url: `/res.php?key=${customer.apiKey}&action=get&id=${id}` })).body).toBe('OK|w9h5k');
  });

  it('a task with a soft_id takes the full transaction (the developer is credited too)', async () => {
    const customer = await buildUser(t, { balance: '1.00' });
    const worker = await buildUser(t, { userType: 'worker' });
    await markTrainingPassed(ctx(), worker.id);
    const id = Number((await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png } })).body.slice(3));
    const task = await claimOwn(worker.id, id);
    await t.database.db.execute(sql`update tasks set soft_id = 999999 where id = ${id}`); // an unknown soft_id: credits nobody
    const result = await answerTask(ctx(), worker.id, id, { kind: 'text', text: 'abc' }, task);
    expect(result.reward).toBe(task.reward);
    expect((await q<{ state: string }>(sql`select state from tasks where id = ${id}`))[0]!.state).toBe('solved');
    expect(await ledgerOf(worker.id)).toBe(await balanceOf(worker.id));
  });
});
