/** Dates of the partner pages: medium date and short time in UTC (the server's clock). */
export function utcFormatter(lang: string) {
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
}
