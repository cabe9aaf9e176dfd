import type { Language } from '#shared/i18n/languages.ts';
import { localizedPath } from '#shared/i18n/routing.ts';
import { homePathOf, type UserType } from '#shared/contracts/user.ts';
import { AppError } from '#server/lib/app-error.ts';
import { newApiKey, randomToken, sha256 } from '#server/lib/crypto.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { renderMail, type MailKind } from '#server/modules/mail/templates.ts';
import { findUserByEmail, findUserById, insertUser, updateUser, spendRecoveryCode, spendTotpPeriod, type UserRow } from '#server/modules/users/users.repo.ts';
import * as repo from './auth.repo.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashRecoveryCode, matchTotp } from './totp.ts';

export const SESSION_DAYS = 30;
const HOUR = 3600;
const LINK_TTL: Record<repo.TokenPurpose, number> = {
  confirm_email: 48 * HOUR,
  remind: HOUR,
  change_email: 24 * HOUR,
  delete_email: 365 * 24 * HOUR,
  edit_purse: 24 * HOUR,
  send_user: 24 * HOUR,
};
const LINK_PATH: Record<repo.TokenPurpose, string> = {
  confirm_email: '/auth/check_key',
  remind: '/auth/check_remind',
  change_email: '/auth/change_email',
  delete_email: '/auth/delete_email',
  edit_purse: '/auth/edit_purse',
  send_user: '/pay/send_user_hash',
};
/** Sign-in: 5 failures per address or 20 per IP in 15 minutes lock for 15 minutes. */
export const THROTTLE = {
  loginEmail: { max: 5, window: 900, lock: 900 },
  loginIp: { max: 20, window: 900, lock: 900 },
  remind: { max: 5, window: HOUR, lock: HOUR },
  twoFactor: { max: 5, window: 900, lock: 900 },
} as const;

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

export interface SessionInfo {
  id: number;
  userId: number;
  twoFactorPending: boolean;
}

/** The issued cookie value and what it opens. */
export interface IssuedSession {
  token: string;
  session: SessionInfo;
}

async function throttled(ctx: Ctx, key: string) {
  const seconds = await repo.lockedFor(ctx.db, key);
  if (seconds > 0) throw new AppError('RATE_LIMITED', `Too many attempts; try again in ${Math.ceil(seconds / 60)} min.`, { retryAfter: seconds });
}

async function issueLink(ctx: Ctx, user: Pick<UserRow, 'id' | 'interfaceLanguage'>, purpose: repo.TokenPurpose, payload: Record<string, string> = {}, suffix = '') {
  const hash = randomToken(24);
  await repo.insertToken(ctx.db, {
    userId: user.id,
    purpose,
    tokenHash: sha256(hash),
    payload,
    expiresAt: new Date(Date.now() + LINK_TTL[purpose] * 1000),
  });
  const path = `${LINK_PATH[purpose]}/${hash}/${user.id}${suffix}`;
  return ctx.config.PUBLIC_URL.replace(/\/$/, '') + localizedPath(user.interfaceLanguage as Language, path);
}

async function mail(ctx: Ctx, to: string, kind: MailKind, lang: string, vars: Record<string, string>, link?: string) {
  const rendered = renderMail(kind, lang, { brand: ctx.config.BRAND_NAME, ...vars }, link);
  await ctx.mailer.send({ to, ...rendered });
}

async function createSession(ctx: Ctx, userId: number, meta: RequestMeta, twoFactorPending: boolean): Promise<IssuedSession> {
  const token = randomToken(32);
  const row = await repo.insertSession(ctx.db, {
    tokenHash: sha256(token),
    userId,
    twoFactorPending,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  });
  return { token, session: { id: row.id, userId, twoFactorPending } };
}

/**
 * Registers an account and mails the confirmation link. Answers the same for a taken address
 * (its owner gets a notice instead), so registration does not reveal accounts. Returns the new
 * account's id (null for a taken address) for the caller's own bookkeeping, never for the answer.
 */
export async function register(ctx: Ctx, input: { email: string; password: string; userType?: UserType; language: Language }): Promise<number | null> {
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(ctx.db, {
    email: input.email,
    passwordHash,
    userType: input.userType ?? null,
    interfaceLanguage: input.language,
    apiKey: newApiKey(),
  });
  if (!user) {
    const existing = await findUserByEmail(ctx.db, input.email);
    const key = `register-taken:${input.email}`;
    if (existing && (await repo.lockedFor(ctx.db, key)) === 0) {
      await repo.recordFailure(ctx.db, key, THROTTLE.remind.max, THROTTLE.remind.window, THROTTLE.remind.lock);
      const link = await issueLink(ctx, existing, 'remind');
      await mail(ctx, existing.email, 'alreadyRegistered', existing.interfaceLanguage, { email: existing.email }, link);
    }
    return null;
  }
  const link = await issueLink(ctx, user, 'confirm_email');
  await mail(ctx, user.email, 'confirmEmail', user.interfaceLanguage, { email: user.email }, link);
  return user.id;
}

/** Mails a fresh confirmation link to an unconfirmed account; silent otherwise. */
export async function resendConfirmation(ctx: Ctx, email: string) {
  const key = `resend:${email}`;
  if ((await repo.lockedFor(ctx.db, key)) > 0) return; // quietly: the address already got enough mail
  await repo.recordFailure(ctx.db, key, THROTTLE.remind.max, THROTTLE.remind.window, THROTTLE.remind.lock);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.emailConfirmedAt) return;
  await repo.voidTokens(ctx.db, user.id, 'confirm_email');
  const link = await issueLink(ctx, user, 'confirm_email');
  await mail(ctx, user.email, 'confirmEmail', user.interfaceLanguage, { email: user.email }, link);
}

/**
 * Checks e-mail and password. Returns a session, pending the TOTP step when 2FA is on.
 * @throws AppError RATE_LIMITED, INVALID_CREDENTIALS, EMAIL_NOT_CONFIRMED, ACCOUNT_BLOCKED
 */
export async function login(ctx: Ctx, input: { email: string; password: string }, meta: RequestMeta): Promise<IssuedSession> {
  const emailKey = `login:email:${input.email}`;
  const ipKey = `login:ip:${meta.ip}`;
  await throttled(ctx, emailKey);
  await throttled(ctx, ipKey);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!(await verifyPassword(user?.passwordHash, input.password)) || !user) {
    await repo.recordFailure(ctx.db, emailKey, THROTTLE.loginEmail.max, THROTTLE.loginEmail.window, THROTTLE.loginEmail.lock);
    await repo.recordFailure(ctx.db, ipKey, THROTTLE.loginIp.max, THROTTLE.loginIp.window, THROTTLE.loginIp.lock);
    throw new AppError('INVALID_CREDENTIALS', 'Wrong e-mail or password.');
  }
  if (user.blockedAt) throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked. Contact support.');
  if (!user.emailConfirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED', 'Confirm your e-mail address first; we can send the link again.');
  await repo.clearFailures(ctx.db, emailKey);
  return createSession(ctx, user.id, meta, Boolean(user.totpEnabledAt));
}

/**
 * The TOTP step of a pending session: a current code or an unused recovery code.
 * Five failures end the session.
 * @throws AppError UNAUTHENTICATED, TWO_FACTOR_INVALID, RATE_LIMITED
 */
export async function completeTwoFactor(ctx: Ctx, session: SessionInfo, code: string): Promise<{ homePath: string }> {
  if (!session.twoFactorPending) throw new AppError('UNAUTHENTICATED', 'No sign-in is waiting for a code.');
  const key = `2fa:user:${session.userId}`;
  await throttled(ctx, key);
  const user = await findUserById(ctx.db, session.userId);
  if (!user?.totpSecret) throw new AppError('UNAUTHENTICATED', 'Sign in again.');
  const epoch = await matchTotp(user.totpSecret, code);
  const ok = epoch !== null ? await spendTotpPeriod(ctx.db, user.id, epoch) : await spendRecoveryCode(ctx.db, user.id, hashRecoveryCode(code));
  if (!ok) {
    await repo.recordFailure(ctx.db, key, THROTTLE.twoFactor.max, THROTTLE.twoFactor.window, THROTTLE.twoFactor.lock);
    if ((await repo.lockedFor(ctx.db, key)) > 0) await repo.deleteSession(ctx.db, session.id);
    throw new AppError('TWO_FACTOR_INVALID', 'The code is not valid.');
  }
  await repo.clearFailures(ctx.db, key);
  await repo.updateSession(ctx.db, session.id, { twoFactorPending: false });
  return { homePath: homePathOf(user.userType) };
}

/** The session behind a cookie token, with its user (null user: the account was deleted). */
export async function resolveSession(ctx: Ctx, token: string) {
  const found = await repo.findSessionWithUser(ctx.db, sha256(token));
  if (!found) return null;
  const { session, user } = found;
  // Sliding expiry, written at most once an hour per session.
  const renewed = Date.now() - session.lastSeenAt.getTime() > 3_600_000;
  if (renewed) {
    await repo.updateSession(ctx.db, session.id, { lastSeenAt: new Date(), expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000) });
  }
  return { session: { id: session.id, userId: session.userId, twoFactorPending: session.twoFactorPending }, user, renewed };
}

export const logout = (ctx: Ctx, session: SessionInfo) => repo.deleteSession(ctx.db, session.id);
export const logoutEverywhere = (ctx: Ctx, userId: number) => repo.deleteUserSessions(ctx.db, userId);

/** Reminders accepted but not yet mailed (remind() answers before doing that work). */
const pendingReminders = new Set<Promise<void>>();

/** Resolves once every reminder accepted so far has been mailed (tests; graceful shutdown). */
export async function remindersSettled(): Promise<void> {
  await Promise.all([...pendingReminders]);
}

/**
 * Mails a reset link (or, for an unknown address, a notice); answers alike either way. The caller
 * gets its answer after the same work for every address (the throttles); looking the address up
 * and mailing happen after the answer, so its timing cannot tell which addresses have accounts.
 */
export async function remind(ctx: Ctx, email: string, language: Language, meta: RequestMeta) {
  const key = `remind:${email}`;
  const ipKey = `remind:ip:${meta.ip}`;
  if ((await repo.lockedFor(ctx.db, key)) > 0) return; // quietly: the address already got enough mail
  await throttled(ctx, ipKey);
  await repo.recordFailure(ctx.db, key, THROTTLE.remind.max, THROTTLE.remind.window, THROTTLE.remind.lock);
  await repo.recordFailure(ctx.db, ipKey, THROTTLE.remind.max * 4, THROTTLE.remind.window, THROTTLE.remind.lock);
  const work = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => mailReminder(ctx, email, language))
    .catch((err: unknown) => ctx.log.error({ err }, 'password reminder not sent'));
  pendingReminders.add(work);
  void work.finally(() => pendingReminders.delete(work));
}

async function mailReminder(ctx: Ctx, email: string, language: Language) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    const signup = ctx.config.PUBLIC_URL.replace(/\/$/, '') + localizedPath(language, '/auth/register');
    await mail(ctx, email, 'remindUnknown', language, { email }, signup);
    return;
  }
  await repo.voidTokens(ctx.db, user.id, 'remind');
  const link = await issueLink(ctx, user, 'remind');
  await mail(ctx, user.email, 'remind', user.interfaceLanguage, { email: user.email }, link);
}

async function useLink(ctx: Ctx, purpose: repo.TokenPurpose, hash: string, userId: number) {
  const token = await repo.consumeToken(ctx.db, purpose, sha256(hash), userId);
  if (!token) throw new AppError('LINK_INVALID', 'This link has expired or was already used.');
  return token;
}

/**
 * The hash-link mechanism for other modules (money transfers, payout wallets): a single-use link expiring after
 * the purpose's TTL, of which only the sha256 is stored. Call inside the caller's transaction.
 */
export async function issueHashLink(ctx: Ctx, user: Pick<UserRow, 'id' | 'interfaceLanguage'>, purpose: 'send_user' | 'edit_purse', payload: Record<string, string>) {
  return { link: await issueLink(ctx, user, purpose, payload) };
}

/** Uses a hash link once (in the caller's transaction). @throws AppError LINK_INVALID */
export async function consumeHashLink(ctx: Ctx, purpose: 'send_user' | 'edit_purse', hash: string, userId: number) {
  const token = await repo.consumeToken(ctx.db, purpose, sha256(hash), userId);
  if (!token) throw new AppError('LINK_INVALID', 'This link has expired or was already used.');
  return token;
}

/** A hash link's stored row without using it (to show what confirming would do), or null. */
export async function peekHashLink(ctx: Ctx, purpose: 'send_user', hash: string, userId: number) {
  return (await repo.findToken(ctx.db, purpose, sha256(hash), userId)) ?? null;
}

/**
 * Sets a new password from a remind link, confirms the address (the mail reached its owner),
 * signs out everywhere and signs in here.
 * @throws AppError LINK_INVALID
 */
export async function resetPassword(ctx: Ctx, input: { hash: string; userId: number; password: string }, meta: RequestMeta) {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    await useLink(t, 'remind', input.hash, input.userId);
    const existing = await findUserById(tx, input.userId);
    if (!existing || existing.deletedAt || existing.blockedAt) throw new AppError('LINK_INVALID', 'This link has expired or was already used.');
    const user = (await updateUser(tx, input.userId, { passwordHash, emailConfirmedAt: new Date() }))!;
    await repo.deleteUserSessions(tx, user.id);
    await repo.clearFailures(tx, `login:email:${user.email}`);
    const issued = await createSession(t, user.id, meta, Boolean(user.totpEnabledAt));
    return { ...issued, homePath: homePathOf(user.userType) };
  });
}

/**
 * Confirms the address from the registration link and signs the user in.
 * @throws AppError LINK_INVALID
 */
export async function confirmEmail(ctx: Ctx, input: { hash: string; userId: number }, meta: RequestMeta) {
  return ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    await useLink(t, 'confirm_email', input.hash, input.userId);
    const user = await updateUser(tx, input.userId, { emailConfirmedAt: new Date() });
    if (!user || user.blockedAt) throw new AppError('LINK_INVALID', 'This link has expired or was already used.');
    const issued = await createSession(t, user.id, meta, Boolean(user.totpEnabledAt));
    return { ...issued, homePath: homePathOf(user.userType) };
  });
}

/**
 * Starts an e-mail change: a confirmation link to the new address, a cancel link to the old one.
 * @throws AppError INVALID_CREDENTIALS, CONFLICT (address taken)
 */
export async function requestEmailChange(ctx: Ctx, userId: number, input: { email: string; password: string }) {
  const user = await findUserById(ctx.db, userId);
  if (!user || !(await verifyPassword(user.passwordHash, input.password))) throw new AppError('INVALID_CREDENTIALS', 'Wrong password.');
  if (input.email === user.email) throw new AppError('VALIDATION_FAILED', 'This is already your address.');
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError('CONFLICT', 'This address belongs to another account.');
  await repo.voidTokens(ctx.db, user.id, 'change_email');
  await updateUser(ctx.db, user.id, { pendingEmail: input.email });
  const confirm = await issueLink(ctx, user, 'change_email', { email: input.email, status: 'confirm' }, '/confirm');
  await mail(ctx, input.email, 'changeEmail', user.interfaceLanguage, { email: input.email }, confirm);
  const cancel = await issueLink(ctx, user, 'change_email', { email: input.email, status: 'cancel' }, '/cancel');
  await mail(ctx, user.email, 'changeEmailNotice', user.interfaceLanguage, { email: input.email }, cancel);
}

/**
 * Confirms (from the new address) or cancels (from the old one) a pending e-mail change.
 * @throws AppError LINK_INVALID, CONFLICT
 */
export async function completeEmailChange(ctx: Ctx, input: { hash: string; userId: number; status: 'confirm' | 'cancel' }) {
  return ctx.db.transaction(async (tx) => {
    const token = await useLink(withDb(ctx, tx), 'change_email', input.hash, input.userId);
    // The status is part of the mailed link: the cancel link sent to the old address cannot confirm.
    if (token.payload.status !== input.status) throw new AppError('LINK_INVALID', 'This link has expired or was already used.');
    const user = await findUserById(tx, input.userId);
    if (!user || user.pendingEmail !== token.payload.email) throw new AppError('LINK_INVALID', 'This change was replaced or cancelled.');
    await repo.voidTokens(tx, user.id, 'change_email');
    if (input.status === 'cancel') {
      await updateUser(tx, user.id, { pendingEmail: null });
      return { status: 'cancelled' as const };
    }
    if (await findUserByEmail(tx, user.pendingEmail)) throw new AppError('CONFLICT', 'This address belongs to another account.');
    await updateUser(tx, user.id, { email: user.pendingEmail, pendingEmail: null, emailConfirmedAt: new Date() });
    return { status: 'changed' as const };
  });
}

/** The link in notification mails: stop all but security mail. */
export async function unsubscribe(ctx: Ctx, input: { hash: string; userId: number }) {
  return ctx.db.transaction(async (tx) => {
    await useLink(withDb(ctx, tx), 'delete_email', input.hash, input.userId);
    await updateUser(tx, input.userId, { notifications: { news: false, payments: false, security: true, lowBalance: false, tickets: false } });
  });
}

/** Issues the one-click unsubscribe link placed in notification mails. */
export async function unsubscribeLink(ctx: Ctx, user: Pick<UserRow, 'id' | 'interfaceLanguage'>) {
  return issueLink(ctx, user, 'delete_email');
}
