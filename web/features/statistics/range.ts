import { defaultRange, isoDay, MAX_RANGE_DAYS, parseIsoDay, rangeDays } from '#shared/contracts/statistics.ts';

export type RangeError = 'invalid' | 'order' | 'tooLong';

export interface Range {
  dateFrom: string;
  dateTo: string;
}

/** The range in a page's query (?dateFrom=&dateTo=), the last 7 days by default, and what is wrong with it. */
export function rangeFromSearch(search: URLSearchParams, now = Date.now()): Range & { error: RangeError | null } {
  const fallback = defaultRange(now);
  const dateFrom = search.get('dateFrom') ?? fallback.dateFrom;
  const dateTo = search.get('dateTo') ?? fallback.dateTo;
  return { dateFrom, dateTo, error: checkRange(dateFrom, dateTo) };
}

export function checkRange(dateFrom: string, dateTo: string): RangeError | null {
  if (Number.isNaN(parseIsoDay(dateFrom)) || Number.isNaN(parseIsoDay(dateTo))) return 'invalid';
  if (dateFrom > dateTo) return 'order';
  if (rangeDays(dateFrom, dateTo) > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

/** Quick ranges ending today (UTC): today, 7 days, 30 days, a year. */
export const PRESETS = [
  { key: 'today', days: 1 },
  { key: 'week', days: 7 },
  { key: 'month', days: 30 },
  { key: 'year', days: 365 },
] as const;

export function presetRange(days: number, now = Date.now()): Range {
  const today = parseIsoDay(defaultRange(now).dateTo);
  return { dateFrom: isoDay(today - (days - 1) * 86_400_000), dateTo: isoDay(today) };
}
