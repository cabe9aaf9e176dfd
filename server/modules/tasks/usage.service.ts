import { getCaptchaType } from '#shared/captcha-types/index.ts';
import { parseMoney } from '#shared/money.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { listPrices } from '#server/modules/pricing/price-list.service.ts';
import { queueStats } from './stats.service.ts';
import { TaskError } from './task-error.ts';
import { hourlyUsage, type HourUsage } from './usage.repo.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DayUsage {
  /** YYYY-MM-DD (UTC). */
  date: string;
  /** All 24 hours, empty ones included. */
  hours: (HourUsage & { start: Date })[];
}

/**
 * A customer's usage on one UTC day, hour by hour (2captcha's legacy res.php?action=getstats).
 * No date means today.
 * @throws TaskError ERROR_BAD_PARAMETERS for a date that is not YYYY-MM-DD
 */
export async function dayUsage(ctx: Ctx, customerId: number, date: string | undefined, now = new Date()): Promise<DayUsage> {
  const day = date === undefined || date === '' ? now.toISOString().slice(0, 10) : date.trim();
  const m = DAY.exec(day);
  const start = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!start || start.toISOString().slice(0, 10) !== day) throw new TaskError('ERROR_BAD_PARAMETERS', 'date must be YYYY-MM-DD');
  const end = new Date(start.getTime() + 86_400_000);
  const rows = new Map((await hourlyUsage(ctx.db, customerId, start, end)).map((r) => [r.hour, r]));
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, volume: 0, money: 0, ...rows.get(hour), start: new Date(start.getTime() + hour * 3_600_000) }));
  return { date: day, hours };
}

export interface QueueLoad {
  /** Tasks waiting for a worker. */
  waiting: number;
  /** Percent of open tasks a worker is on. */
  load: number;
  /** Micro-USD: what one normal image captcha costs now. */
  minBid: number;
  /** Seconds from upload to answer for normal captchas over the last day (0 without data). */
  averageRecognitionTime: number;
}

/** The queue at a glance for 2captcha's legacy /load.php. */
export async function queueLoad(ctx: Ctx): Promise<QueueLoad> {
  const [queue, prices] = await Promise.all([queueStats(ctx), listPrices(ctx)]);
  const normal = prices.types.find((t) => t.slug === 'normal');
  const floor = getCaptchaType('normal')!.price.floorPer1000;
  return {
    waiting: queue.waiting,
    load: queue.load,
    minBid: Math.round(parseMoney(normal?.per1000 ?? floor) / 1000),
    averageRecognitionTime: normal?.avgSolveSeconds ?? 0,
  };
}
