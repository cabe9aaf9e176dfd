/**
 * Judging a customer's "bad" report. A report on an image answer freezes the worker's reward (a
 * ledger `hold`) and queues a re-solve by a trusted worker (tasks.verifies_task_id); this module
 * applies the verdict when the re-solve ends:
 *
 * - the trusted answer differs from the reported one, or the re-solve ends unsolvable (nobody
 *   trusted could solve it in time: the customer gets the benefit of the doubt) → upheld: the
 *   customer is refunded, the held reward stays with the platform, the worker gets a mistake;
 * - the answers agree → rejected: the hold is released to the worker, no refund, and the report
 *   counts as unjustified for the customer's 40 % rule.
 *
 * Token answers cannot be re-solved: their reports are upheld at once (reports.service).
 */
import { sql } from 'drizzle-orm';
import type { Answer, NormalizedTask } from '#shared/captcha-types/index.ts';
import { sameAnswer } from '#shared/captcha-types/compare.ts';
import { workerProfiles } from '#server/db/schema/index.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { findTaskEntryAmount } from '#server/modules/billing/billing.repo.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import * as repo from './tasks.repo.ts';

/** Upheld mistakes since the last review after which a worker waits for a moderator. */
export const MISTAKES_BEFORE_REVIEW = 5;

/** One more upheld mistake; too many pause the worker until a moderator reviews the evidence. */
export async function countMistake(ctx: Ctx, workerId: number) {
  await ctx.db
    .insert(workerProfiles)
    .values({ userId: workerId, mistakes: 1 })
    .onConflictDoUpdate({
      target: workerProfiles.userId,
      set: {
        mistakes: sql`${workerProfiles.mistakes} + 1`,
        blockedAt: sql`case when ${workerProfiles.mistakes} + 1 >= ${MISTAKES_BEFORE_REVIEW} then coalesce(${workerProfiles.blockedAt}, now()) else ${workerProfiles.blockedAt} end`,
      },
    });
}

/**
 * An upheld report on a (locked) task: the customer's refund, the worker's mistake. What the
 * worker earned was held already (the hold is never released).
 */
export async function upholdReport(ctx: Ctx, task: repo.TaskRow) {
  await repo.updateTask(ctx.db, task.id, { reportOutcome: 'upheld' });
  if (task.price > 0) await postLedgerEntry(ctx, { userId: task.customerId, amount: task.price, kind: 'refund', reason: `upheld report on captcha ${task.id}`, taskId: task.id });
  if (task.solvedBy !== null) {
    await repo.markAttemptWrong(ctx.db, task.id, task.solvedBy);
    await countMistake(ctx, task.solvedBy);
  }
}

/**
 * The verdict on a pending report once its re-solve ended: `reSolve` is the trusted worker's
 * answer, or null when the re-solve ended unsolvable. Call in the transaction that ends the
 * re-solve. A report already judged is left alone.
 */
export async function judgeReport(ctx: Ctx, taskId: number, reSolve: Answer | null) {
  const task = await repo.lockTask(ctx.db, taskId);
  if (!task || task.reportOutcome !== 'pending') return;
  const reported = task.answer as Answer | null;
  const upheld = reSolve === null || reported === null || !sameAnswer(task.payload as unknown as NormalizedTask, reported, reSolve);
  if (upheld) {
    await upholdReport(ctx, task);
    ctx.log.info({ taskId, reSolved: reSolve !== null }, 'report upheld by the re-solve');
    return;
  }
  await repo.updateTask(ctx.db, task.id, { reportOutcome: 'rejected' });
  if (task.solvedBy !== null) {
    const held = await findTaskEntryAmount(ctx.db, task.id, 'hold', task.solvedBy);
    if (held !== null && held < 0) {
      await postLedgerEntry(ctx, { userId: task.solvedBy, amount: -held, kind: 'release', reason: `report on captcha ${task.id} rejected by a re-solve`, taskId: task.id });
    }
  }
  ctx.log.info({ taskId }, 'report rejected by the re-solve');
}
