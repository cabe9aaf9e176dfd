import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProxyOverview, ProxyPriceList, ProxyPurchaseView, ProxyStatsView, ProxySubUserSecret, ProxySubUserView, ProxyWhitelistEntry, ProxyWhitelistView } from '#shared/contracts/proxy.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';

let t: TestApp;
const q = async <T>(query: ReturnType<typeof sql>) => (await t.database.db.execute(query)).rows as T[];
const balanceOf = async (id: number) => Number((await q<{ b: number }>(sql`select balance as b from users where id = ${id}`))[0]!.b);
const ledgerOf = async (id: number) => Number((await q<{ s: number }>(sql`select coalesce(sum(amount), 0)::bigint as s from ledger_entries where user_id = ${id}`))[0]!.s);

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', CURRENCY_RATES: 'RUB=90,CNY=7.2' });
});
afterAll(() => t.close());

async function call(userId: number, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: browserHeaders(t, await sessionCookieFor(t, userId)), ...(payload ? { payload } : {}) });
}

describe('GET /api/v2/proxy/prices', () => {
  it('lists every offer per unit in the asked currency, with country prices', async () => {
    const res = await t.app.inject({ url: '/api/v2/proxy/prices?currency=rub' });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<ProxyPriceList>();
    expect(list.currency).toBe('RUB');
    expect(list.campaign).toBeNull();
    const residential = list.offers.find((o) => o.planType === 'residential' && o.unit === 'gb')!;
    expect(residential.price).toBe('270.00'); // $3.00 × 90
    expect(residential.countries.us).toBe('315.00');
    expect(list.offers.map((o) => `${o.planType}:${o.unit}`)).toEqual(['residential:gb', 'mobile:gb', 'datacenter:gb', 'datacenter:ip', 'isp:ip']);
  });

  it('answers an unknown currency with UNSUPPORTED_CURRENCY and ignores an unconfigured utm_campaign', async () => {
    const bad = await t.app.inject({ url: '/api/v2/proxy/prices?currency=XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('UNSUPPORTED_CURRENCY');
    const res = await t.app.inject({ url: '/api/v2/proxy/prices?utm_campaign=nothing' });
    expect(res.json<ProxyPriceList>().campaign).toBeNull();
  });
});

describe('GET /api/v2/proxy/prices with an operator configuration', () => {
  it('takes country prices from PROXY_CONFIG and a utm_campaign discount the operator configured', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'proxy-config-'));
    const file = path.join(dir, 'proxy.json');
    writeFileSync(file, JSON.stringify({ prices: { 'residential:gb': { default: '4.00', de: '5.00' } }, campaignDiscounts: { spring: 25 }, packageDays: 60 }));
    const app = await buildTestApp({ PROXY_CONFIG: file, PROXY_HOST: 'gw.example.net', PROXY_HTTP_PORT: '3128' });
    try {
      const list = (await app.app.inject({ url: '/api/v2/proxy/prices?utm_campaign=spring' })).json<ProxyPriceList>();
      expect(list.campaign).toEqual({ name: 'spring', percent: 25 });
      expect(list.packageDays).toBe(60);
      expect(list.gateway).toEqual({ host: 'gw.example.net', httpPort: 3128, socksPort: 1080 });
      const residential = list.offers.find((o) => o.planType === 'residential' && o.unit === 'gb')!;
      expect([residential.price, residential.listPrice, residential.countries.de]).toEqual(['3.00', '4.00', '3.75']);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('buying a plan', () => {
  it('takes the exact price from the balance through one ledger entry and shows the traffic', async () => {
    const user = await buildUser(t, { balance: '20.00' });
    const res = await call(user.id, 'POST', '/api/v2/proxy/purchases', { planType: 'residential', unit: 'gb', country: 'us', quantity: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const bought = res.json<ProxyPurchaseView>();
    expect(bought.amount).toBe('10.50');
    expect(bought.bytesTotal).toBe(3_000_000_000);
    expect(await balanceOf(user.id)).toBe(9_500_000);
    expect(await ledgerOf(user.id)).toBe(9_500_000);
    const entries = await q<{ kind: string; amount: number }>(sql`select kind, amount::bigint as amount from ledger_entries where user_id = ${user.id} and kind = 'proxy_purchase'`);
    expect(entries.map((e) => Number(e.amount))).toEqual([-10_500_000]);

    const overview = (await call(user.id, 'GET', '/api/v2/proxy/overview')).json<ProxyOverview>();
    expect(overview.balance).toBe('9.50');
    expect(overview.traffic.find((x) => x.planType === 'residential')).toMatchObject({ bytesLeft: 3_000_000_000, bytesTotal: 3_000_000_000 });
    expect(overview.purchases).toHaveLength(1);
    expect(overview.gateway).toEqual({ host: 'localhost', httpPort: 8080, socksPort: 1080 });
    // A purchase is valid for the configured package period (30 days by default).
    expect(Date.parse(bought.expiresAt) - Date.parse(bought.createdAt)).toBeGreaterThan(29.9 * 86_400_000);
  });

  it('refuses what the balance cannot pay (nothing written) and offers that are not sold', async () => {
    const user = await buildUser(t, { balance: '2.00' });
    const poor = await call(user.id, 'POST', '/api/v2/proxy/purchases', { planType: 'mobile', unit: 'gb', quantity: 1 });
    expect(poor.statusCode).toBe(409);
    expect(poor.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(user.id)).toBe(2_000_000);
    const unsold = await call(user.id, 'POST', '/api/v2/proxy/purchases', { planType: 'residential', unit: 'ip', quantity: 1 });
    expect(unsold.statusCode).toBe(400);
    expect(unsold.json().error.code).toBe('VALIDATION_FAILED');
    const tooMany = await call(user.id, 'POST', '/api/v2/proxy/purchases', { planType: 'datacenter', unit: 'gb', quantity: 5000 });
    expect(tooMany.statusCode).toBe(400);
    expect((await q(sql`select 1 from proxy_purchases where user_id = ${user.id}`)).length).toBe(0);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/proxy/overview' });
    expect(res.statusCode).toBe(401);
  });
});

describe('sub-users', () => {
  it('creates a login with a password shown once and stored only as a salted hash; limits, disable, rotate', async () => {
    const user = await buildUser(t);
    const created = await call(user.id, 'POST', '/api/v2/proxy/sub-users', { label: 'scraper', trafficLimitGb: 1.5, maxConnections: 10 });
    expect(created.statusCode, created.body).toBe(200);
    const secret = created.json<ProxySubUserSecret>();
    expect(secret.password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(secret.subUser).toMatchObject({ label: 'scraper', trafficLimit: 1_500_000_000, maxConnections: 10, disabled: false });
    const stored = await q<{ password_hash: string }>(sql`select password_hash from proxy_sub_users where id = ${secret.subUser.id}`);
    expect(stored[0]!.password_hash).not.toContain(secret.password);
    expect(JSON.stringify((await call(user.id, 'GET', '/api/v2/proxy/sub-users')).json())).not.toContain(secret.password);

    const updated = await call(user.id, 'PUT', `/api/v2/proxy/sub-users/${secret.subUser.id}`, { trafficLimitGb: null, disabled: true });
    expect(updated.json<ProxySubUserView>()).toMatchObject({ trafficLimit: null, disabled: true });
    const rotated = (await call(user.id, 'POST', `/api/v2/proxy/sub-users/${secret.subUser.id}/password`)).json<ProxySubUserSecret>();
    expect(rotated.password).not.toBe(secret.password);

    const unchanged = await call(user.id, 'PUT', `/api/v2/proxy/sub-users/${secret.subUser.id}`, {});
    expect([unchanged.statusCode, unchanged.json<ProxySubUserView>().disabled]).toEqual([200, true]);

    const stranger = await buildUser(t);
    const foreign = await call(stranger.id, 'PUT', `/api/v2/proxy/sub-users/${secret.subUser.id}`, { disabled: false });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('IP whitelist', () => {
  it('adds addresses and CIDR ranges normalized, with the documented errors', async () => {
    const user = await buildUser(t);
    const sub = (await call(user.id, 'POST', '/api/v2/proxy/sub-users', {})).json<ProxySubUserSecret>().subUser;
    const add = (ip: string) => call(user.id, 'POST', '/api/v2/proxy/whitelist', { ip, subUserId: sub.id });

    const range = await add('203.0.113.77/24');
    expect(range.statusCode, range.body).toBe(200);
    expect(range.json<ProxyWhitelistEntry>().cidr).toBe('203.0.113.0/24');
    expect((await add('198.51.100.7')).json<ProxyWhitelistEntry>().cidr).toBe('198.51.100.7/32');
    expect((await add('2001:db8:0:0::1/64')).json<ProxyWhitelistEntry>().cidr).toBe('2001:db8::/64');

    const missing = await add('   ');
    expect([missing.statusCode, missing.json().error.code]).toEqual([400, 'ERROR_MISSING_IP']);
    for (const bad of ['300.1.1.1', '10.0.0.0/4', 'example.com', '1.2.3.4/33']) {
      const res = await add(bad);
      expect([res.statusCode, res.json().error.code], bad).toEqual([400, 'ERROR_INVALID_IP']);
    }
    const dup = await add('203.0.113.5/24');
    expect([dup.statusCode, dup.json().error.code]).toEqual([409, 'ERROR_IP_ALREADY_WHITELISTED']);

    const list = (await call(user.id, 'GET', '/api/v2/proxy/whitelist')).json<ProxyWhitelistView>();
    expect(list.entries.map((e) => e.cidr)).toEqual(['203.0.113.0/24', '198.51.100.7/32', '2001:db8::/64']);
    const removed = await call(user.id, 'DELETE', `/api/v2/proxy/whitelist/${list.entries[0]!.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call(user.id, 'GET', '/api/v2/proxy/whitelist')).json<ProxyWhitelistView>().entries).toHaveLength(2);
  });
});

describe('statistics', () => {
  it('lists traffic per day and sub-user with zero days filled in, and the same as CSV', async () => {
    const user = await buildUser(t);
    const sub = (await call(user.id, 'POST', '/api/v2/proxy/sub-users', {})).json<ProxySubUserSecret>().subUser;
    await t.database.db.execute(sql`insert into proxy_usage_daily (sub_user_id, day, plan_type, user_id, bytes_up, bytes_down, connections) values
      (${sub.id}, '2026-03-02', 'residential', ${user.id}, 1000, 9000, 3), (${sub.id}, '2026-03-04', 'mobile', ${user.id}, 5, 5, 1)`);
    const view = (await call(user.id, 'GET', '/api/v2/proxy/statistics?from=2026-03-01&to=2026-03-04')).json<ProxyStatsView>();
    expect(view.days).toEqual([
      { day: '2026-03-01', bytes: 0 },
      { day: '2026-03-02', bytes: 10_000 },
      { day: '2026-03-03', bytes: 0 },
      { day: '2026-03-04', bytes: 10 },
    ]);
    const csv = await call(user.id, 'GET', '/api/v2/proxy/statistics.csv?from=2026-03-01&to=2026-03-04');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\n')).toEqual([
      'day,login,type,bytes_up,bytes_down,bytes_total,connections',
      `2026-03-04,${sub.login},mobile,5,5,10,1`,
      `2026-03-02,${sub.login},residential,1000,9000,10000,3`,
    ]);
    const bad = await call(user.id, 'GET', '/api/v2/proxy/statistics?from=2026-03-05&to=2026-03-01');
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
