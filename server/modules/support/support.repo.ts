import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { supportAttachments, supportCannedReplies, supportFeedback, supportMessages, supportTickets, users } from '#server/db/schema/index.ts';
import type { FeedbackKind, TicketCategory, TicketStatus } from '#shared/contracts/support.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;
export type AttachmentMeta = Omit<typeof supportAttachments.$inferSelect, 'content'>;

const t = supportTickets;
const m = supportMessages;
const att = supportAttachments;

const attachmentMeta = {
  id: att.id,
  userId: att.userId,
  ticketId: att.ticketId,
  messageId: att.messageId,
  filename: att.filename,
  contentType: att.contentType,
  size: att.size,
  createdAt: att.createdAt,
};

export async function insertTicket(db: Db, row: typeof supportTickets.$inferInsert): Promise<TicketRow> {
  const [out] = await db.insert(t).values(row).returning();
  return out!;
}

export async function insertMessage(db: Db, row: typeof supportMessages.$inferInsert): Promise<MessageRow> {
  const [out] = await db.insert(m).values(row).returning();
  return out!;
}

export async function findTicket(db: Db, id: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.id, id));
  return row;
}

/** The ticket only when it belongs to this user: another user's id reads as missing. */
export async function findOwnTicket(db: Db, userId: number, id: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(t).where(and(eq(t.id, id), eq(t.userId, userId)));
  return row;
}

export async function lockTicket(db: Db, id: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(t).where(eq(t.id, id)).for('update');
  return row;
}

export async function updateTicket(db: Db, id: number, patch: Partial<typeof supportTickets.$inferInsert>): Promise<TicketRow> {
  const [row] = await db.update(t).set({ ...patch, updatedAt: sql`now()` }).where(eq(t.id, id)).returning();
  return row!;
}

export async function listOwnTickets(db: Db, userId: number): Promise<TicketRow[]> {
  return db.select().from(t).where(eq(t.userId, userId)).orderBy(desc(t.lastActivityAt), desc(t.id)).limit(200);
}

export async function messagesOf(db: Db, ticketId: number, withInternal: boolean): Promise<(MessageRow & { authorEmail: string | null; authorName: string | null })[]> {
  return db
    .select({
      id: m.id,
      ticketId: m.ticketId,
      authorId: m.authorId,
      authorRole: m.authorRole,
      body: m.body,
      internal: m.internal,
      createdAt: m.createdAt,
      authorEmail: users.email,
      authorName: users.name,
    })
    .from(m)
    .leftJoin(users, eq(users.id, m.authorId))
    .where(withInternal ? eq(m.ticketId, ticketId) : and(eq(m.ticketId, ticketId), eq(m.internal, false)))
    .orderBy(asc(m.id));
}

export async function attachmentsOfTicket(db: Db, ticketId: number): Promise<AttachmentMeta[]> {
  return db.select(attachmentMeta).from(att).where(eq(att.ticketId, ticketId)).orderBy(asc(att.id));
}

export async function insertAttachment(db: Db, row: typeof supportAttachments.$inferInsert): Promise<AttachmentMeta> {
  const [out] = await db.insert(att).values(row).returning(attachmentMeta);
  return out!;
}

/** Uploads of this user not yet on a message, among `ids` (the rest are someone else's or used). */
export async function freeAttachments(db: Db, userId: number, ids: number[]): Promise<AttachmentMeta[]> {
  if (ids.length === 0) return [];
  return db.select(attachmentMeta).from(att).where(and(inArray(att.id, ids), eq(att.userId, userId), isNull(att.messageId))).for('update');
}

export async function linkAttachments(db: Db, ids: number[], ticketId: number, messageId: number) {
  if (ids.length === 0) return;
  await db.update(att).set({ ticketId, messageId }).where(inArray(att.id, ids));
}

export async function recentUploads(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(att).where(and(eq(att.userId, userId), gte(att.createdAt, since)));
  return row?.n ?? 0;
}

export async function findAttachment(db: Db, id: number) {
  const [row] = await db.select().from(att).where(eq(att.id, id));
  return row;
}

/** Is the message internal (attachments of internal notes are staff-only)? */
export async function messageIsInternal(db: Db, messageId: number): Promise<boolean> {
  const [row] = await db.select({ internal: m.internal }).from(m).where(eq(m.id, messageId));
  return row?.internal ?? false;
}

// Staff queue

export interface QueueFilter {
  statuses: TicketStatus[];
  category?: TicketCategory;
  plan?: 'enterprise' | 'standard';
  olderThan?: Date;
  assignee?: { me: number } | 'none';
  offset: number;
  limit: number;
}

function queueWhere(f: QueueFilter): SQL {
  return and(
    inArray(t.status, f.statuses),
    f.category ? eq(t.category, f.category) : undefined,
    f.plan === 'enterprise' ? eq(t.enterprise, true) : f.plan === 'standard' ? eq(t.enterprise, false) : undefined,
    f.olderThan ? lt(t.lastActivityAt, f.olderThan) : undefined,
    f.assignee === 'none' ? isNull(t.assigneeId) : f.assignee ? eq(t.assigneeId, f.assignee.me) : undefined,
  )!;
}

/**
 * The staff queue: enterprise tickets first, then tickets waiting on staff (open) before those
 * waiting on the user, then the longest-waiting first.
 */
export async function queue(db: Db, f: QueueFilter) {
  const owner = sql`owner`;
  const where = queueWhere(f);
  const rows = await db
    .select({
      ticket: t,
      userEmail: sql<string>`${owner}.email`,
      userType: sql<string | null>`${owner}.user_type`,
      assigneeEmail: users.email,
      lastFromUser: sql<boolean>`coalesce((select sm.author_role = 'user' from support_messages sm where sm.ticket_id = ${t.id} and not sm.internal order by sm.id desc limit 1), true)`,
    })
    .from(t)
    .innerJoin(sql`users owner`, sql`${owner}.id = ${t.userId}`)
    .leftJoin(users, eq(users.id, t.assigneeId))
    .where(where)
    .orderBy(desc(t.enterprise), sql`case ${t.status} when 'open' then 0 when 'waiting' then 1 when 'answered' then 2 else 3 end`, asc(t.lastActivityAt), asc(t.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await db.select({ n: count() }).from(t).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function statusCounts(db: Db): Promise<{ status: TicketStatus; n: number }[]> {
  return db.select({ status: t.status, n: count() }).from(t).where(ne(t.status, 'closed')).groupBy(t.status);
}

export async function staffMembers(db: Db): Promise<{ id: number; email: string }[]> {
  return db.select({ id: users.id, email: users.email }).from(users).where(and(or(eq(users.isAdmin, true), eq(users.isModerator, true)), isNull(users.deletedAt))).orderBy(asc(users.id)).limit(200);
}

export async function isStaff(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), or(eq(users.isAdmin, true), eq(users.isModerator, true)), isNull(users.deletedAt)));
  return row !== undefined;
}

export async function otherTicketsOf(db: Db, userId: number, exceptId: number) {
  return db.select({ id: t.id, subject: t.subject, status: t.status }).from(t).where(and(eq(t.userId, userId), ne(t.id, exceptId))).orderBy(desc(t.id)).limit(5);
}

/** The person behind a ticket, with what staff need and what mails need. */
export async function userOf(db: Db, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      userType: users.userType,
      language: users.interfaceLanguage,
      notifications: users.notifications,
      blockedAt: users.blockedAt,
      deletedAt: users.deletedAt,
      createdAt: users.createdAt,
      isAdmin: users.isAdmin,
      isModerator: users.isModerator,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Tickets answered or waiting on the user with no activity since `before`: the auto-close job's batch. */
export async function quietTickets(db: Db, before: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(inArray(t.status, ['answered', 'waiting']), lt(t.lastActivityAt, before)))
    .orderBy(asc(t.lastActivityAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

// Canned replies

export async function listCanned(db: Db) {
  return db.select({ id: supportCannedReplies.id, title: supportCannedReplies.title, body: supportCannedReplies.body }).from(supportCannedReplies).orderBy(asc(supportCannedReplies.title), asc(supportCannedReplies.id));
}

export async function insertCanned(db: Db, row: { title: string; body: string; createdBy: number }) {
  const [out] = await db.insert(supportCannedReplies).values(row).returning({ id: supportCannedReplies.id, title: supportCannedReplies.title, body: supportCannedReplies.body });
  return out!;
}

export async function updateCanned(db: Db, id: number, row: { title: string; body: string }) {
  const [out] = await db.update(supportCannedReplies).set({ ...row, updatedAt: sql`now()` }).where(eq(supportCannedReplies.id, id)).returning({ id: supportCannedReplies.id, title: supportCannedReplies.title, body: supportCannedReplies.body });
  return out;
}

export async function deleteCanned(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id)).returning({ id: supportCannedReplies.id });
  return rows.length > 0;
}

// Feedback

export async function insertFeedback(db: Db, row: typeof supportFeedback.$inferInsert) {
  const [out] = await db.insert(supportFeedback).values(row).returning({ id: supportFeedback.id });
  return out!;
}

export async function listFeedback(db: Db, f: { kind?: FeedbackKind; rating?: number; since?: Date; limit: number }) {
  const where = and(
    f.kind ? eq(supportFeedback.kind, f.kind) : undefined,
    f.rating ? eq(supportFeedback.rating, f.rating) : undefined,
    f.since ? gte(supportFeedback.createdAt, f.since) : undefined,
  );
  const rows = await db
    .select({
      id: supportFeedback.id,
      kind: supportFeedback.kind,
      rating: supportFeedback.rating,
      body: supportFeedback.body,
      email: supportFeedback.email,
      userEmail: users.email,
      language: supportFeedback.language,
      createdAt: supportFeedback.createdAt,
    })
    .from(supportFeedback)
    .leftJoin(users, eq(users.id, supportFeedback.userId))
    .where(where)
    .orderBy(desc(supportFeedback.createdAt), desc(supportFeedback.id))
    .limit(f.limit);
  const [agg] = await db.select({ n: count(), avg: sql<string | null>`avg(${supportFeedback.rating})::numeric(3,2)::text` }).from(supportFeedback).where(where);
  return { rows, total: agg?.n ?? 0, average: agg?.avg === null || agg?.avg === undefined ? null : Number(agg.avg) };
}

/** Does this user have a ticket with exactly this subject (the monthly usage report's dedupe)? */
export async function hasTicketWithSubject(db: Db, userId: number, subject: string): Promise<boolean> {
  const [row] = await db.select({ id: t.id }).from(t).where(and(eq(t.userId, userId), eq(t.subject, subject))).limit(1);
  return row !== undefined;
}

/** Serialises one user's usage-report posting across nodes (a transaction-scoped advisory lock). */
export async function lockUsageReports(db: Db, userId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(1801, ${userId}::int)`);
}

/** The staff member who handled this user's latest assigned ticket (an Enterprise plan's named contact). */
export async function lastAssignee(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: t.assigneeId })
    .from(t)
    .innerJoin(users, eq(users.id, t.assigneeId))
    .where(and(eq(t.userId, userId), or(eq(users.isAdmin, true), eq(users.isModerator, true)), isNull(users.deletedAt)))
    .orderBy(desc(t.id))
    .limit(1);
  return row?.id ?? null;
}
