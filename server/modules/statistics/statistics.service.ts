import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  GRAPH_SERIES,
  GRAPH_UNITS,
  HOURLY_MAX_DAYS,
  parseIsoDay,
  rangeDays,
  type GraphMetric,
  type GraphPoint,
  type PublicGraph,
  type PublicStatistics,
  type PublicStatisticsQuery,
} from '#shared/contracts/statistics.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { convertMicros, minorDigits } from '#server/modules/pricing/currency.ts';
import { currencyRates } from '#server/modules/pricing/price-list.service.ts';
import {
  latestLoad,
  rollUp,
  sumLoad,
  sumStats,
  writeLoadSample,
  type HourlyBucket,
  type LoadBucket,
} from './statistics.repo.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

// ------------------------------------------------------------------ roll-ups (jobs)

/**
 * Brings stats_hourly up to date: applies what the database journaled since the last run (on an
 * empty stats_hourly, backfills every hour from tasks). Exact however often it runs, and one node at
 * a time (advisory lock; the others skip that round and return false).
 */
export async function rollUpStatistics(ctx: Pick<Ctx, 'db'>): Promise<boolean> {
  return rollUp(ctx.db);
}

/** A name for this process in load_samples, unique even for several apps in one process (tests). */
export function nodeName(): string {
  return `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/** This node's sample of the current minute: its workers from the realtime hub, the queue from tasks. */
export async function sampleLoad(ctx: Pick<Ctx, 'db'>, node: string, workers: { online: number; busy: number }): Promise<void> {
  await writeLoadSample(ctx.db, node, workers);
}

// ------------------------------------------------------------------ reading

/** Figures are the same for everyone and change by the minute: cached per database for 30 s. */
const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 500;
const caches = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

function cached<T>(ctx: Pick<Ctx, 'db'>, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(ctx.db);
  if (!cache) caches.set(ctx.db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value as Promise<T>;
  if (cache.size >= CACHE_MAX) cache.clear();
  const value = compute();
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

/** Drops cached figures (tests, after seeding). */
export function clearStatisticsCache(ctx: Pick<Ctx, 'db'>): void {
  caches.delete(ctx.db);
}

interface Money {
  currency: string;
  /** micro-USD (any real number) → decimal string in the currency's minor unit. */
  format: (micros: number) => string;
}

function moneyIn(ctx: Pick<Ctx, 'config'>, currency: string): Money {
  const rates = currencyRates(ctx);
  const rate = rates[currency];
  if (rate === undefined) {
    throw new AppError('UNSUPPORTED_CURRENCY', `Statistics are not available in ${currency}.`, { supported: Object.keys(rates) });
  }
  const digits = minorDigits(currency);
  return { currency, format: (micros) => convertMicros(Math.round(micros), rate, digits) };
}

/** [start of dateFrom, end of dateTo) in ms. */
function bounds(q: PublicStatisticsQuery): { from: number; to: number } {
  return { from: parseIsoDay(q.dateFrom), to: parseIsoDay(q.dateTo) + DAY_MS };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function publicStatistics(ctx: Pick<Ctx, 'db' | 'config'>, q: PublicStatisticsQuery): Promise<PublicStatistics> {
  const money = moneyIn(ctx, q.currency);
  return cached(ctx, `summary|${q.currency}|${q.dateFrom}|${q.dateTo}`, async () => {
    const { from, to } = bounds(q);
    // One bucket per day is plenty for totals: sum them up.
    const [days, load] = await Promise.all([sumStats(ctx.db, 'day', new Date(from), new Date(to)), latestLoad(ctx.db)]);
    const t = days.reduce(
      (acc, d) => ({
        submitted: acc.submitted + d.submitted,
        solved: acc.solved + d.solved,
        unsolvable: acc.unsolvable + d.unsolvable,
        spend: acc.spend + d.spend,
        earned: acc.earned + d.earned,
        turnaroundMs: acc.turnaroundMs + d.turnaroundMs,
        waitMs: acc.waitMs + d.waitMs,
      }),
      { submitted: 0, solved: 0, unsolvable: 0, spend: 0, earned: 0, turnaroundMs: 0, waitMs: 0 },
    );
    const per = (sum: number) => (t.solved > 0 ? sum / t.solved : null);
    const perThousand = (sum: number) => (t.solved > 0 ? money.format((sum / t.solved) * 1000) : null);
    const turnaround = per(t.turnaroundMs);
    const wait = per(t.waitMs);
    return {
      currency: money.currency,
      dateFrom: q.dateFrom,
      dateTo: q.dateTo,
      submitted: t.submitted,
      solved: t.solved,
      unsolvable: t.unsolvable,
      averageSolvingSeconds: turnaround === null ? null : round1(turnaround / 1000),
      averageWaitSeconds: wait === null ? null : round1(wait / 1000),
      customerPricePer1000: perThousand(t.spend),
      workerRatePer1000: perThousand(t.earned),
      now: {
        workersOnline: load.online,
        workersBusy: load.busy,
        queued: load.queued,
        load: loadPercent(load.online, load.busy, load.queued),
        sampledAt: load.at === null ? null : new Date(load.at).toISOString(),
      },
      updatedAt: new Date().toISOString(),
    };
  });
}

/** busy / online as a percentage (1 decimal); 100 when tasks wait and nobody is online. */
export function loadPercent(online: number, busy: number, queued: number): number {
  if (online > 0) return round1(Math.min(100, (busy / online) * 100));
  return queued > 0 ? 100 : 0;
}

/** The buckets a graph shows: every hour or day from dateFrom to the end of dateTo, not past now. */
function bucketStarts(granularity: 'hour' | 'day', from: number, to: number, now: number): number[] {
  const step = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const end = Math.min(to, Math.floor(now / step) * step + step);
  const out: number[] = [];
  for (let t = from; t < end; t += step) out.push(t);
  return out;
}

type Values = Record<string, number | null>;

function statsValues(metric: GraphMetric, b: HourlyBucket | undefined, money: Money): Values {
  const solved = b?.solved ?? 0;
  const mean = (sum: number) => (solved > 0 ? round1(sum / solved / 1000) : null);
  const perThousand = (sum: number) => (solved > 0 ? Number(money.format((sum / solved) * 1000)) : null);
  switch (metric) {
    case 'devprice':
      return { price: perThousand(b?.spend ?? 0) };
    case 'workprice':
      return { rate: perThousand(b?.earned ?? 0) };
    case 'devspeed':
      return { seconds: mean(b?.turnaroundMs ?? 0) };
    default:
      return { wait: mean(b?.waitMs ?? 0), work: mean(b?.workMs ?? 0) };
  }
}

function loadValues(metric: GraphMetric, b: LoadBucket | undefined): Values {
  if (metric === 'devload') return { load: b ? round1(b.load) : null };
  return { online: b ? round1(b.online) : null, busy: b ? round1(b.busy) : null };
}

export async function publicGraph(ctx: Pick<Ctx, 'db' | 'config'>, metric: GraphMetric, q: PublicStatisticsQuery): Promise<PublicGraph> {
  const money = moneyIn(ctx, q.currency);
  return cached(ctx, `graph|${metric}|${q.currency}|${q.dateFrom}|${q.dateTo}`, async () => {
    const { from, to } = bounds(q);
    const granularity = rangeDays(q.dateFrom, q.dateTo) <= HOURLY_MAX_DAYS ? 'hour' : 'day';
    const starts = bucketStarts(granularity, from, to, Date.now());
    let values: (t: number) => Values;
    if (metric === 'devload' || metric === 'devonline') {
      const rows = new Map((await sumLoad(ctx.db, granularity, new Date(from), new Date(to))).map((r) => [r.t, r]));
      values = (t) => loadValues(metric, rows.get(t));
    } else {
      const rows = new Map((await sumStats(ctx.db, granularity, new Date(from), new Date(to))).map((r) => [r.t, r]));
      values = (t) => statsValues(metric, rows.get(t), money);
    }
    const points: GraphPoint[] = starts.map((t) => ({ t: new Date(t).toISOString(), ...values(t) }));
    return {
      metric,
      unit: GRAPH_UNITS[metric],
      currency: money.currency,
      granularity,
      dateFrom: q.dateFrom,
      dateTo: q.dateTo,
      series: [...GRAPH_SERIES[metric]],
      points,
    };
  });
}
