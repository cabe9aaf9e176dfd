import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '#server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { getDashboard, knownTimeZone, startOfDay } from './dashboard.service.ts';

let t: TestApp;
const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

describe('startOfDay', () => {
  it('is the midnight of the zone, across DST changes', () => {
    expect(startOfDay('UTC', new Date('2030-01-15T03:00:00Z')).toISOString()).toBe('2030-01-15T00:00:00.000Z');
    expect(startOfDay('Asia/Tokyo', new Date('2030-01-15T03:00:00Z')).toISOString()).toBe('2030-01-14T15:00:00.000Z');
    expect(startOfDay('Asia/Tokyo', new Date('2030-01-14T14:59:59Z')).toISOString()).toBe('2030-01-13T15:00:00.000Z');
    expect(startOfDay('America/New_York', new Date('2030-01-15T03:00:00Z')).toISOString()).toBe('2030-01-14T05:00:00.000Z');
    // Berlin moves to summer time at 02:00 on 2030-03-31: the day began at 23:00 UTC (winter offset).
    expect(startOfDay('Europe/Berlin', new Date('2030-03-31T20:00:00Z')).toISOString()).toBe('2030-03-30T23:00:00.000Z');
    // …and back on 2030-10-27: the day began at 22:00 UTC (summer offset).
    expect(startOfDay('Europe/Berlin', new Date('2030-10-27T20:00:00Z')).toISOString()).toBe('2030-10-26T22:00:00.000Z');
  });

  it('treats an unknown zone as UTC', () => {
    expect(knownTimeZone('Mars/Olympus')).toBe('UTC');
    expect(knownTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});

describe('dashboard figures', () => {
  // 12:00 in Tokyo; the Tokyo day began at 2030-01-14T15:00Z.
  const now = new Date('2030-01-15T03:00:00Z');
  const at = (iso: string) => new Date(iso);
  let customerId: number;
  let apiKey: string;

  beforeAll(async () => {
    const customer = await buildUser(t, { balance: '3.25' });
    const other = await buildUser(t);
    customerId = customer.id;
    apiKey = customer.apiKey;
    await t.database.db.execute(sql`update users set timezone = 'Asia/Tokyo' where id = ${customerId}`);
    const base = {
      kind: 'image' as const,
      payload: { type: 'normal', params: {} },
      reward: 300,
      apiVersion: 'v1' as const,
      sourceIp: '127.0.0.1',
      maxAttempts: 3,
      expiresAt: at('2030-01-16T00:00:00Z'),
    };
    const rows: (typeof tasks.$inferInsert)[] = [
      // Yesterday in Tokyo (14:30Z is 23:30 there): not today, still among the recent ones.
      { ...base, customerId, type: 'normal', state: 'solved', price: 500, answer: { kind: 'text', text: 'old' }, createdAt: at('2030-01-14T14:30:00Z'), endedAt: at('2030-01-14T14:30:30Z') },
      // Today: two normal solved (10 s and 20 s), one text solved (5 s), one unsolvable, one queued, one assigned.
      { ...base, customerId, type: 'normal', state: 'solved', price: 500, answer: { kind: 'text', text: 'abc123' }, createdAt: at('2030-01-14T15:00:00Z'), endedAt: at('2030-01-14T15:00:10Z') },
      { ...base, customerId, type: 'normal', state: 'solved', price: 700, answer: { kind: 'text', text: 'x'.repeat(100) }, createdAt: at('2030-01-15T01:00:00Z'), endedAt: at('2030-01-15T01:00:20Z') },
      { ...base, customerId, type: 'text', state: 'solved', price: 1000, answer: { kind: 'text', text: 'blue' }, createdAt: at('2030-01-15T01:10:00Z'), endedAt: at('2030-01-15T01:10:05Z'), sandbox: true },
      { ...base, customerId, type: 'normal', state: 'unsolvable', price: 500, failure: 'ERROR_BAD_DUPLICATES', createdAt: at('2030-01-15T01:20:00Z'), endedAt: at('2030-01-15T01:25:00Z') },
      { ...base, customerId, type: 'normal', state: 'queued', price: 600, createdAt: at('2030-01-15T02:00:00Z') },
      { ...base, customerId, type: 'normal', state: 'assigned', price: 800, createdAt: at('2030-01-15T02:30:00Z') },
      // A verification re-solve on the customer's account and another customer's captcha: never counted.
      { ...base, customerId, type: 'normal', state: 'solved', price: 0, reward: 0, verifiesTaskId: 1, answer: { kind: 'text', text: 'v' }, createdAt: at('2030-01-15T02:40:00Z'), endedAt: at('2030-01-15T02:40:02Z') },
      { ...base, customerId: other.id, type: 'normal', state: 'solved', price: 500, answer: { kind: 'text', text: 'z' }, createdAt: at('2030-01-15T02:50:00Z'), endedAt: at('2030-01-15T02:50:01Z') },
    ];
    for (const row of rows) await t.database.db.insert(tasks).values(row);
  });

  it('counts today in the account time zone: spend, states, success rate and solve times', async () => {
    const d = await getDashboard(ctx(), customerId, now);
    expect(d.balance).toBe('3.25');
    expect(d.apiKey).toBe(apiKey);
    expect(d.timezone).toBe('Asia/Tokyo');
    expect(d.todayFrom).toBe('2030-01-14T15:00:00.000Z');
    expect(d.today).toEqual({
      count: 6,
      solved: 3,
      unsolvable: 1,
      inProgress: 2,
      // 500 + 700 + 1000 + 600 + 800 micro-USD; the unsolvable one was refunded.
      spend: '0.0036',
      successRate: 0.75,
    });
    expect(d.solveTimes).toEqual([
      { type: 'normal', solved: 2, averageMs: 15_000 },
      { type: 'text', solved: 1, averageMs: 5_000 },
    ]);
  });

  it('lists the newest captchas with previews, refunds and failures, without verification re-solves', async () => {
    const d = await getDashboard(ctx(), customerId, now);
    expect(d.recentTasks.map((r) => r.state)).toEqual(['assigned', 'queued', 'unsolvable', 'solved', 'solved', 'solved', 'solved']);
    const [assigned, , unsolvable, text, long, short, old] = d.recentTasks;
    expect(assigned).toMatchObject({ type: 'normal', price: '0.0008', answerPreview: null, failure: null, endedAt: null });
    expect(unsolvable).toMatchObject({ price: '0.00', failure: 'ERROR_BAD_DUPLICATES', answerPreview: null });
    expect(text).toMatchObject({ type: 'text', sandbox: true, answerPreview: 'blue', price: '0.001' });
    expect(long!.answerPreview).toBe(`${'x'.repeat(59)}…`);
    expect(short).toMatchObject({ answerPreview: 'abc123', createdAt: '2030-01-14T15:00:00.000Z', endedAt: '2030-01-14T15:00:10.000Z' });
    expect(old!.answerPreview).toBe('old');
  });

  it('has no success rate before anything ended today, and an empty account is all zeros', async () => {
    const fresh = await buildUser(t);
    const d = await getDashboard(ctx(), fresh.id, now);
    expect(d.today).toEqual({ count: 0, solved: 0, unsolvable: 0, inProgress: 0, spend: '0.00', successRate: null });
    expect(d.solveTimes).toEqual([]);
    expect(d.recentTasks).toEqual([]);
  });

  it('GET /api/v2/dashboard answers the signed-in customer only', async () => {
    const cookie = await sessionCookieFor(t, customerId);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/dashboard', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.apiKey).toBe(apiKey);
    expect(body.recentTasks).toHaveLength(7);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/dashboard' })).statusCode).toBe(401);
  });
});
