import { and, count, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { trainingAttempts, trainingImages, users, workerProfiles, type QuestionTime, type StoredTrainingItem } from '#server/db/schema/index.ts';

export type TrainingAttemptRow = typeof trainingAttempts.$inferSelect;

export async function findTrainingAttempt(db: Db, userId: number, attempt: number): Promise<TrainingAttemptRow | undefined> {
  const [row] = await db.select().from(trainingAttempts).where(and(eq(trainingAttempts.userId, userId), eq(trainingAttempts.attempt, attempt)));
  return row;
}

/** Stores a drawn set for (user, attempt) unless one exists (two tabs at once); returns the stored one. */
export async function insertTrainingAttempt(db: Db, userId: number, attempt: number, items: StoredTrainingItem[]): Promise<TrainingAttemptRow> {
  await db.transaction(async (tx) => {
    const [row] = await tx.insert(trainingAttempts).values({ userId, attempt, items }).onConflictDoNothing().returning({ id: trainingAttempts.id });
    if (row) await tx.insert(trainingImages).values(items.map((item, position) => ({ token: item.token, attemptId: row.id, position })));
  });
  return (await findTrainingAttempt(db, userId, attempt))!;
}

/** The item behind a picture token, only for the worker it was issued to. */
export async function findTrainingPicture(db: Db, userId: number, token: string): Promise<StoredTrainingItem | undefined> {
  const [row] = await db
    .select({ item: sql<StoredTrainingItem>`${trainingAttempts.items} -> ${trainingImages.position}` })
    .from(trainingImages)
    .innerJoin(trainingAttempts, eq(trainingAttempts.id, trainingImages.attemptId))
    .where(and(eq(trainingImages.token, token), eq(trainingAttempts.userId, userId)));
  return row?.item ?? undefined;
}

/** Notes the first time a picture was loaded (per-question timing); later loads change nothing. */
export async function markPictureServed(db: Db, token: string): Promise<void> {
  await db.update(trainingImages).set({ firstServedAt: sql`now()` }).where(and(eq(trainingImages.token, token), isNull(trainingImages.firstServedAt)));
}

/** When each picture of an attempt was first loaded, by token (null: never). */
export async function picturesServed(db: Db, attemptId: number): Promise<Map<string, Date | null>> {
  const rows = await db.select({ token: trainingImages.token, at: trainingImages.firstServedAt }).from(trainingImages).where(eq(trainingImages.attemptId, attemptId));
  return new Map(rows.map((r) => [r.token, r.at]));
}

/** Exams the worker submitted since `since`, oldest first (their times and results decide when the next one is allowed). */
export async function examsSubmittedSince(db: Db, userId: number, since: Date): Promise<{ at: Date; passed: boolean }[]> {
  const rows = await db
    .select({ at: trainingAttempts.answeredAt, passed: trainingAttempts.passed })
    .from(trainingAttempts)
    .where(and(eq(trainingAttempts.userId, userId), isNotNull(trainingAttempts.answeredAt), gte(trainingAttempts.answeredAt, since)))
    .orderBy(trainingAttempts.answeredAt);
  return rows.map((r) => ({ at: r.at!, passed: r.passed === true }));
}

/** Whether one of the worker's exams waits for a moderator. */
export async function hasPendingReview(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: trainingAttempts.id }).from(trainingAttempts).where(and(eq(trainingAttempts.userId, userId), eq(trainingAttempts.review, 'pending'))).limit(1);
  return row !== undefined;
}

export interface ExamRecord {
  correct: number;
  passed: boolean;
  tooFast: boolean;
  unseen: number;
  questionTimes: QuestionTime[];
  review: 'pending' | null;
  at: Date;
}

/** Records the graded exam once; false when it was already submitted (a double click, a second tab). */
export async function recordExam(db: Db, id: number, result: ExamRecord): Promise<boolean> {
  const rows = await db
    .update(trainingAttempts)
    .set({
      answeredAt: result.at,
      correct: result.correct,
      passed: result.passed,
      tooFast: result.tooFast,
      unseen: result.unseen,
      questionTimes: result.questionTimes,
      review: result.review,
    })
    .where(and(eq(trainingAttempts.id, id), isNull(trainingAttempts.answeredAt)))
    .returning({ id: trainingAttempts.id });
  return rows.length > 0;
}

const flagged = or(eq(trainingAttempts.tooFast, true), sql`${trainingAttempts.unseen} > 0`);

/** How many of each worker's exams were flagged (too fast or unseen answers), and the newest flag (moderation). */
export async function flaggedExamCounts(db: Db, userIds: number[]): Promise<Map<number, { count: number; last: Date }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: trainingAttempts.userId, n: count(), last: sql<Date>`max(${trainingAttempts.answeredAt})` })
    .from(trainingAttempts)
    .where(and(flagged, inArray(trainingAttempts.userId, userIds)))
    .groupBy(trainingAttempts.userId);
  return new Map(rows.map((r) => [r.userId, { count: Number(r.n), last: new Date(r.last) }]));
}

/** Flagged exams waiting for a moderator, newest first, of live accounts. */
export async function pendingExamReviews(db: Db, limit: number) {
  return db
    .select({
      id: trainingAttempts.id,
      userId: trainingAttempts.userId,
      email: users.email,
      items: trainingAttempts.items,
      issuedAt: trainingAttempts.issuedAt,
      answeredAt: trainingAttempts.answeredAt,
      correct: trainingAttempts.correct,
      tooFast: trainingAttempts.tooFast,
      unseen: trainingAttempts.unseen,
      questionTimes: trainingAttempts.questionTimes,
      trainingPassedAt: workerProfiles.trainingPassedAt,
    })
    .from(trainingAttempts)
    .innerJoin(users, eq(users.id, trainingAttempts.userId))
    .leftJoin(workerProfiles, eq(workerProfiles.userId, trainingAttempts.userId))
    .where(and(eq(trainingAttempts.review, 'pending'), isNull(users.blockedAt), isNull(users.deletedAt)))
    .orderBy(desc(trainingAttempts.answeredAt))
    .limit(limit);
}

/** Decides a pending review once; the worker's id, or undefined when it was not pending. */
export async function decideExamReview(db: Db, id: number, review: 'approved' | 'rejected', moderatorId: number): Promise<number | undefined> {
  const [row] = await db
    .update(trainingAttempts)
    .set({ review, reviewedBy: moderatorId, reviewedAt: sql`now()` })
    .where(and(eq(trainingAttempts.id, id), eq(trainingAttempts.review, 'pending')))
    .returning({ userId: trainingAttempts.userId });
  return row?.userId;
}
