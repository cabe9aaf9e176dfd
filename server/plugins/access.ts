import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import type { Auth } from './session.ts';

/**
 * Who may call a site-API route; every route declares one in `config.access`:
 * - public: anyone;
 * - twoFactorPending: a session whose password step passed and TOTP is owed;
 * - user: a signed-in user; userType: one who has chosen a user type;
 * - admin, moderator: that permission; staff: either.
 */
export type AccessRule = 'public' | 'twoFactorPending' | 'user' | 'userType' | 'admin' | 'moderator' | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
}

/** @throws AppError UNAUTHENTICATED, ERROR_EMPTY_USER, ACCOUNT_BLOCKED, FORBIDDEN */
export function checkAccess(req: FastifyRequest, rule: AccessRule): void {
  checkAuthAccess(req.auth, rule);
}

/** The same check on a session already loaded (the page renderer's in-process reads). */
export function checkAuthAccess(auth: Auth | null, rule: AccessRule): void {
  if (rule === 'public') return;
  if (rule === 'twoFactorPending') {
    if (!auth?.session.twoFactorPending) throw new AppError('UNAUTHENTICATED', 'Sign in first.');
    return;
  }
  if (!auth || auth.session.twoFactorPending) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  if (!auth.user || auth.user.deletedAt) throw new AppError('ERROR_EMPTY_USER', 'The user no longer exists.');
  if (auth.user.blockedAt) throw new AppError('ACCOUNT_BLOCKED', 'This account is blocked.');
  const u = auth.user;
  const allowed: Record<Exclude<AccessRule, 'public' | 'twoFactorPending'>, (u: UserRow) => boolean> = {
    user: () => true,
    userType: (x) => x.userType !== null,
    admin: (x) => x.isAdmin,
    moderator: (x) => x.isModerator,
    staff: (x) => x.isAdmin || x.isModerator,
  };
  if (!allowed[rule](u)) throw new AppError('FORBIDDEN', 'You do not have access to this.');
}

/** The signed-in user of a route whose rule already passed. */
export function currentUser(req: FastifyRequest): UserRow {
  const user = req.auth?.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return user;
}
