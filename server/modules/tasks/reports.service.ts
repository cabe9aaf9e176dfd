import { and, eq, sql } from 'drizzle-orm';
import { tasks, taskAttempts, workerProfiles } from '#server/db/schema/index.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { applyLedgerEntry } from '#server/modules/billing/billing.repo.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import { TaskError } from './task-error.ts';
import { RESULT_WINDOW_MS } from './tasks.service.ts';

/** Reports are refused when more than this share of the customer's recent reports were rejected. */
export const MAX_UNJUSTIFIED_SHARE = 0.4;
/** Upheld mistakes since the last review after which a worker waits for a moderator. */
export const MISTAKES_BEFORE_REVIEW = 5;

/**
 * A customer's verdict on an answer, within 15 minutes, once per task. An upheld "bad" report
 * refunds the customer, takes the earning back from the worker as far as their balance allows,
 * and counts a mistake for the worker.
 * @throws TaskError ERROR_WRONG_CAPTCHA_ID, ERROR_REPORT_NOT_RECORDED, ERROR_DUPLICATE_REPORT
 */
export async function reportTask(ctx: Ctx, customerId: number, taskId: number, verdict: 'bad' | 'good') {
  await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const res = await tx.execute(sql`select id from tasks where id = ${taskId} and customer_id = ${customerId} for update`);
    if (res.rows.length === 0) throw new TaskError('ERROR_WRONG_CAPTCHA_ID');
    const [task] = await tx.select().from(tasks).where(eq(tasks.id, taskId));
    if (!task || task.state !== 'solved' || Date.now() - task.createdAt.getTime() > RESULT_WINDOW_MS) throw new TaskError('ERROR_REPORT_NOT_RECORDED');
    if (task.report) throw new TaskError('ERROR_DUPLICATE_REPORT');
    if (verdict === 'good') {
      await tx.update(tasks).set({ report: 'good', reportedAt: new Date() }).where(eq(tasks.id, taskId));
      return;
    }
    const [stats] = await tx
      .select({ total: sql<number>`count(*)::int`, rejected: sql<number>`count(*) filter (where report_outcome = 'rejected')::int` })
      .from(tasks)
      .where(and(eq(tasks.customerId, customerId), eq(tasks.report, 'bad')));
    if (stats && Number(stats.total) >= 10 && Number(stats.rejected) / Number(stats.total) > MAX_UNJUSTIFIED_SHARE) {
      throw new TaskError('ERROR_REPORT_NOT_RECORDED');
    }
    await tx.update(tasks).set({ report: 'bad', reportedAt: new Date(), reportOutcome: 'upheld' }).where(eq(tasks.id, taskId));
    await postLedgerEntry(t, { userId: customerId, amount: task.price, kind: 'refund', reason: `upheld report on captcha ${taskId}`, taskId });
    if (task.solvedBy !== null) {
      if (task.reward > 0) {
        // Take back what is still there; a worker's balance never goes below zero.
        const taken = await applyLedgerEntry(tx, { userId: task.solvedBy, amount: -task.reward, kind: 'adjustment', reason: `upheld report on captcha ${taskId}` });
        if (taken === null) ctx.log.info({ taskId, workerId: task.solvedBy }, 'earning already withdrawn; report absorbed by the platform');
      }
      await tx.update(taskAttempts).set({ outcome: 'wrong' }).where(and(eq(taskAttempts.taskId, taskId), eq(taskAttempts.workerId, task.solvedBy)));
      // Too many upheld mistakes pause the worker until a moderator reviews the evidence.
      await tx
        .insert(workerProfiles)
        .values({ userId: task.solvedBy, mistakes: 1 })
        .onConflictDoUpdate({
          target: workerProfiles.userId,
          set: {
            mistakes: sql`${workerProfiles.mistakes} + 1`,
            blockedAt: sql`case when ${workerProfiles.mistakes} + 1 >= ${MISTAKES_BEFORE_REVIEW} then coalesce(${workerProfiles.blockedAt}, now()) else ${workerProfiles.blockedAt} end`,
          },
        });
    }
  });
}
