import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { taskAttempts, tasks, users, workerProfiles } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';

/** Workers paused for too many mistakes, with the evidence a moderator needs. */
export async function listBlockedWorkers(ctx: Ctx) {
  const rows = await ctx.db
    .select({ userId: workerProfiles.userId, email: users.email, mistakes: workerProfiles.mistakes, blockedAt: workerProfiles.blockedAt })
    .from(workerProfiles)
    .innerJoin(users, eq(users.id, workerProfiles.userId))
    .where(isNotNull(workerProfiles.blockedAt))
    .orderBy(desc(workerProfiles.blockedAt))
    .limit(200);
  return Promise.all(
    rows.map(async (r) => ({
      userId: r.userId,
      email: r.email,
      mistakes: r.mistakes,
      blockedAt: r.blockedAt!.toISOString(),
      evidence: (
        await ctx.db
          .select({ taskId: taskAttempts.taskId, type: tasks.type, answer: taskAttempts.answer, at: taskAttempts.createdAt })
          .from(taskAttempts)
          .innerJoin(tasks, eq(tasks.id, taskAttempts.taskId))
          .where(and(eq(taskAttempts.workerId, r.userId), eq(taskAttempts.outcome, 'wrong')))
          .orderBy(desc(taskAttempts.createdAt))
          .limit(20)
      ).map((e) => ({ ...e, at: e.at.toISOString() })),
    })),
  );
}

/**
 * A moderator's verdict: unblock (mistakes forgiven), retrain (unblock, but the training must be
 * passed again) or ban (the account is blocked).
 * @throws AppError NOT_FOUND when the worker is not waiting for review
 */
export async function reviewWorker(ctx: Ctx, userId: number, action: 'unblock' | 'retrain' | 'ban') {
  const [profile] = await ctx.db.select().from(workerProfiles).where(and(eq(workerProfiles.userId, userId), isNotNull(workerProfiles.blockedAt)));
  if (!profile) throw new AppError('NOT_FOUND', 'This worker is not waiting for review.');
  await ctx.db.transaction(async (tx) => {
    if (action === 'ban') {
      await tx.update(users).set({ blockedAt: sql`now()` }).where(eq(users.id, userId));
      return;
    }
    await tx
      .update(workerProfiles)
      .set({
        blockedAt: null,
        mistakes: 0,
        ...(action === 'retrain' ? { trainingPassedAt: null, trainingAttempt: profile.trainingAttempt + 1 } : {}),
      })
      .where(eq(workerProfiles.userId, userId));
  });
}
