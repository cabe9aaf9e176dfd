/**
 * The names of the session and CSRF cookies, decided here for the server and the browser.
 * Over https they carry the `__Host-` prefix: the browser then accepts them only with Secure,
 * Path=/ and no Domain, so a sibling subdomain or a plain-http page cannot plant or overwrite
 * them. Over plain http browsers refuse `__Host-` cookies, so the plain names are used.
 */
export interface AuthCookieNames {
  /** The signed, HttpOnly session cookie. */
  session: string;
  /** The session-bound CSRF token the web app echoes in the `x-csrf-token` header. */
  csrf: string;
}

const PLAIN: AuthCookieNames = { session: 'sid', csrf: 'csrf_token' };
const HOST: AuthCookieNames = { session: '__Host-sid', csrf: '__Host-csrf_token' };

/** The cookie names for a request made over https (`secure`) or plain http. */
export function authCookieNames(secure: boolean): AuthCookieNames {
  return secure ? HOST : PLAIN;
}

/** The header that carries the CSRF token on site-API mutations. */
export const CSRF_HEADER = 'x-csrf-token';

/** Where the browser looks for its CSRF token, the `__Host-` cookie first. */
export const CSRF_COOKIE_NAMES: readonly string[] = [HOST.csrf, PLAIN.csrf];
