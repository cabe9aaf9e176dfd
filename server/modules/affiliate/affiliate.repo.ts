import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { referrals } from '#server/db/schema/index.ts';

const rowsOf = <T>(res: { rows: unknown[] }) => res.rows as T[];

/** The first referral link this visitor followed within `days` (first touch), or undefined. */
export async function firstTouch(db: Db, visitorId: string, days: number): Promise<{ from: string; source: string | null } | undefined> {
  const res = await db.execute(sql`
    select data->>'from' as "from", nullif(data->>'source', '') as source from tracking_events
    where type = 'referral' and visitor_id = ${visitorId} and created_at > now() - make_interval(days => ${days})
    order by id limit 1`);
  return rowsOf<{ from: string; source: string | null }>(res)[0];
}

/** Binds an account to its referrer once; a second binding is ignored. Returns whether it bound. */
export async function bindReferral(db: Db, r: typeof referrals.$inferInsert): Promise<boolean> {
  const rows = await db.insert(referrals).values(r).onConflictDoNothing({ target: referrals.userId }).returning({ userId: referrals.userId });
  return rows.length > 0;
}

export async function findReferral(db: Db, userId: number) {
  const res = await db.execute(sql`select referrer_id, source from referrals where user_id = ${userId}`);
  const row = rowsOf<{ referrer_id: string | number; source: string | null }>(res)[0];
  return row ? { referrerId: Number(row.referrer_id), source: row.source } : undefined;
}

export async function totals(db: Db, referrerId: number) {
  const res = await db.execute(sql`
    select
      (select count(*) from tracking_events where type = 'referral' and data->>'from' = ${String(referrerId)})::int as clicks,
      (select count(*) from referrals where referrer_id = ${referrerId})::int as signups,
      (select count(distinct referred_id) from referral_commissions where referrer_id = ${referrerId} and created_at > now() - interval '30 days')::int as active,
      (select coalesce(sum(amount), 0) from referral_commissions where referrer_id = ${referrerId} and side = 'worker')::bigint as workers,
      (select coalesce(sum(amount), 0) from referral_commissions where referrer_id = ${referrerId} and side = 'customer')::bigint as customers`);
  const r = rowsOf<{ clicks: number; signups: number; active: number; workers: string | number; customers: string | number }>(res)[0]!;
  return { clicks: Number(r.clicks), signups: Number(r.signups), active: Number(r.active), workers: Number(r.workers), customers: Number(r.customers) };
}

/** Sign-ups and net commission per UTC day over the last `days` days, oldest first, every day present. */
export async function byDay(db: Db, referrerId: number, days: number) {
  const res = await db.execute(sql`
    with d as (select generate_series((now() at time zone 'utc')::date - ${days - 1}::int, (now() at time zone 'utc')::date, interval '1 day')::date as day)
    select to_char(d.day, 'YYYY-MM-DD') as day,
      (select count(*) from referrals r where r.referrer_id = ${referrerId} and (r.created_at at time zone 'utc')::date = d.day)::int as signups,
      (select coalesce(sum(c.amount), 0) from referral_commissions c where c.referrer_id = ${referrerId} and (c.created_at at time zone 'utc')::date = d.day)::bigint as commission
    from d order by d.day`);
  return rowsOf<{ day: string; signups: number; commission: string | number }>(res).map((r) => ({ day: r.day, signups: Number(r.signups), commission: Number(r.commission) }));
}

/** The referred accounts, newest first, with what each earned the referrer. */
export async function invited(db: Db, referrerId: number, limit: number, offset: number) {
  const res = await db.execute(sql`
    select r.user_id, u.email, u.user_type, u.deleted_at is not null as deleted, r.source, r.created_at,
      (select count(*) from referrals x where x.referrer_id = r.referrer_id and x.created_at <= r.created_at)::int as n,
      (select coalesce(sum(c.amount), 0) from referral_commissions c where c.referrer_id = r.referrer_id and c.referred_id = r.user_id)::bigint as commission
    from referrals r join users u on u.id = r.user_id
    where r.referrer_id = ${referrerId}
    order by r.created_at desc, r.user_id desc limit ${limit} offset ${offset}`);
  return rowsOf<{ user_id: string | number; email: string; user_type: 'developer' | 'customer' | 'worker' | null; deleted: boolean; source: string | null; created_at: string | Date; n: number; commission: string | number }>(res);
}

/** Per `source`: link clicks, sign-ups and net commission. */
export async function bySource(db: Db, referrerId: number) {
  const res = await db.execute(sql`
    with clicks as (
      select nullif(data->>'source', '') as source, count(*)::int as n from tracking_events
      where type = 'referral' and data->>'from' = ${String(referrerId)} group by 1
    ), signups as (
      select source, count(*)::int as n from referrals where referrer_id = ${referrerId} group by 1
    ), money as (
      select r.source, sum(c.amount)::bigint as s from referral_commissions c join referrals r on r.user_id = c.referred_id
      where c.referrer_id = ${referrerId} group by 1
    ), keys as (select source from clicks union select source from signups union select source from money)
    select k.source, coalesce(c.n, 0) as clicks, coalesce(s.n, 0) as signups, coalesce(m.s, 0) as commission
    from keys k
    left join clicks c on c.source is not distinct from k.source
    left join signups s on s.source is not distinct from k.source
    left join money m on m.source is not distinct from k.source
    order by coalesce(m.s, 0) desc, coalesce(s.n, 0) desc, coalesce(c.n, 0) desc, k.source nulls last`);
  return rowsOf<{ source: string | null; clicks: number; signups: number; commission: string | number }>(res).map((r) => ({
    source: r.source,
    clicks: Number(r.clicks),
    signups: Number(r.signups),
    commission: Number(r.commission),
  }));
}
