/**
 * Issue 21, finding 5: mutations accepted any client-chosen CSRF token (plain double submit). The
 * token is now `<nonce>.<HMAC>` bound to the visitor's session, replaced at sign-in and sign-out,
 * and over https the session and CSRF cookies are `__Host-` prefixed.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, csrfTokenFor, sessionCookieFor } from '#server/test/factories.ts';

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;
const cookieOf = (res: Injected, name: string) => res.cookies.find((c) => c.name === name);
const addHost = (customer: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/api/v2/customer/pingback-hosts',
  headers: customer,
  payload: { address: 'hooks.example.com' },
});
const expectRefused = (res: Injected) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error.code).toBe('CSRF_FAILED');
};

describe('session-bound CSRF tokens (http)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMITS: 'false' });
  });
  afterAll(() => t.close());

  it('refuses a made-up token even when cookie and header match', async () => {
    const made = 'test-csrf-token-0123456789abcdefghij';
    const u = await buildUser(t);
    const anonymous = { cookie: `csrf_token=${made}`, 'x-csrf-token': made };
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: anonymous, payload: { email: u.email, password: u.password } }));
    const session = await sessionCookieFor(t, u.id);
    expectRefused(await t.app.inject(addHost({ cookie: `csrf_token=${made}; ${session}`, 'x-csrf-token': made })));
    // A well-formed token with a forged MAC.
    const forged = `${'a'.repeat(24)}.${'b'.repeat(43)}`;
    expectRefused(await t.app.inject(addHost({ cookie: `csrf_token=${forged}; ${session}`, 'x-csrf-token': forged })));
    // The same browser with a token the server issued for its session is accepted.
    expect((await t.app.inject(addHost(browserHeaders(t, session)))).statusCode).toBe(200);
  });

  it("refuses one session's token with another session, and an anonymous token with a session", async () => {
    const alice = await sessionCookieFor(t, (await buildUser(t)).id);
    const bob = await sessionCookieFor(t, (await buildUser(t)).id);
    const alices = csrfTokenFor(t, alice);
    expectRefused(await t.app.inject(addHost({ cookie: `csrf_token=${alices}; ${bob}`, 'x-csrf-token': alices })));
    const anonymous = csrfTokenFor(t);
    expectRefused(await t.app.inject(addHost({ cookie: `csrf_token=${anonymous}; ${bob}`, 'x-csrf-token': anonymous })));
    // A session token without its session cookie is not an anonymous token either.
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/v1/event-tracker', headers: { cookie: `csrf_token=${alices}`, 'x-csrf-token': alices }, payload: {} }));
  });

  it('replaces the pre-sign-in token at sign-in and the session token at sign-out', async () => {
    const u = await buildUser(t, { userType: 'customer' });
    const page = await t.app.inject({ method: 'GET', url: '/about' });
    const before = cookieOf(page, 'csrf_token')!.value;
    expect(before).toMatch(/^[\w-]{24}\.[\w-]{43}$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: { cookie: `csrf_token=${before}`, 'x-csrf-token': before },
      payload: { email: u.email, password: u.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const after = cookieOf(login, 'csrf_token')!.value;
    expect(after).not.toBe(before);
    const sid = `sid=${cookieOf(login, 'sid')!.value}`;
    expectRefused(await t.app.inject(addHost({ cookie: `csrf_token=${before}; ${sid}`, 'x-csrf-token': before })));
    expect((await t.app.inject(addHost({ cookie: `csrf_token=${after}; ${sid}`, 'x-csrf-token': after }))).statusCode).toBe(200);
    // A page of the signed-in visitor keeps the valid token (no new cookie).
    const mine = await t.app.inject({ method: 'GET', url: '/about', headers: { cookie: `csrf_token=${after}; ${sid}` } });
    expect(cookieOf(mine, 'csrf_token')).toBeUndefined();
    // …and replaces a stale one with a token for the session.
    const healed = cookieOf(await t.app.inject({ method: 'GET', url: '/about', headers: { cookie: `csrf_token=${before}; ${sid}` } }), 'csrf_token')!.value;
    expect((await t.app.inject(addHost({ cookie: `csrf_token=${healed}; ${sid}`, 'x-csrf-token': healed }))).statusCode).toBe(200);

    const logout = await t.app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers: { cookie: `csrf_token=${after}; ${sid}`, 'x-csrf-token': after } });
    expect(logout.statusCode).toBe(200);
    const anonymous = cookieOf(logout, 'csrf_token')!.value;
    expect(anonymous).not.toBe(after);
    const again = { email: u.email, password: u.password };
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: { cookie: `csrf_token=${after}`, 'x-csrf-token': after }, payload: again }));
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: { cookie: `csrf_token=${anonymous}`, 'x-csrf-token': anonymous }, payload: again })).statusCode).toBe(200);
  });

  it('gives a cached page a fresh anonymous token unless the visitor has a valid one', async () => {
    await t.app.inject({ method: 'GET', url: '/pricing' });
    const valid = csrfTokenFor(t);
    const kept = await t.app.inject({ method: 'GET', url: '/pricing', headers: { cookie: `csrf_token=${valid}` } });
    expect(kept.headers['set-cookie']).toBeUndefined();
    for (const bad of ['test-csrf-token-0123456789abcdefghij', csrfTokenFor(t, await sessionCookieFor(t, (await buildUser(t)).id))]) {
      const res = await t.app.inject({ method: 'GET', url: '/pricing', headers: { cookie: `csrf_token=${bad}` } });
      const issued = cookieOf(res, 'csrf_token')!.value;
      expect(issued).not.toBe(bad);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/event-tracker', headers: { cookie: `csrf_token=${issued}`, 'x-csrf-token': issued }, payload: {} })).statusCode).not.toBe(403);
    }
  });
});

describe('__Host- cookies over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMITS: 'false', TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());
  const https = { 'x-forwarded-proto': 'https' };

  it('names the cookies __Host-sid and __Host-csrf_token with Secure, Path=/ and no Domain; sign-in and mutations work', async () => {
    const u = await buildUser(t, { userType: 'customer' });
    const page = await t.app.inject({ method: 'GET', url: '/about', headers: https });
    expect(cookieOf(page, 'csrf_token')).toBeUndefined();
    const csrf = cookieOf(page, '__Host-csrf_token')!;
    expect(csrf).toMatchObject({ secure: true, path: '/', sameSite: 'Lax' });
    expect(csrf.domain).toBeUndefined();
    // A cached answer (page cache hit path) names it alike.
    await t.app.inject({ method: 'GET', url: '/pricing', headers: https });
    const cached = await t.app.inject({ method: 'GET', url: '/pricing', headers: https });
    expect(String(cached.headers['set-cookie'])).toMatch(/^__Host-csrf_token=[\w-]{24}\.[\w-]{43}; Path=\/; SameSite=Lax; Secure$/);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      headers: { ...https, cookie: `__Host-csrf_token=${csrf.value}`, 'x-csrf-token': csrf.value },
      payload: { email: u.email, password: u.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const sid = cookieOf(login, '__Host-sid')!;
    expect(sid).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(sid.domain).toBeUndefined();
    expect(cookieOf(login, 'sid')).toBeUndefined();
    const token = cookieOf(login, '__Host-csrf_token')!;
    expect(token).toMatchObject({ secure: true, path: '/' });
    expect(token.value).not.toBe(csrf.value);

    const browser = { ...https, cookie: `__Host-csrf_token=${token.value}; __Host-sid=${sid.value}`, 'x-csrf-token': token.value };
    expect((await t.app.inject(addHost(browser))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/user', headers: browser })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/pricing', headers: browser })).body).toContain('"hasSession":true');
    // The pre-sign-in token is refused with the new session.
    expectRefused(await t.app.inject(addHost({ ...browser, cookie: `__Host-csrf_token=${csrf.value}; __Host-sid=${sid.value}`, 'x-csrf-token': csrf.value })));
    // Over https the unprefixed names are not read: a planted `sid`/`csrf_token` counts for nothing.
    const plain = { ...https, cookie: `csrf_token=${token.value}; sid=${sid.value}`, 'x-csrf-token': token.value };
    expectRefused(await t.app.inject(addHost(plain)));
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/user', headers: plain })).statusCode).toBe(401);

    const logout = await t.app.inject({ method: 'POST', url: '/api/v2/auth/logout', headers: browser });
    expect(logout.statusCode).toBe(200);
    expect(cookieOf(logout, '__Host-sid')).toMatchObject({ value: '', path: '/', secure: true });
  });

  it('signs the worker socket in with __Host-sid, not with a plain sid', async () => {
    const worker = await buildUser(t, { userType: 'worker' });
    const login = await t.app.inject({ method: 'POST', url: '/api/v2/auth/login', headers: browserHeaders(t, undefined, { https: true }), payload: { email: worker.email, password: worker.password } });
    const sid = cookieOf(login, '__Host-sid')!.value;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    /** Whether the socket was refused as unauthenticated within a moment. */
    const refused = (cookie: string) => new Promise<boolean>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { ...https, cookie } });
      const timer = setTimeout(() => (socket.close(), resolve(false)), 1500);
      const unauthenticated = () => {
        clearTimeout(timer);
        socket.close();
        resolve(true);
      };
      socket.on('message', (data) => {
        if (String(data).includes('UNAUTHENTICATED')) unauthenticated();
      });
      socket.on('close', (code) => {
        if (code === 4401) unauthenticated();
      });
      socket.on('error', reject);
    });
    expect(await refused(`__Host-sid=${encodeURIComponent(sid)}`)).toBe(false);
    expect(await refused(`sid=${encodeURIComponent(sid)}`)).toBe(true);
  });

  it('uses the __Host- names for every request when PUBLIC_URL is https', async () => {
    const published = await buildTestApp({ RATE_LIMITS: 'false', PUBLIC_URL: 'https://localhost:3000' });
    try {
      const u = await buildUser(published, { userType: 'customer' });
      const page = await published.app.inject({ method: 'GET', url: '/about' });
      const csrf = cookieOf(page, '__Host-csrf_token')!;
      expect(csrf.secure).toBe(true);
      const login = await published.app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        headers: { cookie: `__Host-csrf_token=${csrf.value}`, 'x-csrf-token': csrf.value },
        payload: { email: u.email, password: u.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      const session = `__Host-sid=${cookieOf(login, '__Host-sid')!.value}`;
      const headers = browserHeaders(published, session, { https: true });
      expect((await published.app.inject(addHost(headers))).statusCode).toBe(200);
    } finally {
      await published.close();
    }
  });
});
