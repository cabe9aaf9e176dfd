import { fileTypeFromBuffer } from 'file-type';
import type { BlockedWorker, ExamReviewAction, FlaggedExam } from '#shared/contracts/moderation.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import * as repo from './moderation.repo.ts';
import { decideExamReview, flaggedExamCounts, pendingExamReviews } from './training.repo.ts';
import { markTrainingPassed } from './workers.service.ts';

const MEDIA_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'audio/mpeg']);

/** Workers paused for too many mistakes, with the evidence a moderator needs (shape: BlockedWorker in shared/contracts/moderation.ts). */
export async function listBlockedWorkers(ctx: Ctx): Promise<BlockedWorker[]> {
  const rows = await repo.pausedWorkers(ctx.db, 200);
  const ids = rows.map((r) => r.userId);
  const [flagged, mistakes] = await Promise.all([flaggedExamCounts(ctx.db, ids), repo.mistakesOf(ctx.db, ids)]);
  const evidence = new Map<number, repo.EvidenceRow[]>();
  for (const m of mistakes) evidence.set(m.workerId, [...(evidence.get(m.workerId) ?? []), m]);
  return rows.map((r) => ({
    userId: r.userId,
    email: r.email,
    mistakes: r.mistakes,
    blockedAt: r.blockedAt!.toISOString(),
    trusted: r.trustedAt !== null,
    flaggedExams: flagged.get(r.userId)?.count ?? 0,
    evidence: (evidence.get(r.userId) ?? []).map(({ workerId: _, ...e }) => ({ ...e, at: e.at.toISOString() })),
  }));
}

/**
 * A moderator's verdict: unblock (mistakes forgiven), retrain (unblock, but the training must be
 * passed again) or ban (the account is blocked).
 * @throws AppError NOT_FOUND when the worker is not waiting for review
 */
export async function reviewWorker(ctx: Ctx, userId: number, action: 'unblock' | 'retrain' | 'ban') {
  const profile = await repo.findPausedProfile(ctx.db, userId);
  if (!profile) throw new AppError('NOT_FOUND', 'This worker is not waiting for review.');
  if (action === 'ban') await repo.banUser(ctx.db, userId);
  else await repo.resumeWorker(ctx.db, userId, action === 'retrain' ? profile.trainingAttempt + 1 : null);
}

/**
 * Trusted workers re-solve reported images to judge the report (reports.service). Moderators and
 * admins grant and withdraw the trust; a trusted worker still needs the training and no pause.
 * @throws AppError NOT_FOUND when the user is not a (live) worker
 */
export async function setWorkerTrusted(ctx: Ctx, userId: number, trusted: boolean) {
  if (!(await repo.findLiveWorker(ctx.db, userId))) throw new AppError('NOT_FOUND', 'No such worker.');
  await repo.setTrusted(ctx.db, userId, trusted);
}

/**
 * The image (or audio) of a task that is evidence against a worker, for the moderator's review.
 * @throws AppError NOT_FOUND when the task has no media or no upheld mistake on it
 */
export async function evidenceMedia(ctx: Ctx, taskId: number): Promise<{ data: Buffer; contentType: string }> {
  const image = await repo.evidenceImage(ctx.db, taskId);
  if (!image) throw new AppError('NOT_FOUND', 'This task has no image to review.');
  const sniffed = await fileTypeFromBuffer(image);
  const contentType = sniffed && MEDIA_TYPES.has(sniffed.mime) ? sniffed.mime : 'application/octet-stream';
  return { data: image, contentType };
}

/** Flagged exams with a passing score that wait for a decision, with each question's timing. */
export async function listFlaggedExams(ctx: Ctx): Promise<FlaggedExam[]> {
  const rows = await pendingExamReviews(ctx.db, 200);
  return rows.map((r) => {
    const exam = r.items.filter((i) => i.section === 'exam');
    return {
      id: r.id,
      userId: r.userId,
      email: r.email,
      issuedAt: r.issuedAt.toISOString(),
      answeredAt: r.answeredAt!.toISOString(),
      elapsedMs: r.answeredAt!.getTime() - r.issuedAt.getTime(),
      correct: r.correct ?? 0,
      total: exam.length,
      tooFast: r.tooFast,
      unseen: r.unseen,
      trainingPassed: r.trainingPassedAt !== null,
      questions: exam.map((item, i) => ({ ui: item.ui, seenAfterMs: r.questionTimes?.[i]?.seenAfterMs ?? null, clientMs: r.questionTimes?.[i]?.clientMs ?? null })),
    };
  });
}

/**
 * A moderator's decision on a flagged exam: approve (the worker qualifies, as if the exam had
 * passed) or reject (it stays failed; the worker may take another exam).
 * @throws AppError NOT_FOUND when the exam is not waiting for review
 */
export async function reviewExam(ctx: Ctx, attemptId: number, action: ExamReviewAction, moderatorId: number) {
  const userId = await decideExamReview(ctx.db, attemptId, action === 'approve' ? 'approved' : 'rejected', moderatorId);
  if (userId === undefined) throw new AppError('NOT_FOUND', 'This exam is not waiting for review.');
  if (action === 'approve') await markTrainingPassed(ctx, userId);
}
