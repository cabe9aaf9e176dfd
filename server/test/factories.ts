import type { FastifyInstance } from 'fastify';
import { authCookieNames } from '#shared/auth-cookies.ts';
import type { UserType } from '#shared/contracts/user.ts';
import { randomToken, sha256 } from '#server/lib/crypto.ts';
import { insertSession } from '#server/modules/auth/auth.repo.ts';
import { createConfirmedUser } from '#server/modules/users/users.service.ts';
import { csrfKeyOf, mintCsrfToken } from '#server/plugins/csrf.ts';
import type { TestApp } from './app.ts';

let seq = 0;

/** A confirmed user; returns its id, API key, e-mail and password. */
export async function buildUser(
  t: TestApp,
  opts: { userType?: UserType | null; admin?: boolean; moderator?: boolean; balance?: string; password?: string } = {},
) {
  const email = `user${++seq}-${randomToken(4).toLowerCase()}@example.test`;
  const password = opts.password ?? 'correct horse battery';
  const ctx = { db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer };
  const created = await createConfirmedUser(ctx, {
    email,
    password,
    userType: opts.userType === undefined ? 'customer' : opts.userType,
    admin: opts.admin,
    moderator: opts.moderator,
    balance: opts.balance,
  });
  return { ...created, email, password };
}

/** A signed session cookie for a user, made directly (no password round trip). */
export async function sessionCookieFor(t: TestApp, userId: number): Promise<string> {
  const token = randomToken(32);
  await insertSession(t.database.db, { tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `sid=${t.app.signCookie(token)}`;
}

/**
 * A CSRF token as the server issues it to a browser with this Cookie header's session (`sid=…`,
 * as made by sessionCookieFor or taken from a sign-in; none: an anonymous visitor).
 */
export function csrfTokenFor(t: TestApp, session?: string): string {
  const signed = session ? /(?:^|;\s*)(?:__Host-)?sid=([^;]+)/.exec(session)?.[1] : undefined;
  const unsigned = signed ? t.app.unsignCookie(decodeURIComponent(signed)) : null;
  return mintCsrfToken(csrfKeyOf(t.app), unsigned?.valid && unsigned.value ? unsigned.value : null);
}

/**
 * Headers of a browser with a valid CSRF cookie and header for its session (optional). With
 * `https`, the request says it came over TLS (`x-forwarded-proto`, for an app with TRUST_PROXY)
 * and the CSRF cookie has its https name (the session cookie is passed as the server set it).
 */
export function browserHeaders(t: TestApp, session?: string, opts: { https?: boolean } = {}): Record<string, string> & { cookie: string; 'x-csrf-token': string } {
  const csrf = csrfTokenFor(t, session);
  const name = authCookieNames(opts.https ?? false).csrf;
  return {
    cookie: [`${name}=${csrf}`, session].filter(Boolean).join('; '),
    'x-csrf-token': csrf,
    ...(opts.https ? { 'x-forwarded-proto': 'https' } : {}),
  };
}

export type Inject = FastifyInstance['inject'];
