import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicGraph, PublicStatistics } from '#shared/contracts/statistics.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { readStatsHourly, recomputeStats } from './statistics.repo.ts';
import { clearStatisticsCache, rollUpStatistics, sampleLoad } from './statistics.service.ts';

/**
 * Seeds tasks straight into the table (several states, types, hours, plus the sandbox and
 * verification tasks the statistics must ignore), rolls them up, and checks every endpoint against
 * SQL written here over tasks and load_samples, independent of the roll-up.
 */

let t: TestApp;
const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
};

const D1 = '2025-01-10';
let customerId: number;

interface Seed {
  type?: string;
  state: 'queued' | 'assigned' | 'solved' | 'unsolvable';
  created: string;
  assigned?: string | null;
  ended?: string | null;
  price?: number;
  reward?: number;
  sandbox?: boolean;
  verifies?: boolean;
}

async function seed(s: Seed) {
  const price = s.price ?? 1000;
  await t.database.db.execute(sql`
    insert into tasks (customer_id, type, kind, state, payload, price, reward, api_version, source_ip, max_attempts,
      expires_at, created_at, assigned_at, ended_at, sandbox, verifies_task_id)
    values (${customerId}, ${s.type ?? 'normal'}, 'image', ${s.state}, '{}'::jsonb, ${price}, ${s.reward ?? Math.floor(price * 0.6)}, 'v1', '127.0.0.1', 3,
      ${s.created}::timestamptz + interval '1 hour', ${s.created}::timestamptz, ${s.assigned ?? null}::timestamptz, ${s.ended ?? null}::timestamptz,
      ${s.sandbox ?? false}, ${s.verifies ? 1 : null})`);
}

const at = (day: string, time: string) => `${day}T${time}Z`;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', CURRENCY_RATES: 'RUB=90,CNY=7.2' });
  customerId = (await buildUser(t)).id;
  const seeds: Seed[] = [
    // 10:00 hour: two solved normal, one solved recaptcha, one unsolvable
    { state: 'solved', created: at(D1, '10:00:00'), assigned: at(D1, '10:00:04'), ended: at(D1, '10:00:10'), price: 500 },
    { state: 'solved', created: at(D1, '10:05:00'), assigned: at(D1, '10:05:02'), ended: at(D1, '10:05:07'), price: 700, reward: 420 },
    { type: 'recaptcha_v2', state: 'solved', created: at(D1, '10:10:00'), assigned: at(D1, '10:10:15'), ended: at(D1, '10:10:45'), price: 2990, reward: 1794 },
    { state: 'unsolvable', created: at(D1, '10:20:00'), ended: at(D1, '10:25:00'), price: 500 },
    // created at 10:50, ended at 11:10: submitted in hour 10, solved in hour 11
    { state: 'solved', created: at(D1, '10:50:00'), assigned: at(D1, '11:09:00'), ended: at(D1, '11:10:00'), price: 800 },
    // solved without assigned_at (before the claim recorded it): all work, no wait
    { state: 'solved', created: at(D1, '11:30:00'), assigned: null, ended: at(D1, '11:30:20'), price: 600 },
    // still open
    { state: 'queued', created: at(D1, '12:00:00') },
    { state: 'assigned', created: at(D1, '12:01:00'), assigned: at(D1, '12:01:30') },
    // ignored: sandbox and verification re-solves
    { state: 'solved', created: at(D1, '10:30:00'), assigned: at(D1, '10:30:01'), ended: at(D1, '10:30:02'), price: 9000, sandbox: true },
    { state: 'solved', created: at(D1, '10:40:00'), assigned: at(D1, '10:40:01'), ended: at(D1, '10:40:03'), price: 0, reward: 900, verifies: true },
    // two days later
    { state: 'solved', created: at('2025-01-12', '08:00:00'), assigned: at('2025-01-12', '08:00:01'), ended: at('2025-01-12', '08:00:09'), price: 1000, reward: 600 },
    { type: 'hcaptcha', state: 'unsolvable', created: at('2025-01-12', '09:00:00'), ended: at('2025-01-12', '09:03:00'), price: 2000 },
  ];
  for (const s of seeds) await seed(s);

  // Load samples of two nodes on D1 10:00–10:02 and 11:00, and of now.
  await t.database.db.execute(sql`
    insert into load_samples (at, node, workers_online, workers_busy, queued) values
      (${at(D1, '10:00:00')}, 'a', 4, 2, 3), (${at(D1, '10:00:00')}, 'b', 2, 2, 3),
      (${at(D1, '10:01:00')}, 'a', 4, 1, 0), (${at(D1, '10:01:00')}, 'b', 1, 1, 0),
      (${at(D1, '10:02:00')}, 'a', 0, 0, 5),
      (${at(D1, '11:00:00')}, 'a', 3, 3, 1)`);
  await sampleLoad({ db: t.database.db }, 'node-a', { online: 5, busy: 2 });
  await sampleLoad({ db: t.database.db }, 'node-b', { online: 3, busy: 3 });
  // A second write in the same minute is ignored: one sample per node per minute.
  await sampleLoad({ db: t.database.db }, 'node-b', { online: 30, busy: 30 });

  expect(await rollUpStatistics({ db: t.database.db })).toBe(true);
  clearStatisticsCache({ db: t.database.db });
});
afterAll(() => t.close());

const REAL = sql`verifies_task_id is null and not sandbox`;

describe('roll-up', () => {
  it('stats_hourly equals an aggregation of tasks by hour', async () => {
    const rolled = await q(sql`select hour, type, submitted, solved, unsolvable, spend::float8 as spend, earned::float8 as earned,
      turnaround_ms_sum::float8 as ta, wait_ms_sum::float8 as wait, work_ms_sum::float8 as work from stats_hourly order by hour, type`);
    const expected = await q(sql`
      with keys as (
        select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, type from tasks where ${REAL}
        union select date_trunc('hour', ended_at at time zone 'UTC') at time zone 'UTC', type from tasks where ${REAL} and ended_at is not null
      )
      select k.hour, k.type,
        (select count(*) from tasks x where ${REAL} and x.type = k.type and date_trunc('hour', x.created_at at time zone 'UTC') at time zone 'UTC' = k.hour)::int as submitted,
        (select count(*) from tasks x where ${REAL} and x.type = k.type and x.state = 'solved' and date_trunc('hour', x.ended_at at time zone 'UTC') at time zone 'UTC' = k.hour)::int as solved,
        (select count(*) from tasks x where ${REAL} and x.type = k.type and x.state = 'unsolvable' and date_trunc('hour', x.ended_at at time zone 'UTC') at time zone 'UTC' = k.hour)::int as unsolvable,
        (select coalesce(sum(price), 0) from tasks x where ${REAL} and x.type = k.type and x.state = 'solved' and date_trunc('hour', x.ended_at at time zone 'UTC') at time zone 'UTC' = k.hour)::float8 as spend,
        (select coalesce(sum(reward), 0) from tasks x where ${REAL} and x.type = k.type and x.state = 'solved' and date_trunc('hour', x.ended_at at time zone 'UTC') at time zone 'UTC' = k.hour)::float8 as earned,
        (select coalesce(sum(extract(epoch from ended_at - created_at) * 1000), 0) from tasks x where ${REAL} and x.type = k.type and x.state = 'solved' and date_trunc('hour', x.ended_at at time zone 'UTC') at time zone 'UTC' = k.hour)::float8 as ta,
        (select coalesce(sum(extract(epoch from coalesce(assigned_at, created_at) - created_at) * 1000), 0) from tasks x where ${REAL} and x.type = k.type and x.state = 'solved' and date_trunc('hour', x.ended_at at time zone 'UTC') at time zone 'UTC' = k.hour)::float8 as wait,
        (select coalesce(sum(extract(epoch from ended_at - coalesce(assigned_at, created_at)) * 1000), 0) from tasks x where ${REAL} and x.type = k.type and x.state = 'solved' and date_trunc('hour', x.ended_at at time zone 'UTC') at time zone 'UTC' = k.hour)::float8 as work
      from keys k order by k.hour, k.type`);
    expect(rolled.length).toBe(expected.length);
    expect(rolled.map((r) => ({ ...r, hour: new Date(r.hour as string).toISOString() }))).toEqual(
      expected.map((r) => ({ ...r, hour: new Date(r.hour as string).toISOString() })),
    );
    // The sandbox task's price never shows up.
    expect(rolled.some((r) => Number(r.spend) >= 9000)).toBe(false);
  });

  it('is idempotent, and deleting tasks (pruning) keeps their history', async () => {
    const before = await q(sql`select * from stats_hourly order by hour, type`);
    expect(await rollUpStatistics({ db: t.database.db })).toBe(true);
    expect(await q(sql`select * from stats_hourly order by hour, type`)).toEqual(before);
    expect(await readStatsHourly(t.database.db)).toEqual(await recomputeStats(t.database.db));

    await t.database.db.execute(sql`insert into tasks (customer_id, type, kind, state, payload, price, reward, api_version, source_ip, max_attempts, expires_at, created_at, ended_at)
      values (${customerId}, 'normal', 'image', 'unsolvable', '{}'::jsonb, 1, 0, 'v1', '127.0.0.1', 3, now(), '2024-06-01T05:10:00Z', '2024-06-01T05:20:00Z')`);
    await rollUpStatistics({ db: t.database.db });
    const hour = sql`select submitted, unsolvable from stats_hourly where hour = '2024-06-01T05:00:00Z'`;
    expect(await q(hour)).toEqual([{ submitted: 1, unsolvable: 1 }]);
    await t.database.db.execute(sql`delete from tasks where created_at = '2024-06-01T05:10:00Z'`);
    await rollUpStatistics({ db: t.database.db });
    expect(await q(hour)).toEqual([{ submitted: 1, unsolvable: 1 }]);
  });
});

describe('GET /api/v2/public_statistics', () => {
  it('equals SQL over the seeded tasks and the latest load samples', async () => {
    const { status, body, headers } = await get<PublicStatistics>(`/api/v2/public_statistics?dateFrom=${D1}&dateTo=2025-01-12`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('public, max-age=30');
    const [e] = await q<Record<string, number | string | null>>(sql`
      select
        (select count(*) from tasks where ${REAL} and created_at >= '2025-01-10' and created_at < '2025-01-13')::int as submitted,
        (select count(*) from tasks where ${REAL} and state = 'solved' and ended_at >= '2025-01-10' and ended_at < '2025-01-13')::int as solved,
        (select count(*) from tasks where ${REAL} and state = 'unsolvable' and ended_at >= '2025-01-10' and ended_at < '2025-01-13')::int as unsolvable,
        (select round(avg(extract(epoch from ended_at - created_at))::numeric, 1) from tasks where ${REAL} and state = 'solved' and ended_at >= '2025-01-10' and ended_at < '2025-01-13')::float8 as speed,
        (select round(avg(extract(epoch from coalesce(assigned_at, created_at) - created_at))::numeric, 1) from tasks where ${REAL} and state = 'solved' and ended_at >= '2025-01-10' and ended_at < '2025-01-13')::float8 as wait,
        (select to_char(round(avg(price) * 1000 / 1000000, 2), 'FM999990.00') from tasks where ${REAL} and state = 'solved' and ended_at >= '2025-01-10' and ended_at < '2025-01-13') as price,
        (select to_char(round(avg(reward) * 1000 / 1000000, 2), 'FM999990.00') from tasks where ${REAL} and state = 'solved' and ended_at >= '2025-01-10' and ended_at < '2025-01-13') as rate`);
    const [now] = await q<{ online: number; busy: number; queued: number }>(sql`
      select sum(workers_online)::int as online, sum(workers_busy)::int as busy, max(queued)::int as queued
      from load_samples where at = (select max(at) from load_samples)`);
    expect(body).toMatchObject({
      currency: 'USD',
      dateFrom: D1,
      dateTo: '2025-01-12',
      submitted: e!.submitted,
      solved: e!.solved,
      unsolvable: e!.unsolvable,
      averageSolvingSeconds: e!.speed,
      averageWaitSeconds: e!.wait,
      customerPricePer1000: e!.price,
      workerRatePer1000: e!.rate,
      now: { workersOnline: now!.online, workersBusy: now!.busy, queued: now!.queued, load: Math.round((now!.busy / now!.online) * 1000) / 10 },
    });
    expect(body.solved).toBe(6);
    expect(body.now).toMatchObject({ workersOnline: 8, workersBusy: 5, load: 62.5 });
    expect(body.now.queued).toBe(1);
  });

  it('converts money into a configured currency and refuses others', async () => {
    const usd = (await get<PublicStatistics>(`/api/v2/public_statistics?dateFrom=${D1}&dateTo=${D1}`)).body;
    const rub = (await get<PublicStatistics>(`/api/v2/public_statistics?currency=rub&dateFrom=${D1}&dateTo=${D1}`)).body;
    expect(rub.currency).toBe('RUB');
    const [e] = await q<{ usd: string; rub: string }>(sql`
      select to_char(round(avg(price) * 1000 / 1000000, 2), 'FM999990.00') as usd, to_char(round(avg(price) * 1000 * 90 / 1000000, 2), 'FM999990.00') as rub
      from tasks where ${REAL} and state = 'solved' and ended_at >= '2025-01-10' and ended_at < '2025-01-11'`);
    expect(usd.customerPricePer1000).toBe(e!.usd);
    expect(rub.customerPricePer1000).toBe(e!.rub);
    const bad = await get<{ error: { code: string } }>('/api/v2/public_statistics?currency=XYZ');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('UNSUPPORTED_CURRENCY');
  });

  it('answers an empty range with zeros and nulls', async () => {
    const { body } = await get<PublicStatistics>('/api/v2/public_statistics?dateFrom=2020-01-01&dateTo=2020-01-31');
    expect(body).toMatchObject({ submitted: 0, solved: 0, averageSolvingSeconds: null, customerPricePer1000: null, workerRatePer1000: null });
  });

  it.each([
    ['dateFrom=2025-1-10', 'not ISO'],
    ['dateFrom=2025-02-30&dateTo=2025-03-01', 'not a real day'],
    ['dateFrom=2025-01-12&dateTo=2025-01-10', 'reversed'],
    ['dateFrom=2023-01-01&dateTo=2025-01-10', 'longer than a year'],
    ['currency=dollars', 'not a currency code'],
  ])('refuses %s (%s) with 400 VALIDATION_FAILED', async (query) => {
    for (const url of [`/api/v2/public_statistics?${query}`, `/api/v2/public_statistics/graph/devprice?${query}`]) {
      const res = await get<{ error: { code: string; details: unknown[] } }>(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.length).toBeGreaterThan(0);
    }
  });

  it('defaults to the last 7 days', async () => {
    const { body } = await get<PublicStatistics>('/api/v2/public_statistics');
    const today = new Date().toISOString().slice(0, 10);
    expect(body.dateTo).toBe(today);
    expect(body.dateFrom).toBe(new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10));
  });
});

describe('GET /api/v2/public_statistics/graph/{metric}', () => {
  const hourly = `dateFrom=${D1}&dateTo=${D1}`;
  const byHour = (rows: Array<Record<string, unknown>>) => new Map(rows.map((r) => [new Date(r.t as string).toISOString(), r]));

  it('devprice and workprice: mean per 1000 solved in each hour', async () => {
    const price = (await get<PublicGraph>(`/api/v2/public_statistics/graph/devprice?${hourly}`)).body;
    const rate = (await get<PublicGraph>(`/api/v2/public_statistics/graph/workprice?${hourly}&currency=CNY`)).body;
    expect(price).toMatchObject({ metric: 'devprice', unit: 'currency', currency: 'USD', granularity: 'hour', series: ['price'] });
    expect(price.points).toHaveLength(24);
    const expected = byHour(await q(sql`
      select date_trunc('hour', ended_at at time zone 'UTC') at time zone 'UTC' as t,
        round(avg(price) * 1000 / 1000000, 2)::float8 as price, round(avg(reward) * 1000 * 7.2 / 1000000, 2)::float8 as rate
      from tasks where ${REAL} and state = 'solved' and ended_at >= '2025-01-10' and ended_at < '2025-01-11' group by 1`));
    expect(expected.size).toBe(2);
    for (const [i, p] of price.points.entries()) {
      expect(p.price).toBe((expected.get(p.t)?.price as number | undefined) ?? null);
      expect(rate.points[i]!.rate).toBe((expected.get(p.t)?.rate as number | undefined) ?? null);
    }
  });

  it('devspeed and workspeed: mean seconds of solved tasks', async () => {
    const speed = (await get<PublicGraph>(`/api/v2/public_statistics/graph/devspeed?${hourly}`)).body;
    const work = (await get<PublicGraph>(`/api/v2/public_statistics/graph/workspeed?${hourly}`)).body;
    expect(work.series).toEqual(['wait', 'work']);
    expect(work.unit).toBe('seconds');
    const expected = byHour(await q(sql`
      select date_trunc('hour', ended_at at time zone 'UTC') at time zone 'UTC' as t,
        round(avg(extract(epoch from ended_at - created_at))::numeric, 1)::float8 as seconds,
        round(avg(extract(epoch from coalesce(assigned_at, created_at) - created_at))::numeric, 1)::float8 as wait,
        round(avg(extract(epoch from ended_at - coalesce(assigned_at, created_at)))::numeric, 1)::float8 as work
      from tasks where ${REAL} and state = 'solved' and ended_at >= '2025-01-10' and ended_at < '2025-01-11' group by 1`));
    for (const [i, p] of speed.points.entries()) {
      const e = expected.get(p.t);
      expect(p.seconds).toBe(e?.seconds ?? null);
      expect(work.points[i]!.wait).toBe(e?.wait ?? null);
      expect(work.points[i]!.work).toBe(e?.work ?? null);
    }
  });

  it('devload and devonline: per-minute totals over nodes, averaged per hour', async () => {
    const load = (await get<PublicGraph>(`/api/v2/public_statistics/graph/devload?${hourly}`)).body;
    const online = (await get<PublicGraph>(`/api/v2/public_statistics/graph/devonline?${hourly}`)).body;
    expect(load.unit).toBe('percent');
    expect(online.series).toEqual(['online', 'busy']);
    const expected = byHour(await q(sql`
      with m as (
        select at, sum(workers_online) as online, sum(workers_busy) as busy, max(queued) as queued
        from load_samples where at >= '2025-01-10' and at < '2025-01-11' group by at
      )
      select date_trunc('hour', at at time zone 'UTC') at time zone 'UTC' as t,
        round(avg(case when online > 0 then busy * 100.0 / online when queued > 0 then 100 else 0 end), 1)::float8 as load,
        round(avg(online), 1)::float8 as online, round(avg(busy), 1)::float8 as busy
      from m group by 1`));
    expect(expected.size).toBe(2);
    for (const [i, p] of load.points.entries()) {
      const e = expected.get(p.t);
      expect(p.load).toBe(e?.load ?? null);
      expect(online.points[i]!.online).toBe(e?.online ?? null);
      expect(online.points[i]!.busy).toBe(e?.busy ?? null);
    }
    // 10:00 → 4 of 6 busy, 10:01 → 2 of 5, 10:02 → nobody online with tasks waiting: 100 %.
    expect(load.points[10]!.load).toBe(68.9);
  });

  it('goes by day over longer ranges, one point per day', async () => {
    const { body } = await get<PublicGraph>('/api/v2/public_statistics/graph/devprice?dateFrom=2025-01-06&dateTo=2025-01-12');
    expect(body.granularity).toBe('day');
    expect(body.points.map((p) => p.t.slice(0, 10))).toEqual(['06', '07', '08', '09', '10', '11', '12'].map((d) => `2025-01-${d}`));
    const expected = byHour(await q(sql`
      select date_trunc('day', ended_at at time zone 'UTC') at time zone 'UTC' as t, round(avg(price) * 1000 / 1000000, 2)::float8 as price
      from tasks where ${REAL} and state = 'solved' and ended_at >= '2025-01-06' and ended_at < '2025-01-13' group by 1`));
    for (const p of body.points) expect(p.price).toBe(expected.get(p.t)?.price ?? null);
  });

  it('refuses an unknown metric', async () => {
    const res = await get<{ error: { code: string } }>('/api/v2/public_statistics/graph/nonsense');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
  });
});
