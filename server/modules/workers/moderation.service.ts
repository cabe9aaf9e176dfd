import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { BlockedWorker } from '#shared/contracts/moderation.ts';
import { taskAttempts, tasks, users, workerProfiles } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { flaggedExamCounts } from './training.repo.ts';

const MEDIA_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'audio/mpeg']);

/** Workers paused for too many mistakes, with the evidence a moderator needs (shape: BlockedWorker in shared/contracts/moderation.ts). */
export async function listBlockedWorkers(ctx: Ctx): Promise<BlockedWorker[]> {
  const rows = await ctx.db
    .select({ userId: workerProfiles.userId, email: users.email, mistakes: workerProfiles.mistakes, blockedAt: workerProfiles.blockedAt, trustedAt: workerProfiles.trustedAt })
    .from(workerProfiles)
    .innerJoin(users, eq(users.id, workerProfiles.userId))
    // A banned (blocked) or deleted account has had its decision: it leaves the review queue.
    .where(and(isNotNull(workerProfiles.blockedAt), isNull(users.blockedAt), isNull(users.deletedAt)))
    .orderBy(desc(workerProfiles.blockedAt))
    .limit(200);
  const flagged = await flaggedExamCounts(ctx.db, rows.map((r) => r.userId));
  return Promise.all(
    rows.map(async (r) => ({
      userId: r.userId,
      email: r.email,
      mistakes: r.mistakes,
      blockedAt: r.blockedAt!.toISOString(),
      trusted: r.trustedAt !== null,
      flaggedExams: flagged.get(r.userId)?.count ?? 0,
      evidence: (
        await ctx.db
          .select({
            taskId: taskAttempts.taskId,
            type: tasks.type,
            answer: taskAttempts.answer,
            at: taskAttempts.createdAt,
            // What the worker saw: the image (GET /v2/moderation/tasks/:id/image) and the question or instructions.
            hasImage: sql<boolean>`${tasks.image} is not null`,
            instructions: sql<string | null>`${tasks.payload} -> 'params' ->> 'comment'`,
            // The trusted re-solve that judged the report, when there was one.
            correct: sql<Record<string, unknown> | null>`(select v.answer from tasks v where v.verifies_task_id = ${tasks.id} and v.state = 'solved' order by v.id desc limit 1)`,
          })
          .from(taskAttempts)
          .innerJoin(tasks, eq(tasks.id, taskAttempts.taskId))
          .where(and(eq(taskAttempts.workerId, r.userId), eq(taskAttempts.outcome, 'wrong')))
          .orderBy(desc(taskAttempts.createdAt))
          .limit(20)
      ).map((e) => ({ ...e, hasImage: Boolean(e.hasImage), at: e.at.toISOString() })),
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

/**
 * Trusted workers re-solve reported images to judge the report (reports.service). Moderators and
 * admins grant and withdraw the trust; a trusted worker still needs the training and no pause.
 * @throws AppError NOT_FOUND when the user is not a (live) worker
 */
export async function setWorkerTrusted(ctx: Ctx, userId: number, trusted: boolean) {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.userType, 'worker'), isNull(users.deletedAt)));
  if (!user) throw new AppError('NOT_FOUND', 'No such worker.');
  const trustedAt = trusted ? new Date() : null;
  await ctx.db
    .insert(workerProfiles)
    .values({ userId, trustedAt })
    .onConflictDoUpdate({ target: workerProfiles.userId, set: { trustedAt: trusted ? sql`coalesce(${workerProfiles.trustedAt}, now())` : null } });
}

/**
 * The image (or audio) of a task that is evidence against a worker, for the moderator's review.
 * @throws AppError NOT_FOUND when the task has no media or no upheld mistake on it
 */
export async function evidenceMedia(ctx: Ctx, taskId: number): Promise<{ data: Buffer; contentType: string }> {
  const [row] = await ctx.db
    .select({ image: tasks.image })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), sql`exists (select 1 from task_attempts a where a.task_id = ${tasks.id} and a.outcome = 'wrong')`));
  if (!row?.image) throw new AppError('NOT_FOUND', 'This task has no image to review.');
  const sniffed = await fileTypeFromBuffer(row.image);
  const contentType = sniffed && MEDIA_TYPES.has(sniffed.mime) ? sniffed.mime : 'application/octet-stream';
  return { data: row.image, contentType };
}
