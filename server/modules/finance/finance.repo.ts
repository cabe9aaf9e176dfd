import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

type Row = Record<string, unknown>;
const rowsOf = (res: unknown): Row[] => ((res as { rows?: Row[] }).rows ?? (res as Row[]));
const str = (v: unknown) => String(v ?? '0');

/**
 * Ledger sums per UTC day, captcha type and category over [from, to] (days, inclusive). The
 * category of a kind: spend (charge, sign flipped), refunds, earnings (earning, hold, release),
 * developer (commission), referral (referral_*); other kinds are not part of a task's margin.
 */
export async function sumsByDayAndType(db: Db, from: string, to: string) {
  const res = await db.execute(sql`
    select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      case when l.task_id is null then '' else coalesce(t.type, '(pruned)') end as type,
      coalesce(-sum(l.amount) filter (where l.kind = 'charge'), 0)::bigint as spend,
      coalesce(sum(l.amount) filter (where l.kind = 'refund'), 0)::bigint as refunds,
      coalesce(sum(l.amount) filter (where l.kind in ('earning', 'hold', 'release')), 0)::bigint as earnings,
      coalesce(sum(l.amount) filter (where l.kind = 'commission'), 0)::bigint as developer,
      coalesce(sum(l.amount) filter (where l.kind like 'referral%'), 0)::bigint as referral
    from ledger_entries l left join tasks t on t.id = l.task_id
    where l.created_at >= (${from}::date)::timestamp at time zone 'UTC' and l.created_at < (${to}::date + 1)::timestamp at time zone 'UTC'
      and (l.kind in ('charge', 'refund', 'earning', 'hold', 'release', 'commission') or l.kind like 'referral%')
    group by 1, 2 order by 1, 2`);
  return rowsOf(res).map((r) => ({
    day: String(r.day),
    type: String(r.type),
    spend: str(r.spend),
    refunds: str(r.refunds),
    earnings: str(r.earnings),
    developer: str(r.developer),
    referral: str(r.referral),
  }));
}

/** Every kind in the period: credits, debits and entry count. */
export async function sumsByKind(db: Db, from: string, to: string) {
  const res = await db.execute(sql`
    select kind, coalesce(sum(amount) filter (where amount > 0), 0)::bigint as credit,
      coalesce(-sum(amount) filter (where amount < 0), 0)::bigint as debit, count(*)::int as n
    from ledger_entries where created_at >= (${from}::date)::timestamp at time zone 'UTC' and created_at < (${to}::date + 1)::timestamp at time zone 'UTC'
    group by kind order by kind`);
  return rowsOf(res).map((r) => ({ kind: String(r.kind), credit: str(r.credit), debit: str(r.debit), count: Number(r.n) }));
}

/** Balances held now by role, and all-time top-ups and payouts (payout entries are negative; returns positive). */
export async function balancesAndCash(db: Db) {
  const res = await db.execute(sql`
    select
      (select coalesce(sum(balance) filter (where user_type = 'customer'), 0)::bigint from users) as customers,
      (select coalesce(sum(balance) filter (where user_type = 'worker'), 0)::bigint from users) as workers,
      (select coalesce(sum(balance) filter (where user_type is distinct from 'customer' and user_type is distinct from 'worker'), 0)::bigint from users) as other,
      (select coalesce(sum(amount), 0)::bigint from ledger_entries where kind = 'topup') as received,
      (select coalesce(-sum(amount), 0)::bigint from ledger_entries where kind in ('payout', 'payout_return')) as paid_out`);
  const r = rowsOf(res)[0]!;
  return { customers: str(r.customers), workers: str(r.workers), other: str(r.other), received: str(r.received), paidOut: str(r.paid_out) };
}
