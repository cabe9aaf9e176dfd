import type { GraphUnit } from '#shared/contracts/statistics.ts';

/** The currency statistics open in: roubles in Russian, yuan in Chinese, else dollars. */
export function defaultCurrency(lang: string): string {
  if (lang === 'ru') return 'RUB';
  if (lang === 'zh') return 'CNY';
  return 'USD';
}

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.NumberFormat(lang, options);
    cache.set(key, found);
  }
  return found;
}

/** 0.75, 'USD', 'en' → "$0.75"; 67.5, 'RUB', 'ru' → "67,50 ₽" (display only; amounts come from the server). */
export function formatMoney(amount: number | string, currency: string, lang: string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  try {
    return numberFormat(lang, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(value);
  } catch {
    return `${numberFormat(lang, { minimumFractionDigits: 2 }).format(value)}\u00a0${currency}`;
  }
}

export function formatCount(value: number, lang: string, maximumFractionDigits = 0): string {
  return numberFormat(lang, { maximumFractionDigits }).format(value);
}

/** 62.5 → "62.5%" (en), "62,5 %" (ru). */
export function formatPercent(value: number, lang: string): string {
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

/** 12.3 → "12.3 s" / "12,3 с" / "12.3 秒" through Intl's unit formatting. */
export function formatSeconds(value: number, lang: string): string {
  return numberFormat(lang, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** The value formatter of a graph's unit, for axes, tooltips and tables. */
export function unitFormatter(unit: GraphUnit, currency: string): (value: number, lang: string) => string {
  switch (unit) {
    case 'currency':
      return (v, lang) => formatMoney(v, currency, lang);
    case 'seconds':
      return (v, lang) => formatSeconds(v, lang);
    case 'percent':
      return (v, lang) => formatPercent(v, lang);
    default:
      return (v, lang) => formatCount(v, lang, 1);
  }
}
