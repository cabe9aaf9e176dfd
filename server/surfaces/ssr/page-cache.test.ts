import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, csrfTokenFor, sessionCookieFor } from '#server/test/factories.ts';
import { callRead } from '#server/surfaces/site-api/reads.ts';
import { FRESH_MS, PageCache } from './page-cache.ts';

/** The rendered-page cache (page-cache.ts) on the real test database. */
let t: TestApp;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false', RU_URL: 'http://ru.localhost:3000' });
  const admin = await buildUser(t, { admin: true });
  adminHeaders = browserHeaders(t, await sessionCookieFor(t, admin.id));
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
  t.app.market.set({}, 1);
});

/** An anonymous visitor who already has a valid CSRF cookie (so the answer is the shareable one). */
let anonymous: { cookie: string };
beforeAll(() => {
  anonymous = { cookie: `csrf_token=${csrfTokenFor(t)}` };
});
const get = (url: string, headers: Record<string, string> = anonymous) => t.app.inject({ method: 'GET', url, headers });
const price = (page: string, slug: string) => new RegExp(`data-testid="price-${slug}">([^<]+)<`).exec(page)?.[1];
const setEnabled = (slug: string, enabled: boolean) =>
  t.app.inject({ method: 'PUT', url: `/api/v2/admin/captcha-types/${slug}`, headers: adminHeaders, payload: { enabled } });

describe('rendered-page cache', () => {
  it('answers a repeat anonymous view from the cache: same bytes, strong ETag, Vary, Cache-Control, 304', async () => {
    const first = await get('/about');
    const second = await get('/about');
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const etag = String(second.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.vary).toBe('Accept-Encoding, Accept-Language, Cookie');
    expect(second.headers['cache-control']).toBe(`public, max-age=0, s-maxage=${FRESH_MS / 1000}`);
    expect(second.headers['x-content-type-options']).toBe('nosniff'); // helmet's headers are kept with the entry
    const revalidated = await get('/about', { ...anonymous, 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect((await get('/about', { ...anonymous, 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers concurrent first views of a page from one render', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/for-customer')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
  });

  it('serves br and gzip variants of the same page, each with its own ETag', async () => {
    const plain = await get('/pricing');
    const br = await t.app.inject({ method: 'GET', url: '/pricing', headers: { ...anonymous, 'accept-encoding': 'br, gzip' } });
    const gz = await t.app.inject({ method: 'GET', url: '/pricing', headers: { ...anonymous, 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
  });

  it('allows exactly the inline bootstrap script by its sha256, never by a nonce', async () => {
    await get('/');
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('nonce-');
    expect(res.body).not.toContain('nonce=');
    // Executable inline scripts (JSON-LD data blocks are not run): exactly the bootstrap, allowed by its hash.
    const inline = [...res.body.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain('window.__APP__=');
    expect(res.body).toContain('<script type="application/ld+json">');
    const hashes = csp.match(/'sha256-[^']+'/g) ?? [];
    expect(hashes).toEqual([`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`]);
  });

  it('keeps the CSRF cookie out of cached bytes: a visitor without one gets a fresh one on a private answer', async () => {
    await get('/about');
    const [a, b] = [await get('/about', {}), await get('/about', {})];
    const token = (r: typeof a) => r.cookies.find((c) => c.name === 'csrf_token')?.value;
    expect(token(a)).toBeTruthy();
    expect(token(b)).toBeTruthy();
    expect(token(a)).not.toBe(token(b));
    expect(a.headers['cache-control']).toBe('private, no-cache');
    expect(a.body).toBe((await get('/about')).body);
    expect(a.body).not.toContain(token(a)!);
  });

  it('drops a type switched off from the cached home page at once (catalog change notification)', async () => {
    const before = await get('/');
    expect(price(before.body, 'recaptcha_v2')).toBeDefined();
    expect((await get('/')).body).toBe(before.body);
    expect((await setEnabled('recaptcha_v2', false)).statusCode).toBe(200);
    const after = await get('/');
    expect(price(after.body, 'recaptcha_v2')).toBeUndefined();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await setEnabled('recaptcha_v2', true)).statusCode).toBe(200);
    expect(price((await get('/')).body, 'recaptcha_v2')).toBeDefined();
  });

  it('follows the load-driven live price within the freshness bound', async () => {
    const before = price((await get('/pricing')).body, 'normal');
    expect(before).toBe('$0.50');
    t.app.market.set({ normal: 8 }, 1);
    // Within the bound the cached page may still show the old price…
    expect(price((await get('/pricing')).body, 'normal')).toBe(before);
    // …and past it the page is rendered again with the live one.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + FRESH_MS + 1);
    const after = price((await get('/pricing')).body, 'normal');
    expect(after).not.toBe(before);
  });

  it('keys by host, language, accept-language and the banner cookie', async () => {
    const en = await get('/about', { ...anonymous, 'accept-language': 'en' });
    const ruSpeaker = await get('/about', { ...anonymous, 'accept-language': 'ru-RU' });
    expect(en.body).toContain('data-testid="service-banner"');
    expect(ruSpeaker.body).not.toContain('data-testid="service-banner"');
    const ruHost = await get('/about', { ...anonymous, host: 'ru.localhost:3000' });
    expect(ruHost.body).toContain('<html lang="ru"');
    expect(ruHost.body).toContain('data-testid="foreign-visitor-banner"');
    const dismissed = await get('/about', { host: 'ru.localhost:3000', cookie: `${anonymous.cookie}; foreign_banner_dismissed=1` });
    expect(dismissed.body).not.toContain('data-testid="foreign-visitor-banner"');
    expect((await get('/ru/about')).body).toContain('<html lang="ru"');
  });

  it('never gives a signed-in visitor a cached page, nor stores theirs', async () => {
    const customer = await buildUser(t, { userType: 'customer' });
    const other = await buildUser(t, { userType: 'customer' });
    const signedIn = { cookie: browserHeaders(t, await sessionCookieFor(t, customer.id)).cookie };
    const anon = await get('/pricing');
    await get('/pricing');
    const mine = await get('/pricing', signedIn);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect(mine.body).not.toBe(anon.body);
    expect(mine.body).toContain('"hasSession":true');
    // The signed-in render was not stored: anonymous visitors still get the anonymous page.
    expect((await get('/pricing')).body).toBe(anon.body);
    // Nor is one signed-in visitor's page handed to another.
    const theirs = await get('/pricing', { cookie: browserHeaders(t, await sessionCookieFor(t, other.id)).cookie });
    expect(theirs.body).not.toContain(customer.email);
    expect(theirs.headers['cache-control']).toBe('no-store');
  });

  it('never caches a page with per-visitor content (non-public routes), nor a 404', async () => {
    const dashboard = await get('/enterpage');
    expect(dashboard.statusCode).toBe(302);
    expect(String(dashboard.headers['cache-control'] ?? '')).not.toContain('public');
    expect(dashboard.headers.etag).toBeUndefined();
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();
  });

  it('bounds its memory by bytes, dropping the least recently used page first', () => {
    const cache = new PageCache(3000, 60_000, 60_000);
    const empty = { body: Buffer.alloc(0), headers: {}, flat: [] };
    const entry = (bytes: number) => ({ headers: {}, hash: 'h', identity: empty, br: empty, gzip: empty, bytes, storedAt: Date.now(), refreshing: false });
    cache.set('a', entry(1000), cache.generation);
    cache.set('b', entry(1000), cache.generation);
    cache.get('a');
    cache.set('c', entry(1500), cache.generation);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.usedBytes).toBeLessThanOrEqual(3000);
    const stale = cache.generation;
    cache.clear();
    cache.set('d', entry(10), stale); // rendered before the change: not stored
    expect(cache.size).toBe(0);
  });
});

describe('in-process reads (the renderer\'s transport)', () => {
  const ctx = () => ({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer, market: t.app.market });
  it.each([
    ['/api/v2/customer/prices', 'currency=RUB'],
    ['/api/v2/customer/prices', 'currency=XXX'],
    ['/api/v2/user', ''],
    ['/api/v2/public_statistics/graph/nope', ''],
    ['/api/v2/no-such-read', ''],
  ])('answers GET %s?%s with the HTTP route\'s status and JSON', async (path, search) => {
    const http = await t.app.inject({ method: 'GET', url: `${path}?${search}` });
    const direct = await callRead(ctx(), null, path, new URLSearchParams(search));
    expect(direct.status).toBe(http.statusCode);
    const body = http.json() as { error?: { code: string } };
    if (body.error) expect((direct.body as typeof body).error?.code).toBe(body.error.code);
    else expect(direct.body).toEqual(body);
  });
});

describe('PAGE_CACHE=false', () => {
  it('renders every request', async () => {
    const off = await buildTestApp({ PAGE_CACHE: 'false' });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/about', headers: anonymous });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});
