import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCache } from '#server/modules/tasks/result-cache.ts';
import { upsertApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { buildTestApp, heard, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { AccountCache } from './account-cache.ts';

let t: TestApp;
const png = makePng().toString('base64');

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const submit = async (key: string) => (await t.app.inject({ method: 'POST', url: '/in.php', payload: { key, method: 'base64', body: png } })).body.slice(3);

describe('result polling cache', () => {
  it('serves a not-ready task from memory until its end is announced, then the answer', async () => {
    const customer = await buildUser(t, { userType: 'customer', balance: '1.00' });
    const id = await submit(customer.apiKey);
    const poll = () => get(`/res.php?key=${customer.apiKey}&action=get&id=${id}`);
    expect((await poll()).body).toBe('CAPCHA_NOT_READY');

    // Solved behind the engine's back, without the announcement: the cached answer stands.
    await t.database.db.execute(sql`update tasks set state = 'solved', answer = '{"kind":"text","text":"q7r2"}', ended_at = now() where id = ${Number(id)}`);
    expect((await poll()).body).toBe('CAPCHA_NOT_READY');

    await t.database.db.execute(sql`select pg_notify('tasks', ${JSON.stringify({ kind: 'ended', id: Number(id), customerId: customer.id, state: 'solved' })})`);
    await heard();
    expect((await poll()).body).toBe('OK|q7r2');
  });

  it('never shows one account the cached result of another', async () => {
    const a = await buildUser(t, { userType: 'customer', balance: '1.00' });
    const b = await buildUser(t, { userType: 'customer', balance: '1.00' });
    const id = await submit(a.apiKey);
    expect((await get(`/res.php?key=${a.apiKey}&action=get&id=${id}`)).body).toBe('CAPCHA_NOT_READY');
    expect((await get(`/res.php?key=${b.apiKey}&action=get&id=${id}`)).body).toBe('ERROR_WRONG_CAPTCHA_ID');
  });

  it('does not store a read that an end overtook', () => {
    const cache = new ResultCache();
    cache.setLive(true);
    const readAt = cache.stamp();
    cache.onEvent({ kind: 'ended', id: 7, customerId: 1, state: 'solved' });
    cache.set(7, { customerId: 1, createdAt: Date.now(), result: { state: 'processing' } }, readAt);
    expect(cache.get(1, 7)).toBeUndefined();
    cache.set(7, { customerId: 1, createdAt: Date.now(), result: { state: 'processing' } }, cache.stamp());
    expect(cache.get(1, 7)?.result).toEqual({ state: 'processing' });
    cache.setLive(false);
    expect(cache.get(1, 7)).toBeUndefined();
  });
});

describe('API key cache', () => {
  it('notices a block, an allowed-IP list and a new key at once, from the database', async () => {
    const customer = await buildUser(t, { userType: 'customer', balance: '1.00' });
    const balance = (key: string) => get(`/res.php?key=${key}&action=getbalance`);
    expect((await balance(customer.apiKey)).body).toBe('1.00');

    await upsertApiSettings(t.database.db, customer.id, { allowedIps: ['203.0.113.9'] });
    await heard();
    expect((await balance(customer.apiKey)).body).toBe('ERROR_IP_NOT_ALLOWED');
    await upsertApiSettings(t.database.db, customer.id, { allowedIps: [] });
    await heard();
    expect((await balance(customer.apiKey)).body).toBe('1.00');

    await t.database.db.execute(sql`update users set blocked_at = now() where id = ${customer.id}`);
    await heard();
    expect((await balance(customer.apiKey)).body).toBe('ERROR_ACCOUNT_SUSPENDED');
    await t.database.db.execute(sql`update users set blocked_at = null where id = ${customer.id}`);

    const fresh = 'f'.repeat(32);
    await t.database.db.execute(sql`update users set api_key = ${fresh} where id = ${customer.id}`);
    await heard();
    expect((await balance(customer.apiKey)).body).toBe('ERROR_KEY_DOES_NOT_EXIST');
    expect((await balance(fresh)).body).toBe('1.00');
  });

  it('does not store a lookup that a change overtook, and is off while not live', () => {
    const cache = new AccountCache();
    const account = { user: { id: 3 }, settings: {} } as never;
    cache.set('k', account, cache.stamp());
    expect(cache.get('k')).toBeUndefined();
    cache.setLive(true);
    const readAt = cache.stamp();
    cache.changed(3);
    cache.set('k', account, readAt);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', account, cache.stamp());
    expect(cache.get('k')).toBe(account);
    cache.changed(3);
    expect(cache.get('k')).toBeUndefined();
  });
});
