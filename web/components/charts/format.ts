/**
 * Formatting shared by the chart and its data table. Times are UTC (the statistics are rolled up
 * by UTC hour), so the server's render and the browser's hydration agree whatever the clock zone.
 */

export type Granularity = 'hour' | 'day';

const cache = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(lang, { timeZone: 'UTC', ...options });
    cache.set(key, found);
  }
  return found;
}

/** A short axis tick: "14:00" / "Mar 4" (en), "4 мар." (ru), "3月4日" (zh). */
export function formatTick(iso: string, granularity: Granularity, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (granularity === 'hour') {
    return dateFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  }
  return dateFormat(lang, { month: 'short', day: 'numeric' }).format(date);
}

/** A full point label for tooltips and table rows: "Mar 4, 2025, 14:00" / "Mar 4, 2025". */
export function formatPointTime(iso: string, granularity: Granularity, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return granularity === 'hour'
    ? dateFormat(lang, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date)
    : dateFormat(lang, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** The default value format: the language's grouping, at most two decimals. */
export function formatNumber(value: number, lang: string, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits }).format(value);
}
