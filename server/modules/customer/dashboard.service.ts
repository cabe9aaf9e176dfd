import { getCaptchaType } from '#shared/captcha-types/index.ts';
import type { Answer, NormalizedTask } from '#shared/captcha-types/types.ts';
import type { Dashboard } from '#shared/contracts/dashboard.ts';
import { formatMoney } from '#shared/money.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { AppError } from '#server/lib/app-error.ts';
import { findUserById, type UserRow } from '#server/modules/users/users.repo.ts';
import * as repo from './dashboard.repo.ts';

const RECENT = 10;
const PREVIEW = 60;

/** The zone if the runtime knows it, else UTC (profile time zones are not checked on save). */
export function knownTimeZone(zone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** Minutes the zone is ahead of UTC at `at`. */
function offsetMinutes(zone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the calendar day containing `now` began in `zone` (DST-safe). */
export function startOfDay(zone: string, now: Date = new Date()): Date {
  const local = new Date(now.getTime() + offsetMinutes(zone, now) * 60_000);
  const midnightAsUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  // The offset at midnight may differ from now's (a DST change during the day): use midnight's.
  let guess = midnightAsUtc - offsetMinutes(zone, now) * 60_000;
  guess = midnightAsUtc - offsetMinutes(zone, new Date(guess)) * 60_000;
  return new Date(guess);
}

function preview(type: string, answer: Record<string, unknown> | null, payload: Record<string, unknown>): string | null {
  if (!answer) return null;
  const def = getCaptchaType(type);
  let text: string;
  try {
    text = def ? def.toV1Plain(answer as unknown as Answer, payload as unknown as NormalizedTask) : JSON.stringify(answer);
  } catch {
    text = JSON.stringify(answer);
  }
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text;
}

/**
 * The dashboard of GET /api/v2/dashboard (shape in shared/contracts/dashboard.ts).
 * @throws AppError NOT_FOUND when the user is gone
 */
export async function getDashboard(ctx: Ctx, who: UserRow | number, now: Date = new Date()): Promise<Dashboard> {
  // The signed-in user's row comes with the session: no second read of it.
  const user = typeof who === 'number' ? await findUserById(ctx.db, who) : who;
  if (!user) throw new AppError('NOT_FOUND', 'No such user.');
  const timezone = knownTimeZone(user.timezone);
  const from = startOfDay(timezone, now);
  const { figures, solveTimes, recent } = await repo.dashboardData(ctx.db, user.id, from, RECENT);
  const ended = figures.solved + figures.unsolvable;
  return {
    balance: formatMoney(user.balance),
    apiKey: user.apiKey,
    timezone,
    todayFrom: from.toISOString(),
    today: {
      count: figures.count,
      solved: figures.solved,
      unsolvable: figures.unsolvable,
      inProgress: figures.inProgress,
      spend: formatMoney(figures.spend),
      successRate: ended === 0 ? null : Math.round((figures.solved / ended) * 10_000) / 10_000,
    },
    solveTimes,
    recentTasks: recent.map((r) => ({
      id: r.id,
      type: r.type,
      state: r.state,
      price: formatMoney(r.state === 'unsolvable' ? 0 : r.price),
      createdAt: r.createdAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      sandbox: r.sandbox,
      answerPreview: r.state === 'solved' ? preview(r.type, r.answer, r.payload) : null,
      failure: r.state === 'unsolvable' ? (r.failure ?? 'ERROR_CAPTCHA_UNSOLVABLE') : null,
    })),
  };
}
