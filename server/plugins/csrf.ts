import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/app-error.ts';
import { isSiteOrigin, siteOrigins } from '#server/lib/origins.ts';
import type { Config } from '#server/config.ts';

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

const originsOf = new WeakMap<Config, ReadonlySet<string>>();

/**
 * The check of every state-changing site-API call. First where it comes from: a browser says a
 * request is cross-site (`Sec-Fetch-Site: cross-site`) or names a page of another origin
 * (`Origin`), both refused; requests without these headers (non-browser clients, older browsers)
 * go on to the token. Then double submit: the header must equal the cookie, which a cross-site
 * page can neither read nor set.
 * @throws AppError CSRF_FAILED
 */
export async function verifyCsrf(req: FastifyRequest): Promise<void> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
  const refuse = () => new AppError('CSRF_FAILED', 'Missing or wrong CSRF token; reload the page and try again.');
  if (req.headers['sec-fetch-site'] === 'cross-site') throw refuse();
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const config = req.ctx.config;
    let allowed = originsOf.get(config);
    if (!allowed) originsOf.set(config, (allowed = siteOrigins(config)));
    if (!isSiteOrigin(origin, allowed)) throw refuse();
  }
  const cookie = req.cookies[CSRF_COOKIE];
  const header = req.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || cookie.length !== header.length ||
      !timingSafeEqual(Buffer.from(cookie), Buffer.from(header))) {
    throw refuse();
  }
}
