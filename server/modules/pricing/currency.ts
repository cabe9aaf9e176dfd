import { MICROS } from '#shared/money.ts';

/**
 * Exact conversion of micro-USD into another currency's minor unit. Rates are decimal strings
 * ("90", "7.2": units per 1 USD, from CURRENCY_RATES); everything runs in BigInt, so no float ever
 * touches an amount, and the one rounding is half up (away from zero) to the minor unit.
 */

/** "7.25" → { num: 725n, scale: 100n }. */
function parseRate(rate: string): { num: bigint; scale: bigint } {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) throw new RangeError(`not a rate: ${rate}`);
  const fraction = match[2] ?? '';
  return { num: BigInt(match[1]! + fraction), scale: 10n ** BigInt(fraction.length) };
}

/** Decimal places of the currency's minor unit per ISO 4217 (USD, RUB, CNY 2; JPY 0). */
const digitsByCurrency = new Map<string, number>();

export function minorDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * micro-USD × rate, rounded half up to `digits` decimals, as a decimal string with exactly
 * `digits` decimals: convertMicros(500_000, '90', 2) → "45.00"; convertMicros(5, '1', 2) → "0.00".
 */
export function convertMicros(micros: number, rate: string, digits: number): string {
  if (!Number.isSafeInteger(micros)) throw new RangeError(`not a micro amount: ${micros}`);
  const { num, scale } = parseRate(rate);
  const negative = micros < 0;
  const unit = 10n ** BigInt(digits);
  // minor units = |micros| × rate × 10^digits / 10^6, as a fraction numerator / denominator.
  const numerator = BigInt(Math.abs(micros)) * num * unit;
  const denominator = BigInt(MICROS) * scale;
  const minor = (numerator * 2n + denominator) / (denominator * 2n);
  const whole = minor / unit;
  const fraction = digits > 0 ? '.' + (minor % unit).toString().padStart(digits, '0') : '';
  return `${negative && minor !== 0n ? '-' : ''}${whole}${fraction}`;
}
