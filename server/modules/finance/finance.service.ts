import type { FinanceKindRow, FinanceQuery, FinanceRow, FinanceView } from '#shared/contracts/finance.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { balancesAndCash, sumsByDayAndType, sumsByKind } from './finance.repo.ts';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The longest period one view covers (a CSV of a year is fine; a decade is a mistake). */
const MAX_DAYS = 731;

/** The period asked for, defaulting to the last 30 UTC days and clipped to MAX_DAYS. */
export function periodOf(query: FinanceQuery, now = Date.now()): { from: string; to: string } {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(Date.parse(to) - 29 * DAY_MS);
  const earliest = isoDay(Date.parse(to) - (MAX_DAYS - 1) * DAY_MS);
  return { from: from < earliest ? earliest : from, to };
}

/**
 * The operator's money view: per UTC day and captcha type what customers spent, what came back
 * to them, what workers, developers and referrers earned, and the margin; every ledger kind of
 * the period; the balances owed now against the money received and paid out.
 */
export async function moneyView(ctx: Ctx, query: FinanceQuery): Promise<FinanceView> {
  const { from, to } = periodOf(query);
  const [sums, kinds, cash] = await Promise.all([sumsByDayAndType(ctx.db, from, to), sumsByKind(ctx.db, from, to), balancesAndCash(ctx.db)]);
  const total = { spend: 0n, refunds: 0n, earnings: 0n, developer: 0n, referral: 0n };
  const rows: FinanceRow[] = sums.map((s) => {
    const v = { spend: BigInt(s.spend), refunds: BigInt(s.refunds), earnings: BigInt(s.earnings), developer: BigInt(s.developer), referral: BigInt(s.referral) };
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += v[k];
    return rowOf(s.day, s.type, v);
  });
  const owedTotal = BigInt(cash.customers) + BigInt(cash.workers) + BigInt(cash.other);
  return {
    from,
    to,
    rows,
    totals: (({ day: _d, type: _t, ...rest }) => rest)(rowOf('', '', total)),
    kinds: kinds as FinanceKindRow[],
    balances: {
      owedCustomers: cash.customers,
      owedWorkers: cash.workers,
      owedOther: cash.other,
      owedTotal: String(owedTotal),
      received: cash.received,
      paidOut: cash.paidOut,
      cover: String(BigInt(cash.received) - BigInt(cash.paidOut) - owedTotal),
    },
  };
}

function rowOf(day: string, type: string, v: { spend: bigint; refunds: bigint; earnings: bigint; developer: bigint; referral: bigint }): FinanceRow {
  return {
    day,
    type,
    spend: String(v.spend),
    refunds: String(v.refunds),
    earnings: String(v.earnings),
    developerShare: String(v.developer),
    referralShare: String(v.referral),
    margin: String(v.spend - v.refunds - v.earnings - v.developer - v.referral),
  };
}

/** micro-USD → "12.345678" (exact). */
export function usd(micro: string): string {
  const n = BigInt(micro);
  const sign = n < 0n ? '-' : '';
  const a = n < 0n ? -n : n;
  return `${sign}${a / 1_000_000n}.${String(a % 1_000_000n).padStart(6, '0')}`;
}

/** The view's rows as CSV (USD with six decimals), a totals line last. */
export function moneyViewCsv(view: FinanceView): string {
  const head = 'day,captcha_type,customer_spend_usd,refunds_usd,worker_earnings_usd,developer_share_usd,referral_share_usd,margin_usd';
  const line = (r: Omit<FinanceRow, 'day' | 'type'> & { day: string; type: string }) =>
    [r.day, csvField(r.type), usd(r.spend), usd(r.refunds), usd(r.earnings), usd(r.developerShare), usd(r.referralShare), usd(r.margin)].join(',');
  return [head, ...view.rows.map(line), line({ ...view.totals, day: 'total', type: '' })].join('\r\n') + '\r\n';
}

function csvField(s: string): string {
  // A leading = + - @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
