import { createHash, createHmac, randomFillSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '#shared/auth-cookies.ts';
import { AppError } from '#server/lib/app-error.ts';
import { isSiteOrigin, siteOrigins } from '#server/lib/origins.ts';
import type { Config } from '#server/config.ts';
import { cookieNamesOf, isSecureRequest, sessionTokenOf } from './session.ts';

export { CSRF_HEADER };

/*
 * CSRF tokens are bound to the visitor's session (docs/security.md "CSRF"):
 *
 *   token = <nonce>.<HMAC-SHA256(key, binding + "\n" + nonce)>      (24 + 1 + 43 characters)
 *
 * binding is `session:<sha256 of the session token>` (the session's stored token hash) when the
 * request carries a correctly signed session cookie, else `anonymous`; the nonce is 18 random
 * bytes and doubles as the anonymous visitor's id. The key is derived from the cookie secret, so
 * only the server mints tokens, every node agrees, and a token is valid only with the session it
 * was minted for: a client-chosen value, a token of another session, or a pre-sign-in token after
 * sign-in are all refused. Sign-in and sign-out issue a fresh token for the new state.
 */

const NONCE_BYTES = 18;
const TOKEN = /^([\w-]{24})\.([\w-]{43})$/;
const keys = new WeakMap<object, Buffer>();

/**
 * The HMAC key of this app's tokens: HMAC-SHA256 of the cookie secret over a fixed label (the
 * cookie plugin's signer is that HMAC), so it changes with SESSION_SECRET and needs no storage.
 */
export function csrfKeyOf(server: FastifyInstance): Buffer {
  const signer = server.signCookie;
  let key = keys.get(signer);
  if (!key) {
    key = createHash('sha256').update(signer('csrf-token-key/v1')).digest();
    keys.set(signer, key);
  }
  return key;
}

function macOf(key: Buffer, session: string | null, nonce: string): string {
  const binding = session === null ? 'anonymous' : `session:${createHash('sha256').update(session).digest('hex')}`;
  return createHmac('sha256', key).update(`${binding}\n${nonce}`).digest('base64url');
}

/**
 * Nonces come from a pool of CSPRNG bytes refilled every 256 nonces: every cookieless page view
 * (crawlers, first visits, answered from the page cache) mints one, and one getrandom call each
 * was the largest cost of a cached page. Each byte is handed out once.
 */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolAt = noncePool.length;

function newNonce(): string {
  if (noncePoolAt + NONCE_BYTES > noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString('base64url', noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

/** A new token for the session with this token (null: a visitor without a session). */
export function mintCsrfToken(key: Buffer, session: string | null): string {
  const nonce = newNonce();
  return `${nonce}.${macOf(key, session, nonce)}`;
}

/** Whether `token` was minted by this server for the session with this token (null: none). */
export function csrfTokenValid(key: Buffer, token: string | undefined, session: string | null): boolean {
  const m = token ? TOKEN.exec(token) : null;
  if (!m) return false;
  return timingSafeEqual(Buffer.from(macOf(key, session, m[1]!)), Buffer.from(m[2]!));
}

/** The anonymous visitor id a token carries (its nonce), for analytics; undefined when malformed. */
export function csrfVisitorId(token: string | undefined): string | undefined {
  return token ? TOKEN.exec(token)?.[1] : undefined;
}

/** The cookie's attributes; readable by the web app, which echoes it in the header. */
function cookieOptions(secure: boolean) {
  return { path: '/', sameSite: 'lax' as const, secure, httpOnly: false };
}

/**
 * Returns the visitor's CSRF token, setting the cookie when it is missing or not valid for the
 * request's session. With `fresh`, always issues a new token bound to that session token (null:
 * none): sign-in and sign-out, whose response changes the session.
 */
export function ensureCsrfToken(req: FastifyRequest, reply: FastifyReply, fresh?: { session: string | null }): string {
  const name = cookieNamesOf(req).csrf;
  const key = csrfKeyOf(req.server);
  let session: string | null;
  if (fresh) {
    session = fresh.session;
  } else {
    session = sessionTokenOf(req);
    const existing = req.cookies[name];
    if (existing && csrfTokenValid(key, existing, session)) return existing;
  }
  const token = mintCsrfToken(key, session);
  reply.setCookie(name, token, cookieOptions(isSecureRequest(req)));
  return token;
}

/**
 * Anonymous tokens already found valid, per key: a returning visitor's every cached page view
 * checked its token's HMAC again (a seventh of a cache hit's time). An anonymous token's validity
 * never changes for a key, so a hit skips the HMAC; the set is emptied when it reaches its bound.
 */
const knownAnonymous = new WeakMap<Buffer, Set<string>>();
const KNOWN_ANONYMOUS_MAX = 10_000;

function anonymousTokenValid(key: Buffer, token: string | undefined): boolean {
  if (!token) return false;
  let known = knownAnonymous.get(key);
  if (known?.has(token)) return true;
  if (!csrfTokenValid(key, token, null)) return false;
  if (!known) knownAnonymous.set(key, (known = new Set()));
  if (known.size >= KNOWN_ANONYMOUS_MAX) known.clear();
  known.add(token);
  return true;
}

/**
 * The page cache's hit path (before the cookie plugin; the visitor has no session cookie): the
 * Set-Cookie header of a new anonymous token, the same cookie ensureCsrfToken sets, or null when
 * the visitor's raw cookie value `existing` is already a valid anonymous token.
 */
export function anonymousCsrfSetCookie(req: FastifyRequest, existing: string | undefined): string | null {
  const key = csrfKeyOf(req.server);
  if (anonymousTokenValid(key, existing)) return null;
  const secure = isSecureRequest(req);
  return `${cookieNamesOf(req).csrf}=${mintCsrfToken(key, null)}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const originsOf = new WeakMap<Config, ReadonlySet<string>>();

/**
 * The check of every state-changing site-API call. First where it comes from: a browser says a
 * request is cross-site (`Sec-Fetch-Site: cross-site`) or names a page of another origin
 * (`Origin`), both refused; requests without these headers (non-browser clients, older browsers)
 * go on to the token. Then the token: the header must equal the cookie (which a cross-site page
 * can neither read nor set), and the token must be one this server minted for the session the
 * request carries (a planted or made-up cookie, or another session's token, is refused).
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
  const cookie = req.cookies[cookieNamesOf(req).csrf];
  const header = req.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || cookie.length !== header.length ||
      !timingSafeEqual(Buffer.from(cookie), Buffer.from(header)) ||
      !csrfTokenValid(csrfKeyOf(req.server), cookie, sessionTokenOf(req))) {
    throw refuse();
  }
}
