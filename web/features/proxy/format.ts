import { apiErrorCode } from '#web/store/api.ts';

/** The currency prices are shown in by default for a page language. */
export function proxyCurrency(lang: string): string {
  return lang === 'ru' ? 'RUB' : lang === 'zh' ? 'CNY' : 'USD';
}

/** A decimal amount string in a currency, in the page language ("3.50" USD → "$3.50", RUB → "315,00 ₽"). */
export function formatMoneyIn(amount: string, currency: string, lang: string): string {
  const n = Number(amount);
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** A decimal amount times a whole number, exactly (cents as integers). */
export function timesAmount(amount: string, times: number): string {
  const [whole = '0', frac = ''] = amount.split('.');
  const digits = Math.max(2, frac.length);
  const units = BigInt(whole + frac.padEnd(digits, '0')) * BigInt(times);
  const s = units.toString().padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Bytes in decimal units (1 GB = 10^9 bytes, as traffic is sold), with the language's unit names. */
export function formatBytes(bytes: number, lang: string): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(lang, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : value < 10 ? 2 : 1 }).format(value);
}

/** The `proxy` catalogue key for a failed call. */
export function proxyErrorKey(error: unknown): string {
  const code = apiErrorCode(error);
  const known = ['VALIDATION_FAILED', 'INSUFFICIENT_FUNDS', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'CSRF_FAILED', 'ERROR_MISSING_IP', 'ERROR_INVALID_IP', 'ERROR_IP_ALREADY_WHITELISTED', 'UNSUPPORTED_CURRENCY'];
  if (code && known.includes(code)) return `errors.${code}`;
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return 'errors.NETWORK';
  return 'errors.generic';
}
