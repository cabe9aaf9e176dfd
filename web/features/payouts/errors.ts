import { apiErrorCode } from '#web/store/api.ts';

const REASONS = ['deposited', 'no_wallet', 'wallet_hold', 'minimum', 'fee', 'method', 'address', 'not_depositor', 'open', 'status', 'no_provider', 'provider_declined'];
const CODES = ['VALIDATION_FAILED', 'INSUFFICIENT_FUNDS', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'CSRF_FAILED', 'FORBIDDEN'];

/** The `partner` catalogue key (under `errors.`) for a failed payout call. */
export function payoutErrorKey(error: unknown): string {
  const code = apiErrorCode(error);
  const reason = (error as { data?: { error?: { details?: { reason?: string } } } } | undefined)?.data?.error?.details?.reason;
  if (reason && REASONS.includes(reason)) return `errors.reason_${reason}`;
  if (code && CODES.includes(code)) return `errors.${code}`;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'errors.NETWORK';
  return 'errors.generic';
}

/** Details of a refusal (the minimum, the withdrawable amount, when a held wallet becomes usable). */
export function payoutErrorDetails(error: unknown): Record<string, string> {
  return (error as { data?: { error?: { details?: Record<string, string> } } } | undefined)?.data?.error?.details ?? {};
}
