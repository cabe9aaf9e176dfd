import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/** One day's sums in micro-USD (day is null on the totals row). */
export interface DayRow {
  day: string | null;
  topups: number;
  spend: number;
  refunds: number;
  earnings: number;
  transfersIn: number;
  transfersOut: number;
  vouchers: number;
  adjustments: number;
  other: number;
  net: number;
}

/**
 * Per-day sums of a user's ledger between two calendar days (inclusive) cut in `timezone`, plus
 * the totals row, in one aggregate over the (user_id, created_at) index. Days without entries are
 * absent. `timezone` must be a valid IANA name (checked by the caller).
 */
export async function sumLedgerByDay(db: Db, userId: number, from: string, to: string, timezone: string): Promise<DayRow[]> {
  const res = await db.execute(sql`
    with e as (
      select (created_at at time zone ${timezone})::date as day, kind, amount
      from ledger_entries
      where user_id = ${userId}
        and created_at >= (${from}::date::timestamp at time zone ${timezone})
        and created_at < ((${to}::date + 1)::timestamp at time zone ${timezone})
    )
    select day::text as day,
      coalesce(sum(amount) filter (where kind = 'topup'), 0)::text as topups,
      (-coalesce(sum(amount) filter (where kind in ('charge', 'refund')), 0))::text as spend,
      coalesce(sum(amount) filter (where kind = 'refund'), 0)::text as refunds,
      coalesce(sum(amount) filter (where kind = 'earning'), 0)::text as earnings,
      coalesce(sum(amount) filter (where kind = 'transfer' and amount > 0), 0)::text as transfers_in,
      (-coalesce(sum(amount) filter (where kind = 'transfer' and amount < 0), 0))::text as transfers_out,
      coalesce(sum(amount) filter (where kind = 'voucher'), 0)::text as vouchers,
      coalesce(sum(amount) filter (where kind = 'adjustment'), 0)::text as adjustments,
      coalesce(sum(amount) filter (where kind not in ('topup', 'charge', 'refund', 'earning', 'transfer', 'voucher', 'adjustment')), 0)::text as other,
      coalesce(sum(amount), 0)::text as net
    from e
    group by grouping sets ((day), ())
    order by day desc nulls last`);
  return (res.rows as Record<string, string | null>[]).map((r) => ({
    day: r.day ?? null,
    topups: Number(r.topups),
    spend: Number(r.spend),
    refunds: Number(r.refunds),
    earnings: Number(r.earnings),
    transfersIn: Number(r.transfers_in),
    transfersOut: Number(r.transfers_out),
    vouchers: Number(r.vouchers),
    adjustments: Number(r.adjustments),
    other: Number(r.other),
    net: Number(r.net),
  }));
}
