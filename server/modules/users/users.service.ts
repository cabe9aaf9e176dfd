import sanitizeHtml from 'sanitize-html';
import type { CurrentUser, UpdateUser } from '#shared/contracts/user.ts';
import type { AdminUserList, AdminUserRow } from '#shared/contracts/admin.ts';
import type { NotificationPrefs, Profile, TwoFactorSetup, UserDocument } from '#shared/contracts/profile.ts';
import { formatMoney, parseMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import { newApiKey, randomToken } from '#server/lib/crypto.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { deleteUserSessions, deleteUserTokens } from '#server/modules/auth/auth.repo.ts';
import { hashPassword, verifyPassword } from '#server/modules/auth/passwords.ts';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, totpSetup } from '#server/modules/auth/totp.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import * as repo from './users.repo.ts';
import type { UserRow } from './users.repo.ts';
import { asActor } from '#server/modules/finance/audit.service.ts';

const DAY = 86_400_000;
const daysSince = (d: Date | null) => (d ? Math.floor((Date.now() - d.getTime()) / DAY) : null);

/** Spec §3 current user. */
export async function presentCurrentUser(ctx: Ctx, user: UserRow): Promise<CurrentUser> {
  // One round trip: the user row itself came with the session.
  const money = await repo.currentUserFacts(ctx.db, user.id);
  const message = money.message;
  return {
    id: user.id,
    email: user.email,
    profile: { userType: user.userType },
    permissions: { admin: user.isAdmin, moderator: user.isModerator },
    balance: { amount: formatMoney(user.balance), currency: 'USD' },
    interfaceLanguage: user.interfaceLanguage,
    analyticsData: {
      daysSinceRegistration: daysSince(user.createdAt)!,
      daysSinceLastPayment: daysSince(user.lastPaymentAt),
      daysSinceLastUse: daysSince(user.lastUsedAt),
      earnedOnCaptcha: formatMoney(money.earned),
      spentOnCaptcha: formatMoney(money.spent),
    },
    systemMessage: message ? { id: message.id, message: message.message } : null,
  };
}

async function getUser(ctx: Ctx, userId: number): Promise<UserRow> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user || user.deletedAt) throw new AppError('ERROR_EMPTY_USER', 'The user no longer exists.');
  return user;
}

/** PUT /api/v2/user: interface language and user type. */
export async function updateCurrentUser(ctx: Ctx, userId: number, patch: UpdateUser): Promise<UserRow> {
  await getUser(ctx, userId);
  return (await repo.updateUser(ctx.db, userId, patch))!;
}

/** @throws AppError NOT_FOUND when the message is not the user's. */
export async function readSystemMessage(ctx: Ctx, userId: number, id: number) {
  if (!(await repo.markSystemMessageRead(ctx.db, userId, id))) throw new AppError('NOT_FOUND', 'No such message.');
}

/** The profile of a user id, or of the signed-in user's row from the session (no second read). */
export async function getProfile(ctx: Ctx, who: number | UserRow): Promise<Profile> {
  const u = typeof who === 'number' ? await getUser(ctx, who) : who;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    timezone: u.timezone,
    emailConfirmed: Boolean(u.emailConfirmedAt),
    pendingEmail: u.pendingEmail,
    twoFactorEnabled: Boolean(u.totpEnabledAt),
    apiKey: u.apiKey,
    notifications: u.notifications,
    wallet: u.wallet ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

export async function updateProfile(ctx: Ctx, userId: number, input: { name: string; timezone: string }) {
  await repo.updateUser(ctx.db, userId, input);
  return getProfile(ctx, userId);
}

export async function updateNotifications(ctx: Ctx, userId: number, notifications: NotificationPrefs) {
  await repo.updateUser(ctx.db, userId, { notifications });
  return getProfile(ctx, userId);
}

/**
 * Changes the password and signs out every other session.
 * @throws AppError INVALID_CREDENTIALS
 */
export async function changePassword(ctx: Ctx, userId: number, sessionId: number, input: { currentPassword: string; newPassword: string }) {
  const user = await getUser(ctx, userId);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError('INVALID_CREDENTIALS', 'The current password is wrong.');
  await repo.updateUser(ctx.db, userId, { passwordHash: await hashPassword(input.newPassword) });
  await deleteUserSessions(ctx.db, userId, sessionId);
}

/** Starts TOTP enrolment: a new secret, not active until a code confirms it. */
export async function startTwoFactor(ctx: Ctx, userId: number): Promise<TwoFactorSetup> {
  const user = await getUser(ctx, userId);
  if (user.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
  const secret = newTotpSecret();
  await repo.updateUser(ctx.db, userId, { totpSecret: secret });
  return totpSetup(secret, ctx.config.BRAND_NAME, user.email);
}

/**
 * Turns TOTP on with a code from the app; returns the recovery codes (shown once).
 * @throws AppError TWO_FACTOR_INVALID, CONFLICT
 */
export async function enableTwoFactor(ctx: Ctx, userId: number, code: string): Promise<{ recoveryCodes: string[] }> {
  const user = await getUser(ctx, userId);
  if (user.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor authentication is already on.');
  const epoch = user.totpSecret ? await matchTotp(user.totpSecret, code) : null;
  if (epoch === null || !(await repo.spendTotpPeriod(ctx.db, userId, epoch))) throw new AppError('TWO_FACTOR_INVALID', 'The code is not valid.');
  const { codes, hashes } = newRecoveryCodes();
  await repo.updateUser(ctx.db, userId, { totpEnabledAt: new Date(), recoveryCodes: hashes });
  return { recoveryCodes: codes };
}

/** @throws AppError TWO_FACTOR_INVALID */
export async function disableTwoFactor(ctx: Ctx, userId: number, code: string) {
  const user = await getUser(ctx, userId);
  const epoch = user.totpSecret ? await matchTotp(user.totpSecret, code) : null;
  const valid = epoch !== null ? await repo.spendTotpPeriod(ctx.db, userId, epoch) : await repo.spendRecoveryCode(ctx.db, userId, hashRecoveryCode(code));
  if (!user.totpEnabledAt || !valid) throw new AppError('TWO_FACTOR_INVALID', 'The code is not valid.');
  await repo.updateUser(ctx.db, userId, { totpEnabledAt: null, totpSecret: null, recoveryCodes: [] });
}

export async function rotateApiKey(ctx: Ctx, userId: number): Promise<{ apiKey: string }> {
  const apiKey = newApiKey();
  await repo.updateUser(ctx.db, userId, { apiKey });
  return { apiKey };
}

const presentDocument = (d: { id: number; filename: string; contentType: string; size: number; createdAt: Date }): UserDocument => ({
  ...d,
  createdAt: d.createdAt.toISOString(),
});

export async function listDocuments(ctx: Ctx, userId: number) {
  return (await repo.listDocuments(ctx.db, userId)).map(presentDocument);
}

export async function addDocument(ctx: Ctx, userId: number, doc: { filename: string; contentType: string; content: Buffer }) {
  const filename = doc.filename.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120) || 'document';
  const row = await repo.insertDocument(ctx.db, { userId, filename, contentType: doc.contentType, size: doc.content.length, content: doc.content });
  return presentDocument({ id: row.id, filename, contentType: doc.contentType, size: doc.content.length, createdAt: row.createdAt });
}

/** @throws AppError NOT_FOUND */
export async function getDocument(ctx: Ctx, userId: number, id: number) {
  const doc = await repo.findDocument(ctx.db, userId, id);
  if (!doc) throw new AppError('NOT_FOUND', 'No such document.');
  return doc;
}

/**
 * Deletes an account: the ledger and the user id stay for accounting; the address, password,
 * secrets, documents, sessions and messages go (see docs/accounts.md).
 * @throws AppError INVALID_CREDENTIALS
 */
export async function deleteAccount(ctx: Ctx, userId: number, password: string) {
  const user = await getUser(ctx, userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('INVALID_CREDENTIALS', 'Wrong password.');
  await ctx.db.transaction(async (tx) => {
    await repo.anonymizeUser(tx, userId, `deleted-${userId}-${randomToken(6)}@deleted.invalid`, newApiKey());
    await deleteUserSessions(tx, userId);
    await deleteUserTokens(tx, userId);
  });
}

// ---- administration -------------------------------------------------------------------------

function presentAdminRow(u: UserRow): AdminUserRow {
  return {
    id: u.id,
    email: u.email,
    userType: u.userType,
    admin: u.isAdmin,
    moderator: u.isModerator,
    blocked: Boolean(u.blockedAt),
    emailConfirmed: Boolean(u.emailConfirmedAt),
    balance: formatMoney(u.balance),
    createdAt: u.createdAt.toISOString(),
  };
}

export const ADMIN_PAGE_SIZE = 50;

export async function findUsers(ctx: Ctx, q: string, page: number): Promise<AdminUserList> {
  const { rows, total } = await repo.searchUsers(ctx.db, q, ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE);
  return { records: rows.map(presentAdminRow), totalCount: total };
}

async function getAdminTarget(ctx: Ctx, id: number) {
  const user = await repo.findUserById(ctx.db, id);
  if (!user || user.deletedAt) throw new AppError('NOT_FOUND', 'No such user.');
  return user;
}

export async function setPermission(ctx: Ctx, id: number, permission: 'admin' | 'moderator', granted: boolean, actorId: number) {
  if (id === actorId && permission === 'admin' && !granted) throw new AppError('CONFLICT', 'You cannot remove your own admin rights; ask another admin.');
  await getAdminTarget(ctx, id);
  // In a transaction naming the admin: the audit log records the change (modules/finance/audit).
  const row = await asActor(ctx, actorId, `${granted ? 'grant' : 'revoke'} ${permission}`, (tx) => repo.updateUser(tx.db, id, permission === 'admin' ? { isAdmin: granted } : { isModerator: granted }));
  return presentAdminRow(row!);
}

/** Blocking also signs the user out everywhere. */
export async function setBlocked(ctx: Ctx, id: number, blocked: boolean, actorId: number) {
  if (id === actorId && blocked) throw new AppError('CONFLICT', 'You cannot block yourself.');
  await getAdminTarget(ctx, id);
  const row = await asActor(ctx, actorId, blocked ? 'block' : 'unblock', async (tx) => {
    const updated = await repo.updateUser(tx.db, id, { blockedAt: blocked ? new Date() : null });
    if (blocked) await deleteUserSessions(tx.db, id);
    return updated;
  });
  return presentAdminRow(row!);
}

/**
 * Adds (or, negative, removes) money with a reason, as a ledger adjustment.
 * @throws AppError INSUFFICIENT_FUNDS, VALIDATION_FAILED
 */
export async function adjustBalance(ctx: Ctx, id: number, input: { amount: string; reason: string }, actorId: number | null) {
  const amount = parseMoney(input.amount);
  if (amount === 0) throw new AppError('VALIDATION_FAILED', 'The amount must not be zero.');
  await getAdminTarget(ctx, id);
  await ctx.db.transaction((tx) => postLedgerEntry(withDb(ctx, tx), { userId: id, amount, kind: 'adjustment', reason: input.reason, actorId }));
  return presentAdminRow((await repo.findUserById(ctx.db, id))!);
}

const MESSAGE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'a', 'p', 'br', 'ul', 'ol', 'li', 'code'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Posts a system message (sanitised HTML per language) that the user sees on next load. */
export async function postSystemMessage(ctx: Ctx, id: number, message: Partial<Record<string, string>>, actorId: number | null) {
  await getAdminTarget(ctx, id);
  const clean = Object.fromEntries(
    Object.entries(message).flatMap(([lang, html]) => {
      const safe = html ? sanitizeHtml(html, MESSAGE_HTML).trim() : '';
      return safe ? [[lang, safe]] : [];
    }),
  );
  if (!clean.en) throw new AppError('VALIDATION_FAILED', 'The English text is empty once unsafe markup is removed.');
  const row = await repo.insertSystemMessage(ctx.db, id, clean, actorId);
  return { id: row.id, message: row.message };
}

/**
 * Creates a confirmed user (administration and tests); a starting balance is a ledger adjustment.
 * @throws AppError CONFLICT when the address is taken.
 */
export async function createConfirmedUser(
  ctx: Ctx,
  input: { email: string; password: string; userType?: UserRow['userType']; admin?: boolean; moderator?: boolean; balance?: string },
): Promise<{ id: number; apiKey: string }> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email: input.email.trim().toLowerCase(),
      passwordHash,
      emailConfirmedAt: new Date(),
      userType: input.userType ?? null,
      isAdmin: input.admin ?? false,
      isModerator: input.moderator ?? false,
      apiKey: newApiKey(),
    });
    if (!user) throw new AppError('CONFLICT', `${input.email} is already registered.`);
    const amount = input.balance ? parseMoney(input.balance) : 0;
    if (amount > 0) await postLedgerEntry(withDb(ctx, tx), { userId: user.id, amount, kind: 'adjustment', reason: 'Initial balance (user:create)' });
    return { id: user.id, apiKey: user.apiKey };
  });
}
