import { apiErrorCode } from '#web/store/api.ts';

/** Codes with a translation under `errors.<CODE>` in the worker catalogue. */
const KNOWN = new Set([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'CONFLICT',
  'CSRF_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL',
  'NETWORK',
]);

/** The code of a failed site-API call or socket error; transport failures are NETWORK. */
export function errorCodeOf(error: unknown): string | undefined {
  if (error == null) return undefined;
  const code = apiErrorCode(error);
  if (code) return code;
  const status = (error as { status?: unknown }).status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'NETWORK';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 403) return 'FORBIDDEN';
  return undefined;
}

/** The catalogue key for an error: `errors.<CODE>` when known, else `errors.generic`. */
export function errorKey(error: unknown, code = errorCodeOf(error)): string {
  return code && KNOWN.has(code) ? `errors.${code}` : 'errors.generic';
}
