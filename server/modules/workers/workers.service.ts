import { randomBytes } from 'node:crypto';
import type { ExamResult, MistakeRow, TrainingState, WorkerSummary } from '#shared/contracts/worker.ts';
import { formatMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { getOrCreateSecret } from '#server/modules/settings/secrets.repo.ts';
import { findApiSettings, findMistakes, findWorkerProfile, sumToday, upsertWorkerProfile } from '#server/modules/tasks/tasks.repo.ts';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import { gradeExam, PASS_MARK, trainingSet, withoutAnswers } from './training.ts';

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

export async function getTraining(ctx: Ctx, userId: number): Promise<TrainingState> {
  const profile = await findWorkerProfile(ctx.db, userId);
  const attempt = profile?.trainingAttempt ?? 0;
  const { practice, exam } = trainingSet(await trainingSecret(ctx), userId, attempt);
  return { passed: Boolean(profile?.trainingPassedAt), attempt, practice, exam: withoutAnswers(exam), passMark: PASS_MARK };
}

/**
 * Grades the exam of the current attempt; passing unlocks real tasks.
 * @throws AppError CONFLICT when the attempt is not the current one (the page is stale)
 */
export async function submitExam(ctx: Ctx, userId: number, attempt: number, answers: Record<string, unknown>): Promise<ExamResult> {
  const profile = await findWorkerProfile(ctx.db, userId);
  if ((profile?.trainingAttempt ?? 0) !== attempt) throw new AppError('CONFLICT', 'This exam was replaced; reload the page.');
  const { exam } = trainingSet(await trainingSecret(ctx), userId, attempt);
  const result = gradeExam(exam, answers);
  if (result.passed) await markTrainingPassed(ctx, userId);
  return result;
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
