import { apiErrorCode } from '#web/store/api.ts';

/** Codes with a general translation under `errors.<CODE>` in the profile catalogue. */
const KNOWN = new Set([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'TWO_FACTOR_INVALID',
  'CONFLICT',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'CSRF_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'NETWORK',
]);

/** The site-API code of a failed call; transport failures (offline, timeout) are NETWORK. */
export function errorCodeOf(error: unknown): string | undefined {
  if (error == null) return undefined;
  const code = apiErrorCode(error);
  if (code) return code;
  const status = (error as { status?: unknown }).status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'NETWORK';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  return undefined;
}

/**
 * The i18n key (profile namespace) describing a failed call: a form-specific text when the form
 * gives one for the code, else the general text of the code, else a generic "try again".
 */
export function errorKey(error: unknown, overrides: Partial<Record<string, string>> = {}): string {
  const code = errorCodeOf(error);
  if (code && overrides[code]) return overrides[code];
  if (code && KNOWN.has(code)) return `errors.${code}`;
  return 'errors.generic';
}
