import { apiErrorCode } from '#web/store/api.ts';

/** Codes with a general text under `errors.<CODE>` in the customer catalogue. */
const KNOWN = new Set(['VALIDATION_FAILED', 'UNAUTHENTICATED', 'CONFLICT', 'CSRF_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'RATE_LIMITED', 'NETWORK']);

/** The site-API code of a failed call; transport failures (offline, timeout) are NETWORK. */
export function errorCodeOf(error: unknown): string | undefined {
  if (error == null) return undefined;
  const code = apiErrorCode(error);
  if (code) return code;
  const status = (error as { status?: unknown }).status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'NETWORK';
  if (status === 429) return 'RATE_LIMITED';
  return undefined;
}

/** The i18n key (customer namespace) for a failed call: a form's own text for the code, the code's general text, or "try again". */
export function errorKey(error: unknown, overrides: Partial<Record<string, string>> = {}): string {
  const code = errorCodeOf(error);
  if (code && overrides[code]) return overrides[code];
  if (code && KNOWN.has(code)) return `errors.${code}`;
  return 'errors.generic';
}
