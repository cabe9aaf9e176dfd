import type { FastifyReply, FastifyRequest } from 'fastify';
import { authCookieNames, type AuthCookieNames } from '#shared/auth-cookies.ts';
import type { Config } from '#server/config.ts';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import { resolveSession, SESSION_DAYS, type SessionInfo } from '#server/modules/auth/auth.service.ts';

export interface Auth {
  session: SessionInfo;
  /** null when the session outlived its user (spec §4 ERROR_EMPTY_USER). */
  user: UserRow | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

const httpsSite = new WeakMap<Config, boolean>();

/**
 * Whether the browser reached us over https: the site is published as https (PUBLIC_URL), or this
 * request came over TLS (behind TRUST_PROXY, the proxy's `x-forwarded-proto`). Decides the Secure
 * flag and the `__Host-` cookie names; usable before the cookie plugin runs (the page cache).
 */
export function isSecureRequest(req: FastifyRequest): boolean {
  if (req.protocol === 'https') return true;
  const config = req.server.config;
  let https = httpsSite.get(config);
  if (https === undefined) httpsSite.set(config, (https = new URL(config.PUBLIC_URL).protocol === 'https:'));
  return https;
}

/** The session and CSRF cookie names for this request (shared/auth-cookies.ts). */
export function cookieNamesOf(req: FastifyRequest): AuthCookieNames {
  return authCookieNames(isSecureRequest(req));
}

/** The session token of the request's correctly signed session cookie, or null. Not checked against the database. */
export function sessionTokenOf(req: FastifyRequest): string | null {
  const raw = req.cookies[cookieNamesOf(req).session];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * Reads the signed session cookie; a bad signature or an unknown token is simply no session.
 * When the server extended the session, the cookie's lifetime is extended too.
 */
export async function loadAuth(req: FastifyRequest, reply?: FastifyReply): Promise<void> {
  req.auth = null;
  const token = sessionTokenOf(req);
  if (!token) return;
  const found = await resolveSession(req.ctx, token);
  if (!found) return;
  req.auth = { session: found.session, user: found.user };
  if (found.renewed && reply) setSessionCookie(req, reply, token);
}

/**
 * A new session cookie (sign-in rotates it): signed, HttpOnly, SameSite=Lax; over https Secure and
 * named `__Host-sid`. Sign-in also issues a CSRF token bound to the new session (csrf.ts).
 */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  const secure = isSecureRequest(req);
  reply.setCookie(authCookieNames(secure).session, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  const secure = isSecureRequest(req);
  reply.clearCookie(authCookieNames(secure).session, { path: '/', secure });
}
