/**
 * /pay/history_day: a user's ledger summed per calendar day in the account's time zone. The
 * figures come from the ledger only (the same entries the balance is the sum of).
 */
import { HISTORY_COLUMNS, HISTORY_DEFAULT_DAYS, HISTORY_MAX_DAYS, type HistoryDayFigures, type HistoryDayQuery, type HistoryDayView } from '#shared/contracts/money.ts';
import { formatMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { sumLedgerByDay, type DayRow } from './history.repo.ts';

const DAY_MS = 86_400_000;

/** The zone to cut days in: the account's if it is a valid IANA name, else UTC. */
export function validTimezone(tz: string | null | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

/** Today's calendar day (YYYY-MM-DD) in a zone. */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The asked range, or the last 30 days; @throws AppError VALIDATION_FAILED (bad day, reversed, over 366 days) */
export function resolveRange(query: HistoryDayQuery, timezone: string, now = new Date()): { from: string; to: string } {
  const to = query.to ?? todayIn(timezone, now);
  const from = query.from ?? dayOf(dayNumber(to) - (HISTORY_DEFAULT_DAYS - 1));
  const [a, b] = [dayNumber(from), dayNumber(to)];
  if (!Number.isFinite(a) || !Number.isFinite(b) || dayOf(a) !== from || dayOf(b) !== to) throw new AppError('VALIDATION_FAILED', 'Not a calendar day.', { reason: 'day' });
  if (a > b) throw new AppError('VALIDATION_FAILED', 'The range starts after it ends.', { reason: 'order' });
  if (b - a + 1 > HISTORY_MAX_DAYS) throw new AppError('VALIDATION_FAILED', `A range is at most ${HISTORY_MAX_DAYS} days.`, { reason: 'span' });
  return { from, to };
}

function figures(row: DayRow | undefined): HistoryDayFigures {
  const out = {} as HistoryDayFigures;
  for (const c of HISTORY_COLUMNS) out[c] = formatMoney(row?.[c] ?? 0);
  return out;
}

export async function historyByDay(ctx: Ctx, user: { id: number; timezone: string }, query: HistoryDayQuery): Promise<HistoryDayView> {
  const timezone = validTimezone(user.timezone);
  const { from, to } = resolveRange(query, timezone);
  const rows = await sumLedgerByDay(ctx.db, user.id, from, to, timezone);
  const totals = rows.find((r) => r.day === null);
  return {
    from,
    to,
    timezone,
    days: rows.filter((r) => r.day !== null).map((r) => ({ day: r.day!, ...figures(r) })),
    totals: figures(totals),
  };
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The same figures as CSV (one line per day, oldest first, then the totals line). */
export function historyCsv(view: HistoryDayView): string {
  const lines = [['day', ...HISTORY_COLUMNS].join(',')];
  for (const d of [...view.days].reverse()) lines.push([d.day, ...HISTORY_COLUMNS.map((c) => d[c])].map(csvCell).join(','));
  lines.push(['total', ...HISTORY_COLUMNS.map((c) => view.totals[c])].map(csvCell).join(','));
  return lines.join('\r\n') + '\r\n';
}
