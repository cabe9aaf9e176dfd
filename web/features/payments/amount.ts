import { TOPUP_MAX_USD, TOPUP_MIN_USD } from '#shared/contracts/payments.ts';

/** The amount field's text as the API's decimal string, or why it cannot be sent. */
export function checkAmount(text: string): { amount: string } | { problem: 'format' | 'min' | 'max' } {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(trimmed)) return { problem: 'format' };
  const cents = Math.round(Number(trimmed) * 100);
  if (cents < TOPUP_MIN_USD * 100) return { problem: 'min' };
  if (cents > TOPUP_MAX_USD * 100) return { problem: 'max' };
  return { amount: trimmed };
}
