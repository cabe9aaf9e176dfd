/**
 * A task id as the client wrote it: an exact decimal string (or a JSON number). 'format' when it
 * is not digits; 'unknown' when it is digits but cannot be one of our ids: zero, or beyond 2^53 - 1
 * (ids come from a sequence far below that; a Number would round them, the bigint column would
 * overflow past 2^63 - 1). Callers answer ERROR_WRONG_ID_FORMAT / ERROR_WRONG_CAPTCHA_ID.
 */
export function taskIdOf(value: unknown): number | 'format' | 'unknown' {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : 'unknown';
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,100}$/.test(text)) return 'format';
  const exact = BigInt(text);
  return exact > 0n && exact <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(exact) : 'unknown';
}

/** soft_id / softId: an integer; anything else is ignored (unknown ids never cause errors). */
export function softIdOf(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
