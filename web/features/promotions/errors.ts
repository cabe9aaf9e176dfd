import { PROMO_REFUSALS } from '#shared/contracts/promotions.ts';
import { apiErrorCode } from '#web/store/api.ts';

/** The `promotions` catalogue key for a failed call: the refusal's reason when the server gave one. */
export function promoErrorKey(error: unknown): string {
  const reason = (error as { data?: { error?: { details?: { reason?: unknown } } } } | undefined)?.data?.error?.details?.reason;
  if (typeof reason === 'string' && ((PROMO_REFUSALS as readonly string[]).includes(reason) || reason === 'duplicate')) return `errors.${reason}`;
  const code = apiErrorCode(error);
  if (code === 'VALIDATION_FAILED' || code === 'RATE_LIMITED' || code === 'CSRF_FAILED') return `errors.${code}`;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'errors.NETWORK';
  return 'errors.generic';
}

/** The bonus in USD of `percent` on a top-up of `amount` USD (at most two decimals), exact in cents, floored. */
export function bonusUsd(amount: string, percent: number): string {
  const [whole, fraction = ''] = amount.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  const micros = Math.floor((cents * 10_000 * percent) / 100);
  const bonusCents = Math.floor(micros / 10_000);
  return `${Math.floor(bonusCents / 100)}.${String(bonusCents % 100).padStart(2, '0')}`;
}
