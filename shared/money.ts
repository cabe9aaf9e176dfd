/**
 * Money is held as integer micro-units of USD (1 USD = 1,000,000): a captcha costs fractions of a
 * cent, and integers keep every sum exact. These helpers convert at the edges only.
 */
export const MICROS = 1_000_000;

/** "12.5" → 12_500_000. Throws on anything but a plain decimal with at most 6 decimals. */
export function parseMoney(value: string): number {
  const match = /^(-?)(\d{1,9})(?:\.(\d{1,6}))?$/.exec(value.trim());
  if (!match) throw new RangeError(`not a money amount: ${value}`);
  const micros = Number(match[2]) * MICROS + Number((match[3] ?? '').padEnd(6, '0'));
  return match[1] ? -micros : micros;
}

/** 12_500_000 → "12.50"; 500 → "0.0005": at least two decimals, no trailing zeros beyond. */
export function formatMoney(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS);
  const fraction = String(abs % MICROS).padStart(6, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${sign}${whole}.${fraction}`;
}
