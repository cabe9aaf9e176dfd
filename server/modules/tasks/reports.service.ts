import { and, eq, isNull, sql } from 'drizzle-orm';
import { tasks } from '#server/db/schema/index.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { applyLedgerEntry, findBalance } from '#server/modules/billing/billing.repo.ts';
import { TaskError } from './task-error.ts';
import * as repo from './tasks.repo.ts';
import { queueVerification, RESULT_WINDOW_MS } from './tasks.service.ts';
import { upholdReport } from './verification.service.ts';

export { MISTAKES_BEFORE_REVIEW } from './verification.service.ts';

/** Reports are refused when more than this share of the customer's judged reports were rejected. */
export const MAX_UNJUSTIFIED_SHARE = 0.4;
/** The share is only applied once the customer has this many judged reports. */
export const MIN_JUDGED_REPORTS = 10;

/**
 * Freezes what the worker earned on a reported task (a ledger `hold` on the task), at most what
 * their balance still allows: a worker's balance never goes below zero.
 */
async function holdReward(ctx: Ctx, task: repo.TaskRow) {
  if (task.solvedBy === null || task.reward <= 0) return;
  const balance = (await findBalance(ctx.db, task.solvedBy)) ?? 0;
  const held = Math.min(task.reward, balance);
  const applied = held > 0 ? await applyLedgerEntry(ctx.db, { userId: task.solvedBy, amount: -held, kind: 'hold', reason: `report on captcha ${task.id}`, taskId: task.id }) : null;
  if (applied === null) ctx.log.info({ taskId: task.id, workerId: task.solvedBy }, 'earning already withdrawn; nothing to hold, a verdict against the worker is absorbed by the platform');
}

/**
 * A customer's verdict on an answer, within 15 minutes, once per task.
 *
 * "Bad" on an image answer: the report is pending, the worker's reward is held, and a trusted
 * worker re-solves the image; verification.service gives the verdict (refund, or the hold
 * released). "Bad" on a token answer (cannot be re-solved) or a sandbox task: upheld at once. Refused
 * for 100 % recognition tasks (the answer already is a consensus), and when more than 40 % of the
 * customer's judged reports (at least ten) were rejected.
 * @throws TaskError ERROR_WRONG_CAPTCHA_ID, ERROR_REPORT_NOT_RECORDED, ERROR_DUPLICATE_REPORT
 */
export async function reportTask(ctx: Ctx, customerId: number, taskId: number, verdict: 'bad' | 'good') {
  await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const task = await repo.lockCustomerTask(tx, customerId, taskId);
    if (!task) throw new TaskError('ERROR_WRONG_CAPTCHA_ID');
    if (task.state !== 'solved' || Date.now() - task.createdAt.getTime() > RESULT_WINDOW_MS) throw new TaskError('ERROR_REPORT_NOT_RECORDED');
    if (task.report) throw new TaskError('ERROR_DUPLICATE_REPORT');
    if (verdict === 'good') {
      await repo.updateTask(tx, taskId, { report: 'good', reportedAt: new Date() });
      return;
    }
    if (task.consensus) throw new TaskError('ERROR_REPORT_NOT_RECORDED', 'Reports are off for 100% recognition tasks.');
    const [stats] = await tx
      .select({ judged: sql<number>`count(*)::int`, rejected: sql<number>`count(*) filter (where report_outcome = 'rejected')::int` })
      .from(tasks)
      .where(and(eq(tasks.customerId, customerId), eq(tasks.report, 'bad'), sql`report_outcome in ('upheld', 'rejected')`, isNull(tasks.verifiesTaskId)));
    if (stats && Number(stats.judged) >= MIN_JUDGED_REPORTS && Number(stats.rejected) / Number(stats.judged) > MAX_UNJUSTIFIED_SHARE) {
      throw new TaskError('ERROR_REPORT_NOT_RECORDED');
    }
    await holdReward(t, task);
    if (task.kind === 'image' && !task.sandbox && task.solvedBy !== null) {
      await repo.updateTask(tx, taskId, { report: 'bad', reportedAt: new Date(), reportOutcome: 'pending' });
      await queueVerification(t, task);
      return;
    }
    await repo.updateTask(tx, taskId, { report: 'bad', reportedAt: new Date() });
    await upholdReport(t, task);
  });
}
