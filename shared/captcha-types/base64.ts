/**
 * base64 helpers without Buffer (shared/ runs in the browser too; on the server Node's Buffer
 * speeds up the common case).
 */

const DATA_URI = /^data:[^,]*?;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Node's Buffer where there is one (the server), else undefined (the browser). */
const NodeBuffer = (globalThis as { Buffer?: { from(value: string, encoding: 'base64'): { toString(encoding: 'base64'): string } } }).Buffer;

/**
 * Canonical base64: no `data:` prefix (v2 documents it as accepted), no line breaks, `+`/`/` alphabet, padded.
 * Spaces become `+` because a `+` sent unescaped in a urlencoded form arrives as a space.
 */
export function cleanBase64(value: string): string {
  // What clients send is nearly always canonical already, and cleaning leaves it as it is.
  if (isBase64(value)) return value;
  let s = value.trim().replace(DATA_URI, '').replace(/[\r\n\t]/g, '').replace(/ /g, '+');
  s = s.replace(/-/g, '+').replace(/_/g, '/');
  const rest = s.replace(/=+$/, '').length % 4;
  if (rest === 2 || rest === 3) s = s.replace(/=+$/, '') + '='.repeat(4 - rest);
  return s;
}

/** Canonical base64: only A–Z a–z 0–9 + /, at most two `=` at the end, a multiple of 4 long. */
export function isBase64(value: string): boolean {
  if (value.length === 0 || value.length % 4 !== 0) return false;
  // Node's native codec round-trips exactly the canonical strings whose unused last bits are zero
  // (all that encoders produce), several times faster than the expression over a captcha image;
  // everything else is judged by the expression.
  if (NodeBuffer !== undefined && NodeBuffer.from(value, 'base64').toString('base64') === value) return true;
  return BASE64.test(value);
}

/** Decoded size without decoding. */
export function base64ByteLength(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return Math.floor((value.length * 3) / 4) - padding;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked: String.fromCharCode(...bytes) overflows the call stack on megabyte uploads.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
