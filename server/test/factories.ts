import type { FastifyInstance } from 'fastify';
import type { UserType } from '#shared/contracts/user.ts';
import { randomToken, sha256 } from '#server/lib/crypto.ts';
import { insertSession } from '#server/modules/auth/auth.repo.ts';
import { createConfirmedUser } from '#server/modules/users/users.service.ts';
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

/** Headers of a browser with a CSRF cookie (and optionally a session). */
export function browserHeaders(csrf: string, session?: string) {
  return { cookie: [`csrf_token=${csrf}`, session].filter(Boolean).join('; '), 'x-csrf-token': csrf };
}

export const CSRF = 'test-csrf-token-0123456789abcdefghij';

export type Inject = FastifyInstance['inject'];
