import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

/** Returns the visitor's CSRF token, issuing the cookie when it is missing. */
export function ensureCsrfToken(req: FastifyRequest, reply: FastifyReply): string {
  const existing = req.cookies[CSRF_COOKIE];
  if (existing && /^[\w-]{32,64}$/.test(existing)) return existing;
  const token = randomBytes(24).toString('base64url');
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: req.protocol === 'https',
    httpOnly: false, // the web app reads it to echo it in the header (double submit)
  });
  return token;
}

/**
 * Double-submit check for every state-changing site-API call: the header must equal the cookie.
 * A cross-site page can neither read the cookie nor set the header.
 * @throws AppError CSRF_FAILED
 */
export async function verifyCsrf(req: FastifyRequest): Promise<void> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
  const cookie = req.cookies[CSRF_COOKIE];
  const header = req.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || cookie.length !== header.length ||
      !timingSafeEqual(Buffer.from(cookie), Buffer.from(header))) {
    throw new AppError('CSRF_FAILED', 'Missing or wrong CSRF token; reload the page and try again.');
  }
}
