import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tasks, users, workerProfiles } from '#server/db/schema/index.ts';

/** How many of a paused worker's latest mistakes the moderator sees. */
export const EVIDENCE_PER_WORKER = 20;

/** Workers paused for too many mistakes whose account is still live, newest pause first. */
export async function pausedWorkers(db: Db, limit: number) {
  return db
    .select({ userId: workerProfiles.userId, email: users.email, mistakes: workerProfiles.mistakes, blockedAt: workerProfiles.blockedAt, trustedAt: workerProfiles.trustedAt })
    .from(workerProfiles)
    .innerJoin(users, eq(users.id, workerProfiles.userId))
    // A banned (blocked) or deleted account has had its decision: it leaves the review queue.
    .where(and(isNotNull(workerProfiles.blockedAt), isNull(users.blockedAt), isNull(users.deletedAt)))
    .orderBy(desc(workerProfiles.blockedAt))
    .limit(limit);
}

export interface EvidenceRow {
  workerId: number;
  taskId: number;
  type: string;
  answer: Record<string, unknown> | null;
  at: Date;
  hasImage: boolean;
  instructions: string | null;
  correct: Record<string, unknown> | null;
}

/**
 * The latest upheld mistakes of several workers in one query (at most EVIDENCE_PER_WORKER each):
 * what the worker saw (whether there is an image, the question), their answer, and the trusted
 * re-solve's answer that judged the report, when there was one.
 */
export async function mistakesOf(db: Db, workerIds: number[]): Promise<EvidenceRow[]> {
  if (!workerIds.length) return [];
  const res = await db.execute(sql`
    select a.worker_id as "workerId", a.task_id as "taskId", t.type, a.answer, a.created_at as at,
           t.image is not null as "hasImage", t.payload -> 'params' ->> 'comment' as instructions,
           (select v.answer from tasks v where v.verifies_task_id = t.id and v.state = 'solved' order by v.id desc limit 1) as correct
    from (
      select worker_id, task_id, answer, created_at,
             row_number() over (partition by worker_id order by created_at desc) as n
      from task_attempts
      where outcome = 'wrong' and worker_id in (${sql.join(workerIds.map((id) => sql`${id}`), sql`, `)})
    ) a
    join tasks t on t.id = a.task_id
    where a.n <= ${EVIDENCE_PER_WORKER}
    order by a.worker_id, a.created_at desc`);
  return (res.rows as unknown as EvidenceRow[]).map((r) => ({ ...r, workerId: Number(r.workerId), taskId: Number(r.taskId), at: new Date(r.at), hasImage: Boolean(r.hasImage) }));
}

export async function findPausedProfile(db: Db, userId: number) {
  const [profile] = await db.select().from(workerProfiles).where(and(eq(workerProfiles.userId, userId), isNotNull(workerProfiles.blockedAt)));
  return profile;
}

export async function banUser(db: Db, userId: number) {
  await db.update(users).set({ blockedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function resumeWorker(db: Db, userId: number, retrainAttempt: number | null) {
  await db
    .update(workerProfiles)
    .set({ blockedAt: null, mistakes: 0, ...(retrainAttempt === null ? {} : { trainingPassedAt: null, trainingAttempt: retrainAttempt }) })
    .where(eq(workerProfiles.userId, userId));
}

export async function findLiveWorker(db: Db, userId: number) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.userType, 'worker'), isNull(users.deletedAt)));
  return user;
}

export async function setTrusted(db: Db, userId: number, trusted: boolean) {
  await db
    .insert(workerProfiles)
    .values({ userId, trustedAt: trusted ? new Date() : null })
    .onConflictDoUpdate({ target: workerProfiles.userId, set: { trustedAt: trusted ? sql`coalesce(${workerProfiles.trustedAt}, now())` : null } });
}

/** The image of a task with an upheld mistake on it (evidence), or undefined. */
export async function evidenceImage(db: Db, taskId: number): Promise<Buffer | null | undefined> {
  const [row] = await db
    .select({ image: tasks.image })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), sql`exists (select 1 from task_attempts a where a.task_id = ${tasks.id} and a.outcome = 'wrong')`));
  return row?.image;
}
