import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { ledgerEntries, systemMessages, userDocuments, users } from '#server/db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Inserts a user; returns null when the e-mail is taken. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.email }).returning();
  return row ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.email, email), isNull(users.deletedAt)));
  return row;
}

export async function findUserByApiKey(db: Db, apiKey: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.apiKey, apiKey));
  return row;
}

export async function updateUser(db: Db, id: number, patch: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row;
}

/** Users whose e-mail contains `q` (or whose id is `q`), newest first. */
export async function searchUsers(db: Db, q: string, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }> {
  const match = q
    ? or(ilike(users.email, `%${q.replace(/[%_\\]/g, (c) => '\\' + c)}%`), /^\d+$/.test(q) ? eq(users.id, Number(q)) : undefined)
    : undefined;
  // Deleted accounts keep their row for accounting but are not administered any more.
  const where = and(isNull(users.deletedAt), match);
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total!.n };
}

/**
 * What the current-user answer adds to the session's user row, in one round trip: money spent and
 * earned on captchas (as sumCaptchaMoney) and the oldest unread system message.
 */
export async function currentUserFacts(db: Db, userId: number) {
  const [row] = await db
    .select({
      spent: sql<number>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} in ('charge', 'refund')), 0)::bigint`,
      earned: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'earning'), 0)::bigint`,
      message: sql<{ id: number; message: Record<string, string> } | null>`(
        select json_build_object('id', ${systemMessages.id}, 'message', ${systemMessages.message})
        from ${systemMessages}
        where ${systemMessages.userId} = ${userId} and ${systemMessages.readAt} is null
        order by ${systemMessages.id} limit 1)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const message = typeof row?.message === 'string' ? (JSON.parse(row.message) as { id: number; message: Record<string, string> }) : (row?.message ?? null);
  return { spent: Number(row?.spent ?? 0), earned: Number(row?.earned ?? 0), message: message ? { id: Number(message.id), message: message.message } : null };
}

export async function insertSystemMessage(db: Db, userId: number, message: Record<string, string>, createdBy: number | null) {
  const [row] = await db.insert(systemMessages).values({ userId, message, createdBy }).returning();
  return row!;
}

export async function markSystemMessageRead(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(systemMessages)
    .set({ readAt: new Date() })
    .where(and(eq(systemMessages.id, id), eq(systemMessages.userId, userId)))
    .returning({ id: systemMessages.id });
  return rows.length > 0;
}

export async function insertDocument(db: Db, doc: typeof userDocuments.$inferInsert) {
  const [row] = await db.insert(userDocuments).values(doc).returning({ id: userDocuments.id, createdAt: userDocuments.createdAt });
  return row!;
}

export async function listDocuments(db: Db, userId: number) {
  return db
    .select({ id: userDocuments.id, filename: userDocuments.filename, contentType: userDocuments.contentType, size: userDocuments.size, createdAt: userDocuments.createdAt })
    .from(userDocuments)
    .where(eq(userDocuments.userId, userId))
    .orderBy(desc(userDocuments.id));
}

export async function findDocument(db: Db, userId: number, id: number) {
  const [row] = await db.select().from(userDocuments).where(and(eq(userDocuments.userId, userId), eq(userDocuments.id, id)));
  return row;
}

/** Replaces personal data of a deleted account; the row and its ledger stay for accounting. */
export async function anonymizeUser(db: Db, id: number, placeholderEmail: string, apiKey: string) {
  await db
    .update(users)
    .set({
      email: placeholderEmail,
      pendingEmail: null,
      passwordHash: null,
      name: '',
      totpSecret: null,
      totpEnabledAt: null,
      recoveryCodes: [],
      apiKey,
      wallet: null,
      deletedAt: new Date(),
    })
    .where(eq(users.id, id));
  await db.delete(userDocuments).where(eq(userDocuments.userId, id));
  await db.delete(systemMessages).where(eq(systemMessages.userId, id));
  // Payout wallets no payout went to are forgotten; those that received money stay with their payouts (accounting).
  await db.execute(sql`update payout_wallets w set address = '(deleted)' where w.user_id = ${id} and not exists (select 1 from payouts p where p.wallet_id = w.id)`);
}

/** Records a TOTP period as used; false when it (or a later one) was used already (replay). */
export async function spendTotpPeriod(db: Db, userId: number, epoch: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastEpoch: epoch })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastEpoch), sql`${users.totpLastEpoch} < ${epoch}`)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Spends a recovery code atomically; false when it is not (or no longer) there. */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ recoveryCodes: sql`array_remove(${users.recoveryCodes}, ${codeHash})` })
    .where(and(eq(users.id, userId), sql`${codeHash} = any(${users.recoveryCodes})`))
    .returning({ id: users.id });
  return rows.length > 0;
}
