import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';

let t: TestApp;
const png = makePng().toString('base64');

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

/** The compat API may read a cached account for a moment after a change: ask until it answers `expected`. */
async function eventually(ask: () => Promise<string>, expected: RegExp): Promise<string> {
  let last = '';
  for (let i = 0; i < 50; i++) {
    last = await ask();
    if (expected.test(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  return last;
}

describe('pingback hosts through the site API', () => {
  it('registers a host with validation, res.php sees it, and pingback URLs follow the list', async () => {
    const customer = await buildUser(t, { balance: '1' });
    const headers = browserHeaders(t, await sessionCookieFor(t, customer.id));
    const post = (address: string) => t.app.inject({ method: 'POST', url: '/api/v2/customer/pingback-hosts', headers, payload: { address } });
    const submit = (pingback: string) => t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png, pingback } }).then((r) => r.body);
    const getPingback = () => t.app.inject({ method: 'GET', url: `/res.php?key=${customer.apiKey}&action=get_pingback` }).then((r) => r.body);

    expect((await post('not a host')).statusCode).toBe(400);
    expect(await submit('https://hooks.example.com/cb')).toBe('ERROR_BAD_PARAMETERS');

    const added = await post('https://Hooks.Example.com/captcha');
    expect(added.statusCode).toBe(200);
    expect(added.json().pingbackHosts).toEqual(['hooks.example.com']);
    // Adding it again changes nothing.
    expect((await post('hooks.example.com')).json().pingbackHosts).toEqual(['hooks.example.com']);
    expect(await eventually(getPingback, /hooks/)).toBe('OK|hooks.example.com');
    expect(await eventually(() => submit('https://hooks.example.com/cb'), /^OK\|/)).toMatch(/^OK\|\d+$/);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/v2/customer/pingback-hosts/other.example', headers })).statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/v2/customer/pingback-hosts/hooks.example.com', headers });
    expect(removed.json().pingbackHosts).toEqual([]);
    expect(await eventually(getPingback, /^OK\|$/)).toBe('OK|');
  });

  it('needs the CSRF pair and a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/customer/pingback-hosts', payload: { address: 'a.example' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/customer/pingback-hosts', headers: browserHeaders(t), payload: { address: 'a.example' } })).statusCode).toBe(401);
  });
});

describe('API settings change what the compat API does', () => {
  it('maximum bid, allowed IPs, and sandbox with 100% recognition', async () => {
    const customer = await buildUser(t, { balance: '1' });
    const headers = browserHeaders(t, await sessionCookieFor(t, customer.id));
    const put = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/v2/customer/api-settings', headers, payload: { allowedIps: [], maxBidPer1000: null, sandbox: false, consensus: null, ...body } });
    const submit = () => t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png } }).then((r) => r.body);

    expect(await submit()).toMatch(/^OK\|/);
    // The image captcha's floor rate is $0.50 per 1000: a maximum of $0.10 refuses it.
    expect((await put({ maxBidPer1000: '0.10' })).statusCode).toBe(200);
    expect(await eventually(submit, /NO_SLOT/)).toBe('ERROR_NO_SLOT_AVAILABLE');
    expect((await put({ maxBidPer1000: '5' })).statusCode).toBe(200);
    expect(await eventually(submit, /^OK/)).toMatch(/^OK\|/);

    // app.inject comes from 127.0.0.1.
    await put({ allowedIps: ['203.0.113.7'] });
    expect(await eventually(submit, /IP_NOT/)).toBe('ERROR_IP_NOT_ALLOWED');
    await put({ allowedIps: ['203.0.113.7', '127.0.0.1'] });
    expect(await eventually(submit, /^OK/)).toMatch(/^OK\|/);

    const both = await put({ allowedIps: [], sandbox: true, consensus: { minAttempts: 2, maxAttempts: 3, minMatches: 2 } });
    expect(both.json()).toMatchObject({ sandbox: true, consensus: { minAttempts: 2, maxAttempts: 3, minMatches: 2 } });
    expect(await eventually(submit, /BAD_PARAMETERS/)).toBe('ERROR_BAD_PARAMETERS');
    // Inconsistent numbers are refused by the site API.
    expect((await put({ consensus: { minAttempts: 3, maxAttempts: 2, minMatches: 1 } })).statusCode).toBe(400);
  });
});
