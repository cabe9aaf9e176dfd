import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import { resolveSession, SESSION_DAYS, type SessionInfo } from '#server/modules/auth/auth.service.ts';

export const SESSION_COOKIE = 'sid';

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

/**
 * Reads the signed session cookie; a bad signature or an unknown token is simply no session.
 * When the server extended the session, the cookie's lifetime is extended too.
 */
export async function loadAuth(req: FastifyRequest, reply?: FastifyReply): Promise<void> {
  req.auth = null;
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return;
  const found = await resolveSession(req.ctx, unsigned.value);
  if (!found) return;
  req.auth = { session: found.session, user: found.user };
  if (found.renewed && reply) setSessionCookie(req, reply, unsigned.value);
}

/** A new session cookie (sign-in rotates it): signed, HttpOnly, SameSite=Lax, Secure over https. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    signed: true,
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
