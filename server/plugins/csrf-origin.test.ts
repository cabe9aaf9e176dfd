/**
 * Issue 21, finding 5: mutations ignored Origin and Sec-Fetch-Site. A browser's cross-site or
 * foreign-origin request is refused even when it carries a matching token pair.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', RU_URL: 'http://ru.localhost:3000' });
});
afterAll(() => t.close());

describe('site-API mutations', () => {
  const put = async (extra: Record<string, string>) => {
    const customer = await buildUser(t, { userType: 'customer' });
    const headers = { ...browserHeaders(t, await sessionCookieFor(t, customer.id)), ...extra };
    return t.app.inject({ method: 'POST', url: '/api/v2/customer/pingback-hosts', headers, payload: { address: 'hooks.example.com' } });
  };

  it.each([
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ origin: 'http://localhost:3000.evil.example' }],
    [{ origin: 'https://evil.example', 'sec-fetch-site': 'same-site' }],
  ])('refuses %j', async (extra) => {
    const res = await put(extra);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_FAILED');
  });

  it.each([
    [{}],
    [{ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }],
    [{ origin: 'http://ru.localhost:3000', 'sec-fetch-site': 'same-site' }],
    [{ 'sec-fetch-site': 'none' }],
  ])('accepts %j', async (extra) => {
    expect((await put(extra)).statusCode).toBe(200);
  });
});
