import { randomBytes } from 'node:crypto';
import type { ExamResult, MistakeRow, TrainingState, WorkerSummary } from '#shared/contracts/worker.ts';
import { formatMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { getOrCreateSecret } from '#server/modules/settings/secrets.repo.ts';
import { findApiSettings, findMistakes, findWorkerProfile, sumToday, upsertWorkerProfile } from '#server/modules/tasks/tasks.repo.ts';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import { drawItem, itemSeed } from './training-items.ts';
import { renderTrainingPicture } from './training-render.ts';
import {
  examsSubmittedSince,
  findTrainingAttempt,
  findTrainingPicture,
  hasPendingReview,
  insertTrainingAttempt,
  markPictureServed,
  picturesServed,
  recordExam,
  type TrainingAttemptRow,
} from './training.repo.ts';
import { drawTrainingSet, examTokens, EXAMS_PER_DAY, FAIL_COOLDOWN_MINUTES, gradeExam, isTooFast, PASS_MARK, publicTrainingItems } from './training.ts';

export interface WorkerState {
  languages: string[];
  trainingPassed: boolean;
  blocked: boolean;
  /** Real tasks go only to qualified workers: training passed and not blocked. */
  qualified: boolean;
  /** May re-solve reported images (verification tasks). */
  trusted: boolean;
}

export async function getWorkerState(ctx: Ctx, user: UserRow): Promise<WorkerState> {
  const profile = await findWorkerProfile(ctx.db, user.id);
  const languages = profile?.languages ?? ['en'];
  const trainingPassed = Boolean(profile?.trainingPassedAt);
  const blocked = Boolean(profile?.blockedAt) || Boolean(user.blockedAt);
  return { languages, trainingPassed, blocked, qualified: user.userType === 'worker' && trainingPassed && !blocked, trusted: Boolean(profile?.trustedAt) };
}

export async function setWorkerLanguages(ctx: Ctx, userId: number, languages: string[]) {
  await upsertWorkerProfile(ctx.db, userId, { languages: [...new Set(languages)].slice(0, 15) });
}

/** Marks the training as passed (the exam is graded by the training service). */
export async function markTrainingPassed(ctx: Ctx, userId: number) {
  await upsertWorkerProfile(ctx.db, userId, { trainingPassedAt: new Date() });
}

export async function getWorkerSummary(ctx: Ctx, user: UserRow): Promise<WorkerSummary> {
  const [state, settings, today] = await Promise.all([getWorkerState(ctx, user), findApiSettings(ctx.db, user.id), sumToday(ctx.db, user.id)]);
  return {
    languages: state.languages,
    trainingPassed: state.trainingPassed,
    blocked: state.blocked,
    qualified: state.qualified,
    balance: formatMoney(user.balance),
    earnedToday: formatMoney(today.earned),
    solvedToday: today.solved,
    sandbox: settings.sandbox,
  };
}

async function trainingSecret(ctx: Ctx) {
  return getOrCreateSecret(ctx.db, 'training', () => randomBytes(32).toString('hex'));
}

const DAY_MS = 86_400_000;

/**
 * Exam submissions left in the last 24 hours, and when the next one is allowed: when the oldest of
 * the day's exams expires (none left), or FAIL_COOLDOWN_MINUTES after the latest exam if it failed
 * (or was flagged); null when a submission is allowed now.
 */
async function examAllowance(ctx: Ctx, userId: number, now: Date): Promise<{ left: number; nextAt: Date | null }> {
  const recent = await examsSubmittedSince(ctx.db, userId, new Date(now.getTime() - DAY_MS));
  const left = Math.max(0, EXAMS_PER_DAY - recent.length);
  const dayLimit = left > 0 ? 0 : recent[recent.length - EXAMS_PER_DAY]!.at.getTime() + DAY_MS;
  const latest = recent[recent.length - 1];
  const cooldown = latest && !latest.passed ? latest.at.getTime() + FAIL_COOLDOWN_MINUTES * 60_000 : 0;
  const nextAt = Math.max(dayLimit, cooldown);
  return { left, nextAt: nextAt > now.getTime() ? new Date(nextAt) : null };
}

/** The worker's current training set, drawn and stored (issued) on first sight. */
async function currentAttempt(ctx: Ctx, userId: number): Promise<{ row: TrainingAttemptRow; passed: boolean }> {
  const profile = await findWorkerProfile(ctx.db, userId);
  const attempt = profile?.trainingAttempt ?? 0;
  const row = (await findTrainingAttempt(ctx.db, userId, attempt)) ?? (await insertTrainingAttempt(ctx.db, userId, attempt, drawTrainingSet(await trainingSecret(ctx))));
  return { row, passed: Boolean(profile?.trainingPassedAt) };
}

export async function getTraining(ctx: Ctx, userId: number): Promise<TrainingState> {
  const { row, passed } = await currentAttempt(ctx, userId);
  const [allowance, reviewPending] = await Promise.all([examAllowance(ctx, userId, new Date()), hasPendingReview(ctx.db, userId)]);
  return {
    passed,
    attempt: row.attempt,
    ...publicTrainingItems(row.items),
    passMark: PASS_MARK,
    examSubmitted: row.answeredAt !== null,
    examsPerDay: EXAMS_PER_DAY,
    examsLeft: allowance.left,
    nextExamAt: allowance.nextAt?.toISOString() ?? null,
    cooldownMinutes: FAIL_COOLDOWN_MINUTES,
    reviewPending,
  };
}

/**
 * A training picture (PNG) of the worker's own attempts.
 * @throws AppError NOT_FOUND for a token that is not theirs
 */
export async function getTrainingPicture(ctx: Ctx, userId: number, token: string): Promise<Buffer> {
  const item = await findTrainingPicture(ctx.db, userId, token);
  if (!item) throw new AppError('NOT_FOUND', 'No such picture.');
  await markPictureServed(ctx.db, token);
  const seed = itemSeed(await trainingSecret(ctx), token);
  return renderTrainingPicture(drawItem(item.ui, seed), seed);
}

/**
 * Grades the exam of the current attempt, once, and records its timing per question (when each
 * picture was first loaded; the page's own per-item times, advisory). Passing unlocks real tasks
 * unless the exam is flagged: answered faster than a person can (`too_fast`) or with correct
 * answers to pictures that were never loaded (`unseen`). A flagged exam with a passing score waits
 * for a moderator (review 'pending'); it qualifies only when approved.
 * @throws AppError CONFLICT when the attempt is not the current one or was already submitted
 * @throws AppError RATE_LIMITED when the day's exams are used up or a failed exam's cooldown runs (details.nextExamAt)
 */
export async function submitExam(ctx: Ctx, userId: number, attempt: number, answers: Record<string, unknown>, timings: Record<string, number> = {}): Promise<ExamResult> {
  const profile = await findWorkerProfile(ctx.db, userId);
  const row = await findTrainingAttempt(ctx.db, userId, attempt);
  if ((profile?.trainingAttempt ?? 0) !== attempt || !row) throw new AppError('CONFLICT', 'This exam was replaced; reload the page.');
  if (row.answeredAt) throw new AppError('CONFLICT', 'This exam was already submitted; start over for a new one.');
  const now = new Date();
  const allowance = await examAllowance(ctx, userId, now);
  if (allowance.nextAt) {
    const why = allowance.left === 0 ? `At most ${EXAMS_PER_DAY} exams in 24 hours.` : `After a failed exam the next one opens ${FAIL_COOLDOWN_MINUTES} minutes later.`;
    throw new AppError('RATE_LIMITED', why, { nextExamAt: allowance.nextAt.toISOString() });
  }
  const graded = gradeExam(row.items, answers);
  const elapsedMs = now.getTime() - row.issuedAt.getTime();
  const tooFast = isTooFast(graded.total, elapsedMs);
  const served = await picturesServed(ctx.db, row.id);
  const tokens = examTokens(row.items);
  const questionTimes = tokens.map((token, i) => {
    const seen = served.get(token) ?? null;
    return { seenAfterMs: seen ? Math.max(0, seen.getTime() - row.issuedAt.getTime()) : null, clientMs: timings[`e${i}`] ?? null };
  });
  const unseen = tokens.filter((token, i) => !served.get(token) && !graded.wrong.includes(`e${i}`)).length;
  const flagged = tooFast || unseen > 0;
  const passed = graded.passed && !flagged;
  const awaitingReview = graded.passed && flagged;
  const recorded = await recordExam(ctx.db, row.id, { correct: graded.correct, passed, tooFast, unseen, questionTimes, review: awaitingReview ? 'pending' : null, at: now });
  if (!recorded) throw new AppError('CONFLICT', 'This exam was already submitted; start over for a new one.');
  if (flagged) ctx.log.warn({ userId, attempt, elapsedMs, unseen, correct: graded.correct }, 'training exam flagged for moderators');
  if (passed) await markTrainingPassed(ctx, userId);
  return { ...graded, passed, tooFast, flagged, awaitingReview };
}

/** "Start over": a fresh training set; a passed training stays passed. */
export async function restartTraining(ctx: Ctx, userId: number) {
  const profile = await findWorkerProfile(ctx.db, userId);
  await upsertWorkerProfile(ctx.db, userId, { trainingAttempt: (profile?.trainingAttempt ?? 0) + 1 });
}

export async function listMistakes(ctx: Ctx, userId: number): Promise<MistakeRow[]> {
  const rows = await findMistakes(ctx.db, userId, 100);
  return rows.map((r) => ({ taskId: r.taskId, type: r.type, at: r.at.toISOString(), answer: r.answer, correct: r.correct ?? null }));
}
