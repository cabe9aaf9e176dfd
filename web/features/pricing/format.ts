/**
 * Prices arrive as decimal strings in the asked currency ("45.00", "0.50"); they are regrouped as
 * text, never through floating point, with the language's separators, so the server's render and
 * the browser's hydration agree.
 */
import type { Language } from '#shared/i18n/languages.ts';

/** The currency a page shows first: roubles in Russian, yuan in Chinese, else dollars. */
export function defaultCurrency(lang: Language | string): string {
  if (lang === 'ru') return 'RUB';
  if (lang === 'zh') return 'CNY';
  return 'USD';
}

/** Where the sign goes; a currency not listed is written with its code after the amount. */
const SIGNS: Record<string, { sign: string; before: boolean }> = {
  USD: { sign: '$', before: true },
  CNY: { sign: '¥', before: true },
  RUB: { sign: '₽', before: false },
};

const separators = new Map<string, { group: string; decimal: string }>();

function separatorsOf(lang: string) {
  let found = separators.get(lang);
  if (!found) {
    const parts = new Intl.NumberFormat(lang, { useGrouping: true, minimumFractionDigits: 1 }).formatToParts(12345.5);
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separators.set(lang, found);
  }
  return found;
}

/** The number alone: "1234.50" → "1,234.50" (en), "1 234,50" (ru). Non-decimals pass through. */
export function formatAmount(amount: string, lang: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole, fraction] = match;
  const { group, decimal } = separatorsOf(lang);
  const grouped = whole!.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign ? '−' : ''}${grouped}${fraction ? decimal + fraction : ''}`;
}

const placements = new Map<string, boolean>();

/** Whether `lang` writes the sign of `currency` before the amount ("$0.50") or after it ("0,50 $"). */
function signBefore(currency: string, lang: string, fallback: boolean): boolean {
  const key = `${lang}\n${currency}`;
  let found = placements.get(key);
  if (found === undefined) {
    try {
      const parts = new Intl.NumberFormat(lang, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(1);
      found = parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer');
    } catch {
      found = fallback;
    }
    placements.set(key, found);
  }
  return found;
}

/**
 * "45.00", "RUB", "ru" → "45,00 ₽"; "0.50", "USD", "en" → "$0.50"; "3.60", "CNY" → "¥3.60";
 * "0.50", "USD", "de" → "0,50 $": in the other languages the sign goes where Intl puts it.
 */
export function formatPrice(amount: string, currency: string, lang: string): string {
  const number = formatAmount(amount, lang);
  const sign = SIGNS[currency];
  if (!sign) return `${number}\u00a0${currency}`;
  // en, ru and zh keep the product's own placement (the sign table); the other languages Intl's.
  const before = lang === 'en' || lang === 'ru' || lang === 'zh' ? sign.before : signBefore(currency, lang, sign.before);
  return before ? `${sign.sign}${number}` : `${number}\u00a0${sign.sign}`;
}

/** A decimal string times a whole number, exactly: ("0.50", 3) → "1.50". */
export function multiplyAmount(amount: string, times: number): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match || !Number.isInteger(times) || times < 0) return amount;
  const fraction = match[2] ?? '';
  const product = (BigInt(match[1]! + fraction) * BigInt(times)).toString().padStart(fraction.length + 1, '0');
  return fraction ? `${product.slice(0, -fraction.length)}.${product.slice(-fraction.length)}` : product;
}
