import { asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { supportBotMessages, supportBotThreads, users, type BotSource } from '#server/db/schema/index.ts';

export type ThreadRow = typeof supportBotThreads.$inferSelect;
export type BotMessageRow = typeof supportBotMessages.$inferSelect;
const th = supportBotThreads;
const bm = supportBotMessages;

export async function insertThread(db: Db, row: { userId: number | null; visitor: string; language: string }): Promise<ThreadRow> {
  const [out] = await db.insert(th).values(row).returning();
  return out!;
}

export async function findThread(db: Db, id: number): Promise<ThreadRow | undefined> {
  const [row] = await db.select().from(th).where(eq(th.id, id));
  return row;
}

export async function insertBotMessage(db: Db, row: { threadId: number; role: 'user' | 'bot'; body: string; outcome?: BotMessageRow['outcome']; sources?: BotSource[] }) {
  const [out] = await db.insert(bm).values({ ...row, outcome: row.outcome ?? null, sources: row.sources ?? [] }).returning();
  await db
    .update(th)
    .set({ updatedAt: sql`now()`, ...(row.outcome === 'unanswered' ? { unanswered: sql`${th.unanswered} + 1` } : {}) })
    .where(eq(th.id, row.threadId));
  return out!;
}

export async function messagesOfThread(db: Db, threadId: number): Promise<BotMessageRow[]> {
  return db.select().from(bm).where(eq(bm.threadId, threadId)).orderBy(asc(bm.id));
}

export async function setTicket(db: Db, threadId: number, ticketId: number) {
  await db.update(th).set({ ticketId, updatedAt: sql`now()` }).where(eq(th.id, threadId));
}

/** Threads for staff, newest first, with their first question and message count. */
export async function listThreads(db: Db, filter: 'all' | 'handed_off' | 'unanswered', limit: number) {
  const where = filter === 'handed_off' ? isNotNull(th.ticketId) : filter === 'unanswered' ? sql`${th.unanswered} > 0` : undefined;
  return db
    .select({
      id: th.id,
      userEmail: users.email,
      language: th.language,
      ticketId: th.ticketId,
      unanswered: th.unanswered,
      updatedAt: th.updatedAt,
      messages: sql<number>`(select count(*)::int from support_bot_messages m where m.thread_id = ${th.id})`,
      firstQuestion: sql<string>`coalesce((select m.body from support_bot_messages m where m.thread_id = ${th.id} and m.role = 'user' order by m.id limit 1), '')`,
    })
    .from(th)
    .leftJoin(users, eq(users.id, th.userId))
    .where(where)
    .orderBy(desc(th.updatedAt), desc(th.id))
    .limit(limit);
}

/** The user questions the bot answered "unanswered" to, newest first. */
export async function unansweredQuestions(db: Db, limit: number) {
  const rows = await db.execute(sql`
    select q.thread_id, q.body, q.created_at
    from support_bot_messages b
    join lateral (
      select m.thread_id, m.body, m.created_at from support_bot_messages m
      where m.thread_id = b.thread_id and m.role = 'user' and m.id < b.id order by m.id desc limit 1
    ) q on true
    where b.role = 'bot' and b.outcome = 'unanswered'
    order by b.id desc limit ${limit}`);
  return (rows.rows as { thread_id: string | number; body: string; created_at: string | Date }[]).map((r) => ({ threadId: Number(r.thread_id), text: r.body, at: new Date(r.created_at) }));
}


/** A visitor's thread becomes the signed-in user's (they proved it with the thread's token). */
export async function claimThread(db: Db, threadId: number, userId: number) {
  await db.update(th).set({ userId }).where(sql`${th.id} = ${threadId} and ${th.userId} is null`);
}
