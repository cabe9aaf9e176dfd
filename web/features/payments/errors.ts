import { apiErrorCode } from '#web/store/api.ts';

/** The `payments` catalogue key for a failed call. */
export function paymentErrorKey(error: unknown): string {
  const code = apiErrorCode(error);
  if (code === 'VALIDATION_FAILED' || code === 'NOT_FOUND' || code === 'RATE_LIMITED' || code === 'INTERNAL' || code === 'CSRF_FAILED') return `errors.${code}`;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'errors.NETWORK';
  return 'errors.generic';
}
