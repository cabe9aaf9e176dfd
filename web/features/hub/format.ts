/** Display formatting of the hub's figures (amounts arrive as USD decimal strings). */
const cache = new Map<string, Intl.NumberFormat>();
function nf(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) cache.set(key, (found = new Intl.NumberFormat(lang, options)));
  return found;
}

/** "0.0174" → "$0.0174" (en), "0,0174 $" (ru): workers are paid in US dollars in every language. */
export const usd = (amount: string | number, lang: string) =>
  nf(lang, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(Number(amount));
export const count = (n: number, lang: string) => nf(lang, { maximumFractionDigits: 0 }).format(n);
export const percent = (n: number, lang: string) => nf(lang, { style: 'percent', maximumFractionDigits: 1 }).format(n / 100);
export const day = (iso: string, lang: string) => new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
