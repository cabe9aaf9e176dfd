/**
 * Issue 21, finding 2: a hostile return_to on the sign-in and sign-up pages neither answers 500
 * nor redirects anywhere but this site, for visitors and for signed-in users (who are redirected).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser, sessionCookieFor } from '#server/test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOSTILE = [
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d%0a/evil.example',
  '/x%0d%0aSet-Cookie:%20a=b',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%2f/evil.example',
  'https://evil.example',
  'javascript:alert(1)',
  '/a/..//evil.example',
  '/a/%2e%2e//evil.example',
];

/** A Location on this site: a path that does not start with two slashes or a backslash, no control characters. */
function onSite(location: string | undefined) {
  expect(location).toBeDefined();
  expect(location).toMatch(/^\/(?![/\\])/);
  // eslint-disable-next-line no-control-regex -- control characters are what must not be there
  expect(location).not.toMatch(/[\u0000-\u001f\\]/);
  expect(new URL(location!, 'http://localhost:3000').origin).toBe('http://localhost:3000');
}

describe('return_to on /auth/login and /auth/register', () => {
  it.each(HOSTILE.flatMap((v) => [['/auth/login', v], ['/auth/register', v]]))('%s?return_to=%s renders for a visitor', async (page, value) => {
    const res = await t.app.inject({ method: 'GET', url: `${page}?return_to=${value}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
  });

  it.each(HOSTILE.flatMap((v) => [['/auth/login', v], ['/auth/register', v]]))('%s?return_to=%s sends a signed-in user home', async (page, value) => {
    const user = await buildUser(t, { userType: 'customer' });
    const res = await t.app.inject({ method: 'GET', url: `${page}?return_to=${value}`, headers: { cookie: await sessionCookieFor(t, user.id) } });
    expect(res.statusCode).toBeGreaterThanOrEqual(300);
    expect(res.statusCode).toBeLessThan(400);
    onSite(res.headers.location as string);
    expect(res.headers.location).not.toMatch(/evil/);
  });

  it.each(['/en//evil.example', '/en///evil.example/x', '/en/\\evil.example', '/en//evil.example?x=1', '/en/%2f/evil.example'])(
    '%s: the /en prefix redirect stays on this site',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(301);
      onSite(res.headers.location as string);
    },
  );

  it('a request path starting with two slashes is a path here, not another host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '//evil.example/enterpage' });
    expect(res.statusCode).toBe(404);
  });

  it('still follows a path on this site', async () => {
    const user = await buildUser(t, { userType: 'customer' });
    const res = await t.app.inject({ method: 'GET', url: '/auth/login?return_to=%2Fenterpage%3Ftab%3Dkeys', headers: { cookie: await sessionCookieFor(t, user.id) } });
    expect(res.headers.location).toBe('/enterpage?tab=keys');
  });
});
