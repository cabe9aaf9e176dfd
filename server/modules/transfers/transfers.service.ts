/**
 * Transfers between accounts (issue 11 §4, /pay/send_user). Asking stores a pending transfer and
 * mails the sender a single-use hash link (auth_tokens, purpose send_user, 24 h); the money moves
 * only when the sender opens it and confirms. The confirmation locks both accounts, checks the
 * daily limit and the balance again, and writes both 'transfer' ledger entries (negative and
 * positive) and the transfer's status in one transaction: all of it or none.
 *
 * Who can receive is not revealed: an unknown address or id gets the same answer as a known one
 * (the transfer is stored without a recipient and refused when the link is confirmed).
 */
import { TRANSFER_DAILY_LIMIT_USD, TRANSFER_LINK_HOURS, TRANSFER_MIN_USD, type TransferRequest, type TransferStatus, type TransfersView, type TransferView } from '#shared/contracts/money.ts';
import { formatMoney, MICROS, parseMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { consumeHashLink, issueHashLink, peekHashLink } from '#server/modules/auth/auth.service.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import { renderMail } from '#server/modules/mail/templates.ts';
import { findUserByEmail, findUserById, type UserRow } from '#server/modules/users/users.repo.ts';
import * as repo from './transfers.repo.ts';

/** Documented limits (docs/accounts.md): $0.01 minimum, $1,000 per sender in any 24 hours. */
export const TRANSFER_DAILY_LIMIT = TRANSFER_DAILY_LIMIT_USD * MICROS;
const TRANSFER_MIN = TRANSFER_MIN_USD * MICROS;

const canReceive = (u: UserRow | undefined): u is UserRow => !!u && !u.deletedAt && !u.blockedAt;

function statusOf(t: repo.TransferRow, now = Date.now()): TransferStatus {
  return t.status === 'pending' && t.expiresAt.getTime() <= now ? 'expired' : t.status;
}

function present(t: repo.TransferRow, userId: number): TransferView {
  const sent = t.senderId === userId;
  return {
    id: t.id,
    direction: sent ? 'sent' : 'received',
    counterparty: sent ? t.recipientLabel : `#${t.senderId}`,
    amount: formatMoney(t.amount),
    status: statusOf(t),
    createdAt: t.createdAt.toISOString(),
    expiresAt: t.expiresAt.toISOString(),
    confirmedAt: t.confirmedAt?.toISOString() ?? null,
  };
}

async function resolveRecipient(ctx: Ctx, typed: string): Promise<{ label: string; user: UserRow | undefined }> {
  const id = /^#?(\d{1,15})$/.exec(typed);
  if (id) return { label: `#${Number(id[1])}`, user: await findUserById(ctx.db, Number(id[1])) };
  const email = typed.toLowerCase();
  return { label: email, user: email.includes('@') ? await findUserByEmail(ctx.db, email) : undefined };
}

/**
 * Stores a pending transfer and mails its confirmation link to the sender.
 * @throws AppError VALIDATION_FAILED (amount, self: details.reason), INSUFFICIENT_FUNDS, CONFLICT (daily limit)
 */
export async function requestTransfer(ctx: Ctx, senderId: number, input: TransferRequest): Promise<{ id: number; expiresAt: string }> {
  const amount = parseMoney(input.amount);
  if (amount < TRANSFER_MIN || amount > TRANSFER_DAILY_LIMIT) {
    throw new AppError('VALIDATION_FAILED', `A transfer is between $${TRANSFER_MIN_USD} and $${TRANSFER_DAILY_LIMIT_USD.toLocaleString('en')}.`, { reason: 'amount' });
  }
  const sender = await findUserById(ctx.db, senderId);
  if (!sender) throw new AppError('UNAUTHENTICATED');
  const { label, user: recipient } = await resolveRecipient(ctx, input.recipient);
  if (recipient?.id === sender.id || label === sender.email) throw new AppError('VALIDATION_FAILED', 'You cannot send money to your own account.', { reason: 'self' });
  if (amount > sender.balance) throw new AppError('INSUFFICIENT_FUNDS', 'The balance is too low for this transfer.');
  if ((await repo.sentInLastDay(ctx.db, sender.id)) + amount > TRANSFER_DAILY_LIMIT) {
    throw new AppError('CONFLICT', `You can send at most $${TRANSFER_DAILY_LIMIT_USD.toLocaleString('en')} in 24 hours.`, { reason: 'daily_limit' });
  }
  const { transfer, link } = await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const expiresAt = new Date(Date.now() + TRANSFER_LINK_HOURS * 3_600_000);
    const transfer = await repo.insertTransfer(tx, { senderId: sender.id, recipientId: canReceive(recipient) ? recipient.id : null, recipientLabel: label, amount, expiresAt });
    const issued = await issueHashLink(t, sender, 'send_user', { transferId: String(transfer.id) });
    return { transfer, link: issued.link };
  });
  const mail = renderMail('transferConfirm', sender.interfaceLanguage, { brand: ctx.config.BRAND_NAME, amount: formatMoney(amount), recipient: label }, link);
  await ctx.mailer.send({ to: sender.email, ...mail });
  return { id: transfer.id, expiresAt: transfer.expiresAt.toISOString() };
}

/** What a confirmation link would do, without using it. @throws AppError LINK_INVALID */
export async function inspectTransferLink(ctx: Ctx, sessionUserId: number, input: { hash: string; userId: number }): Promise<TransferView> {
  const token = input.userId === sessionUserId ? await peekHashLink(ctx, 'send_user', input.hash, input.userId) : null;
  if (!token || token.usedAt || token.expiresAt.getTime() <= Date.now()) throw new AppError('LINK_INVALID', 'This link has expired or was already used.');
  const transfer = await repo.findTransfer(ctx.db, Number(token.payload.transferId), sessionUserId);
  if (!transfer || transfer.status !== 'pending') throw new AppError('LINK_INVALID', 'This link has expired or was already used.');
  return present(transfer, sessionUserId);
}

/**
 * Confirms a transfer from its link: both ledger entries and the status in one transaction.
 * Over the balance or the daily limit, nothing moves and the link stays usable until it expires.
 * @throws AppError LINK_INVALID (used, expired, another account's), INSUFFICIENT_FUNDS, CONFLICT (daily limit, no such recipient)
 */
export async function confirmTransfer(ctx: Ctx, sessionUserId: number, input: { hash: string; userId: number }): Promise<TransferView> {
  if (input.userId !== sessionUserId) throw new AppError('LINK_INVALID', 'This link belongs to another account.');
  const outcome = await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const token = await consumeHashLink(t, 'send_user', input.hash, input.userId);
    const pending = await repo.lockPendingTransfer(tx, Number(token.payload.transferId), sessionUserId);
    if (!pending) throw new AppError('LINK_INVALID', 'This link has expired or was already used.');
    const recipient = pending.recipientId === null ? undefined : await findUserById(tx, pending.recipientId);
    if (!canReceive(recipient)) {
      await repo.settleTransfer(tx, pending.id, 'refused', 'No account can receive this transfer.');
      return { refused: true as const, transfer: pending };
    }
    await repo.lockAccounts(tx, [pending.senderId, recipient.id]);
    if ((await repo.sentInLastDay(tx, pending.senderId)) + pending.amount > TRANSFER_DAILY_LIMIT) {
      throw new AppError('CONFLICT', `You can send at most $${TRANSFER_DAILY_LIMIT_USD.toLocaleString('en')} in 24 hours.`, { reason: 'daily_limit' });
    }
    // Refuses with INSUFFICIENT_FUNDS (rolling everything back) when the balance fell since asking.
    await postLedgerEntry(t, { userId: pending.senderId, amount: -pending.amount, kind: 'transfer', reason: `Transfer #${pending.id} to #${recipient.id}`, actorId: pending.senderId });
    await postLedgerEntry(t, { userId: recipient.id, amount: pending.amount, kind: 'transfer', reason: `Transfer #${pending.id} from #${pending.senderId}`, actorId: pending.senderId });
    await repo.settleTransfer(tx, pending.id, 'confirmed');
    return { refused: false as const, transfer: pending, recipient };
  });
  if (outcome.refused) throw new AppError('CONFLICT', 'No account can receive this transfer; nothing was sent.', { reason: 'recipient' });
  const { recipient, transfer } = outcome;
  if (recipient.notifications?.payments !== false) {
    const link = new URL('/pay/send_user', ctx.config.PUBLIC_URL).toString();
    const mail = renderMail('transferReceived', recipient.interfaceLanguage, { brand: ctx.config.BRAND_NAME, amount: formatMoney(transfer.amount), sender: `#${transfer.senderId}`, transfer: `#${transfer.id}` }, link);
    await ctx.mailer.send({ to: recipient.email, ...mail }).catch((err: unknown) => ctx.log.error({ err }, 'transfer notice mail failed'));
  }
  return present({ ...transfer, status: 'confirmed', confirmedAt: new Date() }, sessionUserId);
}

export async function listTransfers(ctx: Ctx, userId: number): Promise<TransfersView> {
  const [rows, sent] = await Promise.all([repo.listTransfers(ctx.db, userId, 200), repo.sentInLastDay(ctx.db, userId)]);
  return {
    transfers: rows.map((r) => present(r, userId)),
    remainingToday: formatMoney(Math.max(0, TRANSFER_DAILY_LIMIT - sent)),
    dailyLimit: formatMoney(TRANSFER_DAILY_LIMIT),
  };
}
