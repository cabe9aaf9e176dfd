/**
 * THE rule for following a redirect target taken from a request (`return_to` on the sign-in,
 * sign-up, two-factor and role pages, in the server's redirects and in the browser after
 * signing in): only a path on this site. Used by the server and the client alike
 * (docs/security.md, "Redirects").
 */

const BASE = 'http://return-to.invalid';
/** C0 controls, DEL and backslash: browsers drop TAB/LF/CR inside URLs and read `\` as `/`. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f\\]/;
const MAX_LENGTH = 2048;

/** True when `value`, raw or percent-decoded (repeatedly), is not a plain path on this site. */
function hostile(value: string): boolean {
  if (UNSAFE.test(value) || !value.startsWith('/') || value.startsWith('//')) return true;
  // Encoded forms: decode until stable (double encoding too) and apply the same rule. Malformed
  // escapes are left as they are (new URL() keeps them, a harmless part of the path or query).
  let decoded = value;
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      break;
    }
    if (next === decoded) break;
    if (UNSAFE.test(next) || /^\/[/\\]/.test(next)) return true;
    decoded = next;
  }
  return false;
}

/**
 * `value` as a same-origin path (pathname, query and fragment, normalised and percent-encoded,
 * safe for a Location header), or null when it is anything else: absent, a scheme (`https:`,
 * `javascript:`), protocol-relative (`//x`, `/\x`, `/<TAB>/x`), with control characters or
 * backslashes, raw or percent-encoded (`/%2f/x`, `/%5cx`, `%0d%0a`), resolving to one of
 * those once dot segments are removed (`/a/..//x`), or too long.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_LENGTH || hostile(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search + url.hash;
  // Dot segments are resolved by the parser: "/a/..//evil.example" becomes "//evil.example",
  // which a browser reads as another site. What is followed must pass the same rule.
  return hostile(path) ? null : path;
}
