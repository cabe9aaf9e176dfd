import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { demoChallenges, recognitionExamples, tasks } from '#server/db/schema/index.ts';

export type ChallengeRow = typeof demoChallenges.$inferSelect;
export type ExampleRow = typeof recognitionExamples.$inferSelect;

export async function insertChallenge(db: Db, row: typeof demoChallenges.$inferInsert): Promise<void> {
  await db.insert(demoChallenges).values(row);
}

export async function findChallenge(db: Db, id: string): Promise<ChallengeRow | undefined> {
  const [row] = await db.select().from(demoChallenges).where(eq(demoChallenges.id, id));
  return row;
}

/** Uses a captcha once: only the first verify gets the row back (the others see it used). */
export async function useChallenge(db: Db, id: string, outcome: 'success' | 'wrong'): Promise<boolean> {
  const res = await db
    .update(demoChallenges)
    .set({ usedAt: sql`now()`, outcome })
    .where(and(eq(demoChallenges.id, id), isNull(demoChallenges.usedAt), sql`${demoChallenges.expiresAt} > now()`))
    .returning({ id: demoChallenges.id });
  return res.length === 1;
}

/** Drops captchas a day past their expiry (examples keep their own copy). */
export async function pruneChallenges(db: Db): Promise<number> {
  const res = await db.delete(demoChallenges).where(sql`${demoChallenges.expiresAt} < now() - interval '1 day'`).returning({ id: demoChallenges.id });
  return res.length;
}

export interface SolvedTask {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  answer: Record<string, unknown>;
  createdAt: Date;
  endedAt: Date;
}

/**
 * The task through which a demo captcha was solved: same type, solved since the captcha was
 * issued, carrying exactly its picture (image kinds) or its question (text).
 */
export async function findSolvingTask(db: Db, c: { type: string; issuedAt: Date; image: Buffer | null; question: string | null }): Promise<SolvedTask | undefined> {
  const match = c.image ? eq(tasks.image, c.image) : sql`${tasks.payload}->>'comment' = ${c.question ?? ''}`;
  const [row] = await db
    .select({ id: tasks.id, type: tasks.type, payload: tasks.payload, answer: tasks.answer, createdAt: tasks.createdAt, endedAt: tasks.endedAt })
    .from(tasks)
    .where(and(eq(tasks.state, 'solved'), gte(tasks.endedAt, c.issuedAt), eq(tasks.type, c.type), sql`${tasks.verifiesTaskId} is null`, match))
    .orderBy(desc(tasks.id))
    .limit(1);
  if (!row || !row.answer || !row.endedAt) return undefined;
  return row as SolvedTask;
}

export async function insertExample(db: Db, row: typeof recognitionExamples.$inferInsert): Promise<void> {
  await db.insert(recognitionExamples).values(row).onConflictDoNothing();
}

export async function listExamples(db: Db, filter: { slug?: string; ids?: number[]; limit: number }): Promise<ExampleRow[]> {
  const where = and(filter.slug ? eq(recognitionExamples.slug, filter.slug) : undefined, filter.ids ? inArray(recognitionExamples.id, filter.ids) : undefined);
  return db.select().from(recognitionExamples).where(where).orderBy(desc(recognitionExamples.id)).limit(filter.limit);
}

export async function countExamples(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ slug: recognitionExamples.slug, n: sql<number>`count(*)::int` }).from(recognitionExamples).groupBy(recognitionExamples.slug);
  return Object.fromEntries(rows.map((r) => [r.slug, Number(r.n)]));
}
