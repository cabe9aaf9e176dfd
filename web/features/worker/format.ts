/**
 * Display helpers of the worker cabinet. Money arrives as USD decimal strings ("12.50", "0.0003");
 * sums go through integer micro-units (shared/money.ts), never floating point.
 */
import { formatMoney, parseMoney } from '#shared/money.ts';

const separatorCache = new Map<string, { group: string; decimal: string }>();

function separatorsOf(lang: string) {
  let found = separatorCache.get(lang);
  if (!found) {
    const parts = new Intl.NumberFormat(lang, { useGrouping: true }).formatToParts(12345.6);
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separatorCache.set(lang, found);
  }
  return found;
}

/** "1234.5" → "$1,234.50" (en), "$1 234,50" (ru); every decimal the server sent is kept ("$0.0003"). */
export function formatUsd(amount: string, lang = 'en'): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole, fraction = ''] = match;
  const { group, decimal } = separatorsOf(lang);
  const grouped = whole!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const decimals = fraction.replace(/0+$/, '').padEnd(2, '0');
  const isZero = /^0*$/.test(whole!) && /^0*$/.test(fraction);
  return `${sign && !isZero ? '−' : ''}$${grouped}${decimal}${decimals}`;
}

/** "0.10" + "0.0003" → "0.1003"; anything unparsable leaves `a` as it was. */
export function addMoney(a: string, b: string): string {
  try {
    return formatMoney(parseMoney(a) + parseMoney(b));
  } catch {
    return a;
  }
}

/** 75_400 ms → "1:16" (rounded up, so "0:00" only when time is up). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** "2025-03-04T05:06:07Z" → "2025-03-04 05:06" in UTC, the same on the server and in the browser. */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toISOString().slice(0, 16).replace('T', ' ');
}
