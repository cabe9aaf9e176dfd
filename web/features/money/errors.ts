import { apiErrorCode } from '#web/store/api.ts';

/** The `payments` catalogue key (under `money.errors.`) for a failed money call. */
export function moneyErrorKey(error: unknown): string {
  const code = apiErrorCode(error);
  const reason = (error as { data?: { error?: { details?: { reason?: string } } } } | undefined)?.data?.error?.details?.reason;
  if (reason && ['self', 'daily_limit', 'recipient', 'used', 'expired', 'unknown', 'amount', 'expiry', 'span', 'order', 'day'].includes(reason)) return `money.errors.reason_${reason}`;
  if (code && ['VALIDATION_FAILED', 'INSUFFICIENT_FUNDS', 'LINK_INVALID', 'NOT_FOUND', 'RATE_LIMITED', 'CSRF_FAILED', 'FORBIDDEN'].includes(code)) return `money.errors.${code}`;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'money.errors.NETWORK';
  return 'money.errors.generic';
}
