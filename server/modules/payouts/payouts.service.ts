/**
 * Money out (issue 12 §1–3). What may leave is derived from the ledger (`moneyPosition`), never
 * kept as a second balance. A wallet per payout method is changed through a mailed edit_purse hash
 * link and usable only after a hold; a payout takes its amount off the balance at once (ledger
 * 'payout'), is approved and marked sent by an admin, or rejected with the money returned
 * ('payout_return'); each step is one conditional transition in one transaction. An account that
 * deposited is a customer: it asks staff to return funds instead.
 */
import type {
  AdminPayoutQuery,
  AdminPayoutsView,
  FundsReturnRequest,
  FundsReturnView,
  PayoutHistoryView,
  PayoutMethod,
  PayoutMethodView,
  PayoutRequest,
  PayoutSummaryView,
  PayoutView,
  WalletRequest,
  WalletsView,
  WalletView,
} from '#shared/contracts/payouts.ts';
import { PAYOUT_METHODS } from '#shared/contracts/payouts.ts';
import { formatMoney, parseMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { consumeHashLink, issueHashLink } from '#server/modules/auth/auth.service.ts';
import { postLedgerEntryReturningId } from '#server/modules/billing/billing.service.ts';
import { renderMail, type MailKind } from '#server/modules/mail/templates.ts';
import { findUserById, updateUser } from '#server/modules/users/users.repo.ts';
import { normalizeAddress } from './addresses.ts';
import * as repo from './payouts.repo.ts';
import { PayoutSendError, providerFor } from './providers.ts';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

const RECENT_WALLET_DAYS = 7;

function methodView(m: repo.MethodRow): PayoutMethodView {
  return {
    method: m.method,
    enabled: m.enabled,
    minAmount: formatMoney(m.minAmount),
    feeFixed: formatMoney(m.feeFixed),
    feePercent: String(m.feeBps / 100),
  };
}

function walletView(w: repo.WalletRow, now = Date.now()): WalletView {
  return {
    id: w.id,
    method: w.method,
    address: w.address,
    status: w.status,
    requestedAt: w.requestedAt.toISOString(),
    confirmedAt: w.confirmedAt?.toISOString() ?? null,
    usableAt: w.usableAt?.toISOString() ?? null,
    usable: w.status === 'active' && !!w.usableAt && w.usableAt.getTime() <= now,
  };
}

function payoutView(p: repo.PayoutRow): PayoutView {
  return {
    id: p.id,
    method: p.method,
    address: p.address,
    amount: formatMoney(p.amount),
    fee: formatMoney(p.fee),
    net: formatMoney(p.amount - p.fee),
    status: p.status,
    reference: p.reference,
    rejectReason: p.rejectReason,
    requestedAt: p.requestedAt.toISOString(),
    approvedAt: p.approvedAt?.toISOString() ?? null,
    sentAt: p.sentAt?.toISOString() ?? null,
    rejectedAt: p.rejectedAt?.toISOString() ?? null,
  };
}

function returnView(r: repo.ReturnRow): FundsReturnView {
  return {
    id: r.id,
    amount: formatMoney(r.amount),
    details: r.details,
    status: r.status,
    staffNote: r.staffNote,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
  };
}

/** The fee a payout of `amount` pays on a method: fixed plus a share, rounded down. */
export function feeOf(m: Pick<repo.MethodRow, 'feeFixed' | 'feeBps'>, amount: number): number {
  return m.feeFixed + Math.floor((amount * m.feeBps) / 10_000);
}

async function notify(ctx: Ctx, userId: number, kind: MailKind, vars: Record<string, string>, path: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.deletedAt) return;
  const link = new URL(path, ctx.config.PUBLIC_URL).toString();
  const mail = renderMail(kind, user.interfaceLanguage, { brand: ctx.config.BRAND_NAME, ...vars }, link);
  await ctx.mailer.send({ to: user.email, ...mail }).catch((err: unknown) => ctx.log.error({ err, kind }, 'payout mail failed'));
}

// ---- wallets -----------------------------------------------------------------------------------

export async function listWallets(ctx: Ctx, userId: number): Promise<WalletsView> {
  const [methods, wallets, events] = await Promise.all([repo.listMethods(ctx.db), repo.currentWallets(ctx.db, userId), repo.listWalletEvents(ctx.db, userId, 50)]);
  return {
    methods: methods.map(methodView),
    wallets: wallets.map((w) => walletView(w)),
    events: events.map((e) => ({
      id: e.event.id,
      walletId: e.event.walletId,
      method: e.method,
      address: e.address,
      event: e.event.event,
      ip: e.event.ip,
      createdAt: e.event.createdAt.toISOString(),
    })),
    holdHours: Math.round((ctx.config.PAYOUT_WALLET_HOLD_SECONDS / 3600) * 100) / 100,
    holdSeconds: ctx.config.PAYOUT_WALLET_HOLD_SECONDS,
  };
}

/**
 * Asks to set a method's wallet: stored pending (a previous pending change of that method is
 * cancelled) and mailed as a single-use link. Nothing is usable until it is confirmed.
 * @throws AppError VALIDATION_FAILED (details.reason: address, method)
 */
export async function requestWallet(ctx: Ctx, userId: number, input: WalletRequest, meta: RequestMeta): Promise<WalletView> {
  const method = await repo.findMethod(ctx.db, input.method);
  if (!method?.enabled) throw new AppError('VALIDATION_FAILED', 'This payout method is not available.', { reason: 'method' });
  const address = normalizeAddress(input.method, input.address);
  if (!address) throw new AppError('VALIDATION_FAILED', 'This address is not valid for the chosen method.', { reason: 'address' });
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const { wallet, link } = await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const previous = await repo.cancelPending(tx, userId, input.method);
    if (previous) await repo.insertWalletEvent(tx, { userId, walletId: previous.id, event: 'cancelled', ...meta });
    const wallet = await repo.insertWallet(tx, { userId, method: input.method, address });
    await repo.insertWalletEvent(tx, { userId, walletId: wallet.id, event: 'requested', ...meta });
    const issued = await issueHashLink(t, user, 'edit_purse', { walletId: String(wallet.id), method: input.method, address });
    return { wallet, link: issued.link };
  });
  const mail = renderMail('walletChange', user.interfaceLanguage, { brand: ctx.config.BRAND_NAME, method: input.method, address }, link);
  await ctx.mailer.send({ to: user.email, ...mail });
  return walletView(wallet);
}

/** Cancels a pending wallet change (its link stops working). @throws AppError NOT_FOUND */
export async function cancelWallet(ctx: Ctx, userId: number, walletId: number, meta: RequestMeta): Promise<WalletView> {
  return ctx.db.transaction(async (tx) => {
    const wallet = await repo.cancelPendingById(tx, userId, walletId);
    if (!wallet) throw new AppError('NOT_FOUND', 'No pending wallet change with this id.');
    await repo.insertWalletEvent(tx, { userId, walletId, event: 'cancelled', ...meta });
    return walletView(wallet);
  });
}

/**
 * The mailed link: the pending wallet becomes the method's active one (the previous one is
 * replaced), usable after the hold. Works once, for the account in the link only.
 * @throws AppError LINK_INVALID
 */
export async function confirmWallet(ctx: Ctx, input: { hash: string; userId: number }, meta: RequestMeta) {
  const wallet = await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const token = await consumeHashLink(t, 'edit_purse', input.hash, input.userId);
    const pending = await repo.lockPendingWallet(tx, Number(token.payload.walletId), input.userId);
    if (!pending) throw new AppError('LINK_INVALID', 'This change was cancelled or replaced by a newer one.');
    const old = await repo.retireActive(tx, input.userId, pending.method);
    if (old) await repo.insertWalletEvent(tx, { userId: input.userId, walletId: old.id, event: 'replaced', ...meta });
    const active = await repo.activateWallet(tx, pending.id, ctx.config.PAYOUT_WALLET_HOLD_SECONDS);
    await repo.insertWalletEvent(tx, { userId: input.userId, walletId: active.id, event: 'confirmed', ...meta });
    // The profile shows the latest confirmed wallet.
    await updateUser(tx, input.userId, { wallet: { method: active.method, address: active.address } });
    return active;
  });
  await notify(
    ctx,
    input.userId,
    'walletConfirmed',
    { method: wallet.method, address: wallet.address, usableAt: wallet.usableAt!.toISOString().slice(0, 16).replace('T', ' ') },
    '/partner/payment_edit',
  );
  return { wallet: { method: wallet.method, address: wallet.address, usableAt: wallet.usableAt!.toISOString() } };
}

// ---- payouts -----------------------------------------------------------------------------------

export async function payoutSummary(ctx: Ctx, userId: number): Promise<PayoutSummaryView> {
  const [position, pending, methods, wallets] = await Promise.all([
    repo.moneyPosition(ctx.db, userId),
    repo.pendingPayoutSum(ctx.db, userId),
    repo.listMethods(ctx.db),
    repo.currentWallets(ctx.db, userId),
  ]);
  const withdrawable = Math.max(0, position.withdrawable);
  return {
    balance: formatMoney(position.balance),
    withdrawable: formatMoney(withdrawable),
    nonWithdrawable: formatMoney(position.balance - withdrawable),
    pending: formatMoney(pending),
    mode: position.deposited ? 'return_funds' : 'payout',
    methods: methods
      .filter((m) => m.enabled)
      .map((m) => {
        const active = wallets.find((w) => w.method === m.method && w.status === 'active');
        return { ...methodView(m), wallet: active ? walletView(active) : null };
      }),
  };
}

/**
 * Requests a payout: checks, under the user's balance lock, that the account never deposited, the
 * method's wallet is confirmed and past its hold, the amount is at least the method's minimum and
 * at most the withdrawable money, then takes it off the balance with the payout record.
 * @throws AppError CONFLICT (details.reason: deposited, no_wallet, wallet_hold), VALIDATION_FAILED
 *   (reason: method, minimum, fee), INSUFFICIENT_FUNDS
 */
export async function requestPayout(ctx: Ctx, userId: number, input: PayoutRequest): Promise<PayoutView> {
  const amount = parseMoney(input.amount);
  return ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    await repo.lockUser(tx, userId);
    const method = await repo.findMethod(tx, input.method);
    if (!method?.enabled) throw new AppError('VALIDATION_FAILED', 'This payout method is not available.', { reason: 'method' });
    const position = await repo.moneyPosition(tx, userId);
    if (position.deposited) {
      throw new AppError('CONFLICT', 'This account has deposited money: ask for a return of funds instead.', { reason: 'deposited' });
    }
    const wallet = await repo.usableWallet(tx, userId, input.method);
    if (!wallet) {
      const current = (await repo.currentWallets(tx, userId)).find((w) => w.method === input.method && w.status === 'active');
      if (current) throw new AppError('CONFLICT', `This wallet was changed recently; payouts can use it from ${current.usableAt!.toISOString()}.`, { reason: 'wallet_hold', usableAt: current.usableAt!.toISOString() });
      throw new AppError('CONFLICT', 'Add and confirm a wallet for this method first.', { reason: 'no_wallet' });
    }
    if (amount < method.minAmount) {
      throw new AppError('VALIDATION_FAILED', `The minimum payout by this method is $${formatMoney(method.minAmount)}.`, { reason: 'minimum', minimum: formatMoney(method.minAmount) });
    }
    if (amount > position.withdrawable) {
      throw new AppError('INSUFFICIENT_FUNDS', `At most $${formatMoney(Math.max(0, position.withdrawable))} can be withdrawn.`, { withdrawable: formatMoney(Math.max(0, position.withdrawable)) });
    }
    const fee = feeOf(method, amount);
    if (fee >= amount) throw new AppError('VALIDATION_FAILED', 'The fee would take the whole amount.', { reason: 'fee' });
    const { entryId } = await postLedgerEntryReturningId(t, { userId, amount: -amount, kind: 'payout', reason: `Payout request to ${method.method} wallet #${wallet.id}`, actorId: userId });
    const payout = await repo.insertPayout(tx, { userId, walletId: wallet.id, method: wallet.method, address: wallet.address, amount, fee, holdEntryId: entryId });
    return payoutView(payout);
  });
}

export async function payoutHistory(ctx: Ctx, userId: number): Promise<PayoutHistoryView> {
  const [payouts, returns] = await Promise.all([repo.listPayouts(ctx.db, userId, 200), repo.listReturns(ctx.db, userId, 50)]);
  return { payouts: payouts.map(payoutView), returns: returns.map(returnView) };
}

/**
 * A depositor's "return funds" request (staff handle it through the payment provider); one open
 * request at a time, at most the balance.
 * @throws AppError CONFLICT (reason: not_depositor, open), INSUFFICIENT_FUNDS
 */
export async function requestFundsReturn(ctx: Ctx, userId: number, input: FundsReturnRequest): Promise<FundsReturnView> {
  const amount = parseMoney(input.amount);
  return ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    const position = await repo.moneyPosition(tx, userId);
    if (!position.deposited) throw new AppError('CONFLICT', 'This account can request payouts instead.', { reason: 'not_depositor' });
    if (await repo.openReturnOf(tx, userId)) throw new AppError('CONFLICT', 'A return request is already open.', { reason: 'open' });
    if (amount <= 0 || amount > position.balance) throw new AppError('INSUFFICIENT_FUNDS', 'The amount is more than the balance.');
    return returnView(await repo.insertReturn(tx, { userId, amount, details: input.details }));
  });
}

// ---- admins ------------------------------------------------------------------------------------

export async function adminQueue(ctx: Ctx, q: AdminPayoutQuery): Promise<AdminPayoutsView> {
  const statuses: repo.PayoutRow['status'][] = q.status === 'open' ? ['requested', 'approved'] : [q.status];
  const [rows, returns, totals] = await Promise.all([repo.searchPayouts(ctx.db, { statuses, method: q.method, user: q.user }, 500), repo.openReturns(ctx.db, 200), repo.openTotals(ctx.db)]);
  const userIds = [...new Set(rows.map((r) => r.payout.userId))];
  const risk = await repo.riskOf(ctx.db, userIds);
  const wallets = new Map<number, repo.WalletRow | undefined>();
  for (const r of rows) if (!wallets.has(r.payout.walletId)) wallets.set(r.payout.walletId, await repo.findWallet(ctx.db, r.payout.walletId));
  const now = Date.now();
  return {
    payouts: rows.map((r) => {
      const f = risk.get(r.payout.userId) ?? { answers: 0, mistakes: 0, earned: 0, paidOut: 0 };
      const confirmedAt = wallets.get(r.payout.walletId)?.confirmedAt ?? null;
      return {
        ...payoutView(r.payout),
        userId: r.payout.userId,
        email: r.email,
        risk: {
          accountAgeDays: Math.floor((now - r.createdAt.getTime()) / 86_400_000),
          answers: f.answers,
          mistakeRate: f.answers > 0 ? ((f.mistakes / f.answers) * 100).toFixed(1) : null,
          walletChangedRecently: !!confirmedAt && now - confirmedAt.getTime() < RECENT_WALLET_DAYS * 86_400_000,
          walletConfirmedAt: confirmedAt?.toISOString() ?? null,
          earned: formatMoney(f.earned),
          paidOut: formatMoney(f.paidOut),
        },
      };
    }),
    returns: returns.map((r) => ({ ...returnView(r.request), userId: r.request.userId, email: r.email })),
    totals: { requested: formatMoney(totals.requested), approved: formatMoney(totals.approved) },
    providers: Object.fromEntries(PAYOUT_METHODS.flatMap((m) => {
      const p = providerFor(ctx.config, m);
      return p ? [[m, p.name]] : [];
    })),
  };
}

async function refuseTransition(ctx: Ctx, id: number): Promise<never> {
  const current = await repo.findPayout(ctx.db, id);
  if (!current) throw new AppError('NOT_FOUND', 'No such payout.');
  throw new AppError('CONFLICT', `This payout is ${current.status}.`, { reason: 'status', status: current.status });
}

/** requested → approved. @throws AppError NOT_FOUND, CONFLICT */
export async function approvePayout(ctx: Ctx, adminId: number, id: number): Promise<PayoutView> {
  const row = await repo.transitionPayout(ctx.db, id, ['requested'], { status: 'approved', approvedAt: new Date(), approvedBy: adminId });
  return row ? payoutView(row) : refuseTransition(ctx, id);
}

/** approved → sent with the transaction id or reference; final. @throws AppError NOT_FOUND, CONFLICT */
export async function markSent(ctx: Ctx, adminId: number, id: number, reference: string): Promise<PayoutView> {
  const row = await repo.transitionPayout(ctx.db, id, ['approved'], { status: 'sent', reference, sentAt: new Date(), sentBy: adminId });
  if (!row) return refuseTransition(ctx, id);
  await notify(ctx, row.userId, 'payoutSent', { id: String(row.id), net: formatMoney(row.amount - row.fee), method: row.method, address: row.address, reference }, '/partner/history_payment');
  return payoutView(row);
}

/**
 * approved → sent through the method's payout provider, with the reference it answers. The send
 * carries the idempotency key `payout-<id>`, so concurrent or repeated sends pay once; only one of
 * them makes the transition, the others get CONFLICT. A provider's refusal leaves the payout
 * approved. @throws AppError NOT_FOUND, CONFLICT (status, no_provider, provider_declined)
 */
export async function sendPayout(ctx: Ctx, adminId: number, id: number): Promise<PayoutView> {
  const payout = await repo.findPayout(ctx.db, id);
  if (!payout) throw new AppError('NOT_FOUND', 'No such payout.');
  if (payout.status !== 'approved') return refuseTransition(ctx, id);
  const provider = providerFor(ctx.config, payout.method);
  if (!provider) throw new AppError('CONFLICT', 'No payout provider sends this method here: pay it by hand and mark it sent.', { reason: 'no_provider' });
  let reference: string;
  try {
    ({ reference } = await provider.send({ idempotencyKey: `payout-${id}`, method: payout.method, address: payout.address, amountMinor: Math.floor((payout.amount - payout.fee) / 10_000), currency: 'USD' }));
  } catch (err) {
    if (!(err instanceof PayoutSendError)) throw err;
    ctx.log.warn({ payoutId: id, provider: provider.name, err: err.message }, 'payout provider refused a send');
    throw new AppError('CONFLICT', `${provider.name}: ${err.message}`, { reason: 'provider_declined', provider: provider.name });
  }
  return markSent(ctx, adminId, id, reference);
}

/**
 * requested or approved → rejected with a reason; the amount comes back ('payout_return') in the
 * same transaction, once. @throws AppError NOT_FOUND, CONFLICT
 */
export async function rejectPayout(ctx: Ctx, adminId: number, id: number, reason: string): Promise<PayoutView> {
  const row = await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const locked = await repo.lockPayout(tx, id);
    if (!locked || (locked.status !== 'requested' && locked.status !== 'approved')) return null;
    const { entryId } = await postLedgerEntryReturningId(t, { userId: locked.userId, amount: locked.amount, kind: 'payout_return', reason: `Payout #${locked.id} rejected: ${reason}`, actorId: adminId });
    return repo.transitionPayout(tx, id, ['requested', 'approved'], { status: 'rejected', rejectReason: reason, rejectedAt: new Date(), rejectedBy: adminId, returnEntryId: entryId });
  });
  if (!row) return refuseTransition(ctx, id);
  await notify(ctx, row.userId, 'payoutRejected', { id: String(row.id), amount: formatMoney(row.amount), reason }, '/partner/history_payment');
  return payoutView(row);
}

/** The approved payouts as CSV for a mass-payout upload: one row per payout, the net amount to send. */
export async function approvedCsv(ctx: Ctx, method?: PayoutMethod): Promise<string> {
  const rows = await repo.searchPayouts(ctx.db, { statuses: ['approved'], method }, 10_000);
  const cell = (v: string) => (/[",\n\r]/.test(v) || /^[=+\-@\t]/.test(v) ? `"${v.replace(/"/g, '""').replace(/^([=+\-@\t])/, "'$1")}"` : v);
  const lines = rows.map((r) => [String(r.payout.id), r.payout.method, r.payout.address, formatMoney(r.payout.amount - r.payout.fee), 'USD', `payout-${r.payout.id}`].map(cell).join(','));
  return ['payout_id,method,address,amount,currency,note', ...lines].join('\r\n') + '\r\n';
}

/** Closes a return-funds request with the staff's note. @throws AppError NOT_FOUND */
export async function closeFundsReturn(ctx: Ctx, staffId: number, id: number, note: string): Promise<FundsReturnView> {
  const row = await repo.closeReturn(ctx.db, id, staffId, note);
  if (!row) throw new AppError('NOT_FOUND', 'No open return request with this id.');
  return returnView(row);
}

export async function listMethodsAdmin(ctx: Ctx): Promise<PayoutMethodView[]> {
  return (await repo.listMethods(ctx.db)).map(methodView);
}

/** @throws AppError VALIDATION_FAILED (a fee that would take the whole minimum) */
export async function updateMethod(ctx: Ctx, method: PayoutMethod, input: { enabled: boolean; minAmount: string; feeFixed: string; feePercent: string }): Promise<PayoutMethodView> {
  const minAmount = parseMoney(input.minAmount);
  const feeFixed = parseMoney(input.feeFixed);
  const feeBps = Math.round(Number(input.feePercent) * 100);
  if (minAmount <= 0 || feeBps > 5000 || feeOf({ feeFixed, feeBps }, minAmount) >= minAmount) {
    throw new AppError('VALIDATION_FAILED', 'The fee must stay below the minimum payout, and the minimum above zero.');
  }
  const row = await repo.updateMethod(ctx.db, method, { enabled: input.enabled, minAmount, feeFixed, feeBps });
  if (!row) throw new AppError('NOT_FOUND', 'No such method.');
  return methodView(row);
}

