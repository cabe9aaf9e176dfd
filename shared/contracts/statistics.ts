import { z } from 'zod';

/**
 * Public statistics (spec §2, §7): GET /api/v2/public_statistics and
 * GET /api/v2/public_statistics/graph/{metric}. Figures come from the hourly roll-ups of real tasks
 * (stats_hourly) and per-minute load samples (load_samples); dates are UTC days.
 */

export const GRAPH_METRICS = ['workspeed', 'workprice', 'devprice', 'devspeed', 'devload', 'devonline'] as const;
export type GraphMetric = (typeof GRAPH_METRICS)[number];

/** Longest range a request may ask for, in days (both ends included). */
export const MAX_RANGE_DAYS = 366;
/** Ranges of up to this many days are answered by hour, longer ones by day. */
export const HOURLY_MAX_DAYS = 3;
/** The range when none is given: the last 7 days, today included. */
export const DEFAULT_RANGE_DAYS = 7;

const DAY_MS = 86_400_000;

/** "2025-03-04" → its UTC midnight in ms, or NaN when it is not a real calendar date. */
export function parseIsoDay(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return Number.NaN;
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? Number.NaN : ms;
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Today (UTC) and DEFAULT_RANGE_DAYS back, as the range a page opens with. */
export function defaultRange(now = Date.now()): { dateFrom: string; dateTo: string } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { dateFrom: isoDay(today - (DEFAULT_RANGE_DAYS - 1) * DAY_MS), dateTo: isoDay(today) };
}

/** Days in the range, both ends included. */
export function rangeDays(dateFrom: string, dateTo: string): number {
  return Math.round((parseIsoDay(dateTo) - parseIsoDay(dateFrom)) / DAY_MS) + 1;
}

const Day = z.string().trim().refine((v) => !Number.isNaN(parseIsoDay(v)), 'a date as YYYY-MM-DD');

/**
 * currency (three letters, any case; USD when absent), dateFrom and dateTo (YYYY-MM-DD, UTC; when
 * absent: the last 7 days ending dateTo, dateTo today). dateFrom ≤ dateTo, at most 366 days.
 * Errors: 400 VALIDATION_FAILED with details (path, message); 400 UNSUPPORTED_CURRENCY.
 */
export const PublicStatisticsQuerySchema = z
  .object({
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, 'a three-letter currency code')
      .transform((c) => c.toUpperCase())
      .optional(),
    dateFrom: Day.optional(),
    dateTo: Day.optional(),
  })
  .transform((q) => {
    const dateTo = q.dateTo ?? defaultRange().dateTo;
    const dateFrom = q.dateFrom ?? isoDay(parseIsoDay(dateTo) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
    return { currency: q.currency ?? 'USD', dateFrom, dateTo };
  })
  .refine((q) => q.dateFrom <= q.dateTo, { message: 'dateFrom must not be after dateTo', path: ['dateFrom'] })
  .refine((q) => rangeDays(q.dateFrom, q.dateTo) <= MAX_RANGE_DAYS, { message: `the range may span at most ${MAX_RANGE_DAYS} days`, path: ['dateTo'] });
export type PublicStatisticsQuery = z.infer<typeof PublicStatisticsQuerySchema>;

export const GraphParamsSchema = z.object({ metric: z.enum(GRAPH_METRICS) });

/** GET /api/v2/public_statistics */
export interface PublicStatistics {
  currency: string;
  dateFrom: string;
  dateTo: string;
  /** Tasks uploaded in the range, and tasks that ended in it solved or unsolvable. */
  submitted: number;
  solved: number;
  unsolvable: number;
  /** Mean seconds from upload to answer over solved tasks (1 decimal); null without any. */
  averageSolvingSeconds: number | null;
  /** Mean seconds a solved task waited in the queue before its worker got it (1 decimal). */
  averageWaitSeconds: number | null;
  /** What customers paid for 1000 solved captchas on average, in `currency` (decimal string). */
  customerPricePer1000: string | null;
  /** What workers earned for 1000 solved captchas on average, in `currency`. */
  workerRatePer1000: string | null;
  /** The latest minute sampled (within the last 5): workers solving now and the queue. */
  now: {
    workersOnline: number;
    workersBusy: number;
    queued: number;
    /** Busy workers as % of online (1 decimal); 100 when tasks wait and nobody is online. */
    load: number;
    sampledAt: string | null;
  };
  /** When these figures were computed (they are cached for up to 30 s). */
  updatedAt: string;
}

/**
 * What each graph draws; every point carries every series key (null: no data in that bucket).
 * - devprice: price — customers' mean price per 1000 solved, in `currency`
 * - workprice: rate — workers' mean earning per 1000 solved, in `currency`
 * - devspeed: seconds — mean upload-to-answer time of solved tasks
 * - workspeed: wait, work — mean seconds in the queue and with the worker, of solved tasks
 * - devload: load — mean % of online workers busy (per-minute samples)
 * - devonline: online, busy — mean workers online and busy (per-minute samples)
 */
export const GRAPH_SERIES: Record<GraphMetric, readonly string[]> = {
  devprice: ['price'],
  workprice: ['rate'],
  devspeed: ['seconds'],
  workspeed: ['wait', 'work'],
  devload: ['load'],
  devonline: ['online', 'busy'],
};

export type GraphUnit = 'currency' | 'seconds' | 'percent' | 'workers';
export const GRAPH_UNITS: Record<GraphMetric, GraphUnit> = {
  devprice: 'currency',
  workprice: 'currency',
  devspeed: 'seconds',
  workspeed: 'seconds',
  devload: 'percent',
  devonline: 'workers',
};

/** A bucket start (ISO instant) and a value per series key. */
export type GraphPoint = { t: string; [series: string]: number | null | string };

/** GET /api/v2/public_statistics/graph/{metric} */
export interface PublicGraph {
  metric: GraphMetric;
  unit: GraphUnit;
  currency: string;
  granularity: 'hour' | 'day';
  dateFrom: string;
  dateTo: string;
  series: string[];
  /** One point per hour or day from dateFrom up to now or the end of dateTo, oldest first; t is the bucket start (ISO). */
  points: GraphPoint[];
}
