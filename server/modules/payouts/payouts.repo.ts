import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { fundsReturnRequests, payoutMethods, payouts, payoutWalletEvents, payoutWallets, users } from '#server/db/schema/index.ts';
import type { PayoutMethod } from '#shared/contracts/payouts.ts';

export type MethodRow = typeof payoutMethods.$inferSelect;
export type WalletRow = typeof payoutWallets.$inferSelect;
export type WalletEventRow = typeof payoutWalletEvents.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type ReturnRow = typeof fundsReturnRequests.$inferSelect;

/**
 * Ledger kinds whose money may leave as a payout (and the payouts themselves): earnings from
 * solving, the worker hub's rewards for solving (issue 19), the developers' soft_id share, referral commissions, and what moves those (holds and
 * releases of rewards, reversals, payouts and returned payouts). Every other credit (top-ups,
 * vouchers, promo and admin credits, refunds, transfers received) is not withdrawable; every other
 * debit (charges, transfers sent) spends non-withdrawable money first.
 */
export const WITHDRAWABLE_KINDS = ['earning', 'commission', 'referral_commission', 'referral_reversal', 'hold', 'release', 'payout', 'payout_return', 'reward'] as const;
/** Entries that make an account a depositor (a customer): no payouts, "return funds" instead. */
export const DEPOSIT_KINDS = ['topup', 'voucher'] as const;

const kindList = (kinds: readonly string[]) => sql.join(kinds.map((k) => sql`${k}`), sql`, `);

export interface MoneyPosition {
  balance: number;
  /** May go below zero (a held reward already paid out): later earnings refill it first. */
  withdrawable: number;
  deposited: boolean;
}

/**
 * The withdrawable part of a balance, folded from the ledger in entry order (one user's entries are
 * written under their balance row lock, so id order is the order they applied in). W-kinds move W
 * by their amount; every other entry leaves W alone unless it spends more than the rest of the
 * balance (W = min(W, balance after)). That recurrence, W_t = min(W_{t-1} + a_t, B_t), has the
 * closed form W_T = A_T + min(0, min_t(B_t − A_t)) with A and B running sums: one window scan.
 */
export async function moneyPosition(db: Db, userId: number): Promise<MoneyPosition> {
  const res = await db.execute(sql`
    with e as (
      select id, amount, case when kind in (${kindList(WITHDRAWABLE_KINDS)}) then amount else 0 end as a, kind in (${kindList(DEPOSIT_KINDS)}) as dep
      from ledger_entries where user_id = ${userId}
    ), s as (
      select sum(amount) over w as b, sum(a) over w as acc, dep from e window w as (order by id rows unbounded preceding)
    )
    select coalesce((select sum(amount) from e), 0)::bigint as balance,
           (coalesce((select sum(a) from e), 0) + least(0, coalesce(min(b - acc), 0)))::bigint as withdrawable,
           coalesce(bool_or(dep), false) as deposited
    from s`);
  const row = res.rows[0] as { balance: string | number; withdrawable: string | number; deposited: boolean };
  return { balance: Number(row.balance), withdrawable: Number(row.withdrawable), deposited: Boolean(row.deposited) };
}

/** Locks the user's balance row for the transaction (payout requests of one user run one at a time). */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select id from users where id = ${userId} for no key update`);
}

// ---- methods -----------------------------------------------------------------------------------

export async function listMethods(db: Db): Promise<MethodRow[]> {
  return db.select().from(payoutMethods).orderBy(payoutMethods.method);
}

export async function findMethod(db: Db, method: PayoutMethod): Promise<MethodRow | undefined> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.method, method));
  return row;
}

export async function updateMethod(db: Db, method: PayoutMethod, patch: Pick<MethodRow, 'enabled' | 'minAmount' | 'feeFixed' | 'feeBps'>): Promise<MethodRow | undefined> {
  const [row] = await db.update(payoutMethods).set({ ...patch, updatedAt: sql`now()` }).where(eq(payoutMethods.method, method)).returning();
  return row;
}

// ---- wallets -----------------------------------------------------------------------------------

/** The user's active and pending wallets. */
export async function currentWallets(db: Db, userId: number): Promise<WalletRow[]> {
  return db
    .select()
    .from(payoutWallets)
    .where(and(eq(payoutWallets.userId, userId), inArray(payoutWallets.status, ['active', 'pending'])))
    .orderBy(payoutWallets.method, payoutWallets.status);
}

export async function insertWallet(db: Db, w: { userId: number; method: PayoutMethod; address: string }): Promise<WalletRow> {
  const [row] = await db.insert(payoutWallets).values(w).returning();
  return row!;
}

/** Ends a user's pending wallet of a method (a newer request or a cancellation); returns it. */
export async function cancelPending(db: Db, userId: number, method: PayoutMethod): Promise<WalletRow | undefined> {
  const [row] = await db
    .update(payoutWallets)
    .set({ status: 'cancelled', endedAt: sql`now()` })
    .where(and(eq(payoutWallets.userId, userId), eq(payoutWallets.method, method), eq(payoutWallets.status, 'pending')))
    .returning();
  return row;
}

export async function cancelPendingById(db: Db, userId: number, id: number): Promise<WalletRow | undefined> {
  const [row] = await db
    .update(payoutWallets)
    .set({ status: 'cancelled', endedAt: sql`now()` })
    .where(and(eq(payoutWallets.id, id), eq(payoutWallets.userId, userId), eq(payoutWallets.status, 'pending')))
    .returning();
  return row;
}

/** Locks a pending wallet for its confirmation. */
export async function lockPendingWallet(db: Db, id: number, userId: number): Promise<WalletRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutWallets)
    .where(and(eq(payoutWallets.id, id), eq(payoutWallets.userId, userId), eq(payoutWallets.status, 'pending')))
    .for('update');
  return row;
}

/** Retires the active wallet of a method (replaced by a confirmed change); returns it. */
export async function retireActive(db: Db, userId: number, method: PayoutMethod): Promise<WalletRow | undefined> {
  const [row] = await db
    .update(payoutWallets)
    .set({ status: 'replaced', endedAt: sql`now()` })
    .where(and(eq(payoutWallets.userId, userId), eq(payoutWallets.method, method), eq(payoutWallets.status, 'active')))
    .returning();
  return row;
}

export async function activateWallet(db: Db, id: number, holdSeconds: number): Promise<WalletRow> {
  const [row] = await db
    .update(payoutWallets)
    .set({ status: 'active', confirmedAt: sql`now()`, usableAt: sql`now() + make_interval(secs => ${holdSeconds})` })
    .where(eq(payoutWallets.id, id))
    .returning();
  return row!;
}

/** The active wallet of a method that is past its hold, or undefined. */
export async function usableWallet(db: Db, userId: number, method: PayoutMethod): Promise<WalletRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutWallets)
    .where(and(eq(payoutWallets.userId, userId), eq(payoutWallets.method, method), eq(payoutWallets.status, 'active'), lte(payoutWallets.usableAt, sql`now()`)));
  return row;
}

export async function insertWalletEvent(db: Db, e: { userId: number; walletId: number; event: WalletEventRow['event']; ip?: string | null; userAgent?: string | null }) {
  await db.insert(payoutWalletEvents).values({ ...e, userAgent: e.userAgent?.slice(0, 300) ?? null });
}

export async function listWalletEvents(db: Db, userId: number, limit: number) {
  return db
    .select({ event: payoutWalletEvents, method: payoutWallets.method, address: payoutWallets.address })
    .from(payoutWalletEvents)
    .innerJoin(payoutWallets, eq(payoutWallets.id, payoutWalletEvents.walletId))
    .where(eq(payoutWalletEvents.userId, userId))
    .orderBy(desc(payoutWalletEvents.id))
    .limit(limit);
}

// ---- payouts -----------------------------------------------------------------------------------

export async function insertPayout(db: Db, p: typeof payouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await db.insert(payouts).values(p).returning();
  return row!;
}

export async function pendingPayoutSum(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ s: sql<string>`coalesce(sum(${payouts.amount}), 0)::text` })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), inArray(payouts.status, ['requested', 'approved'])));
  return Number(row?.s ?? 0);
}

export async function listPayouts(db: Db, userId: number, limit: number): Promise<PayoutRow[]> {
  return db.select().from(payouts).where(eq(payouts.userId, userId)).orderBy(desc(payouts.id)).limit(limit);
}

/** Moves a payout from one of `from` to `to` (one transition wins); returns the updated row. */
export async function transitionPayout(db: Db, id: number, from: PayoutRow['status'][], patch: Partial<typeof payouts.$inferInsert>): Promise<PayoutRow | undefined> {
  const [row] = await db.update(payouts).set(patch).where(and(eq(payouts.id, id), inArray(payouts.status, from))).returning();
  return row;
}

export async function lockPayout(db: Db, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row;
}

export async function findPayout(db: Db, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}

/** The admins' queue: payouts by status (open = requested or approved), optional method and user. */
export async function searchPayouts(db: Db, q: { statuses: PayoutRow['status'][]; method?: PayoutMethod; user?: string }, limit: number) {
  const userMatch = q.user
    ? /^#?\d+$/.test(q.user)
      ? eq(payouts.userId, Number(q.user.replace('#', '')))
      : sql`${users.email} ilike ${'%' + q.user.replace(/[%_\\]/g, (c) => '\\' + c) + '%'}`
    : undefined;
  return db
    .select({ payout: payouts, email: users.email, createdAt: users.createdAt })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(and(inArray(payouts.status, q.statuses), q.method ? eq(payouts.method, q.method) : undefined, userMatch))
    .orderBy(payouts.requestedAt, payouts.id)
    .limit(limit);
}

export async function openTotals(db: Db): Promise<{ requested: number; approved: number }> {
  const rows = await db
    .select({ status: payouts.status, s: sql<string>`sum(${payouts.amount})::text` })
    .from(payouts)
    .where(inArray(payouts.status, ['requested', 'approved']))
    .groupBy(payouts.status);
  const of = (s: string) => Number(rows.find((r) => r.status === s)?.s ?? 0);
  return { requested: of('requested'), approved: of('approved') };
}

/**
 * The risk figures of the users behind a page of payouts: answers and upheld mistakes, what they
 * earned and were paid out, and when their current wallet of each method was confirmed.
 */
export async function riskOf(db: Db, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { answers: number; mistakes: number; earned: number; paidOut: number }>();
  const res = await db.execute(sql`
    select u.id,
      (select count(*) from task_attempts a where a.worker_id = u.id and a.outcome in ('answered', 'accepted', 'outvoted', 'wrong', 'unmatched'))::int as answers,
      (select count(*) from task_attempts a where a.worker_id = u.id and a.outcome in ('wrong', 'outvoted'))::int as mistakes,
      (select coalesce(sum(amount), 0) from ledger_entries l where l.user_id = u.id and l.kind = 'earning')::bigint as earned,
      (select coalesce(sum(amount), 0) from payouts p where p.user_id = u.id and p.status = 'sent')::bigint as paid_out
    from users u where u.id in (${sql.join(userIds.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(
    (res.rows as { id: number | string; answers: number; mistakes: number; earned: string | number; paid_out: string | number }[]).map((r) => [
      Number(r.id),
      { answers: Number(r.answers), mistakes: Number(r.mistakes), earned: Number(r.earned), paidOut: Number(r.paid_out) },
    ]),
  );
}

export async function findWallet(db: Db, id: number): Promise<WalletRow | undefined> {
  const [row] = await db.select().from(payoutWallets).where(eq(payoutWallets.id, id));
  return row;
}

// ---- return-funds requests ---------------------------------------------------------------------

export async function insertReturn(db: Db, r: { userId: number; amount: number; details: string }): Promise<ReturnRow> {
  const [row] = await db.insert(fundsReturnRequests).values(r).returning();
  return row!;
}

export async function listReturns(db: Db, userId: number, limit: number): Promise<ReturnRow[]> {
  return db.select().from(fundsReturnRequests).where(eq(fundsReturnRequests.userId, userId)).orderBy(desc(fundsReturnRequests.id)).limit(limit);
}

export async function openReturnOf(db: Db, userId: number): Promise<ReturnRow | undefined> {
  const [row] = await db
    .select()
    .from(fundsReturnRequests)
    .where(and(eq(fundsReturnRequests.userId, userId), eq(fundsReturnRequests.status, 'open'), isNull(fundsReturnRequests.closedAt)));
  return row;
}

export async function openReturns(db: Db, limit: number) {
  return db
    .select({ request: fundsReturnRequests, email: users.email })
    .from(fundsReturnRequests)
    .innerJoin(users, eq(users.id, fundsReturnRequests.userId))
    .where(eq(fundsReturnRequests.status, 'open'))
    .orderBy(fundsReturnRequests.createdAt)
    .limit(limit);
}

export async function closeReturn(db: Db, id: number, staffId: number, note: string): Promise<ReturnRow | undefined> {
  const [row] = await db
    .update(fundsReturnRequests)
    .set({ status: 'closed', staffNote: note, closedBy: staffId, closedAt: sql`now()` })
    .where(and(eq(fundsReturnRequests.id, id), eq(fundsReturnRequests.status, 'open')))
    .returning();
  return row;
}
