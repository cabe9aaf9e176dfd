import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { CACHE_TTL_MS, disabledTypes } from './catalog.service.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let customer: Awaited<ReturnType<typeof buildUser>>;
let adminHeaders: Record<string, string>;
const png = makePng().toString('base64');

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  admin = await buildUser(t, { admin: true });
  customer = await buildUser(t, { balance: '10.00' });
  adminHeaders = browserHeaders(t, await sessionCookieFor(t, admin.id));
});
afterAll(() => t.close());

const list = () => t.app.inject({ method: 'GET', url: '/api/v2/admin/captcha-types', headers: adminHeaders });
const setEnabled = (slug: string, enabled: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/v2/admin/captcha-types/${slug}`, headers: adminHeaders, payload: { enabled } });
const submitV1 = (json = false) => t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, method: 'base64', body: png, ...(json ? { json: 1 } : {}) } });
const submitV2 = () => t.app.inject({ method: 'POST', url: '/createTask', payload: { clientKey: customer.apiKey, task: { type: 'ImageToTextTask', body: png } } });

describe('captcha type switches', () => {
  it('lists every registry type, enabled, with its live price and queue', async () => {
    await submitV1();
    const res = await list();
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { slug: string; enabled: boolean; pricePer1000: string; queued: number; updatedAt: string | null }[];
    expect(rows.map((r) => r.slug)).toEqual(CAPTCHA_TYPES.map((d) => d.slug));
    expect(rows).toHaveLength(39);
    expect(rows.every((r) => r.enabled && r.updatedAt === null)).toBe(true);
    const normal = rows.find((r) => r.slug === 'normal')!;
    expect(normal.pricePer1000).toMatch(/^\d+\.\d{2,6}$/);
    expect(normal.queued).toBe(1);
  });

  it('refuses submissions of a switched-off type with the documented codes, and takes them again when on', async () => {
    const off = await setEnabled('normal', false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ slug: 'normal', enabled: false, updatedBy: admin.id, updatedAt: expect.any(String) });

    expect((await submitV1()).body).toBe('ERROR_BAD_PARAMETERS');
    expect((await submitV1(true)).json()).toEqual({ status: 0, request: 'ERROR_BAD_PARAMETERS', error_text: 'Required parameters are missing or malformed.' });
    expect((await submitV2()).json()).toEqual({ errorId: 23, errorCode: 'ERROR_TASK_NOT_SUPPORTED', errorDescription: 'This task type is not supported or is disabled.' });
    // Other types are unaffected.
    const text = await t.app.inject({ method: 'POST', url: '/in.php', payload: { key: customer.apiKey, textcaptcha: 'What is 2+2?' } });
    expect(text.body).toMatch(/^OK\|\d+$/);
    // getQueueStats leaves the switched-off type out (one normal task is queued from the first test).
    expect((await t.app.inject({ method: 'POST', url: '/getQueueStats', payload: {} })).json()).toMatchObject({ errorId: 0, waiting: 1 });

    expect((await setEnabled('normal', true)).json()).toMatchObject({ enabled: true });
    expect((await submitV1()).body).toMatch(/^OK\|\d+$/);
    expect((await submitV2()).json()).toEqual({ errorId: 0, taskId: expect.any(Number) });
  });

  it('answers 404 for an unknown slug and 400 for a bad body', async () => {
    expect((await setEnabled('no_such_type', false)).json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await setEnabled('normal', 'nope')).statusCode).toBe(400);
    expect((await setEnabled('Bad Slug!', false)).statusCode).toBe(400);
  });

  it('picks up a switch made elsewhere through the NOTIFY, before the cache would expire', async () => {
    const ctx = { db: t.database.db };
    expect((await disabledTypes(ctx)).has('rotate')).toBe(false);
    // Another node's write: the row and the notification, without this node's service.
    await t.database.db.execute(sql`insert into captcha_type_settings (slug, enabled) values ('rotate', false)`);
    await t.database.db.execute(sql`select pg_notify('catalog', 'rotate')`);
    const started = Date.now();
    while (!(await disabledTypes(ctx)).has('rotate')) {
      expect(Date.now() - started).toBeLessThan(CACHE_TTL_MS);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two nodes sharing one PostgreSQL', () => {
  it('a switch on node A refuses submissions on node B at once', async () => {
    const dbB = await openDatabase({ databaseUrl: t.database.url!, migrate: false, poolSize: 2 });
    const nodeB = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: t.config.DATA_DIR, RATE_LIMITS: 'false' }), database: dbB, logger: false });
    try {
      const submitB = () => nodeB.inject({ method: 'POST', url: '/createTask', payload: { clientKey: customer.apiKey, task: { type: 'ImageToTextTask', body: png } } });
      expect((await submitB()).json()).toMatchObject({ errorId: 0 });
      await setEnabled('normal', false);
      const started = Date.now();
      while ((await submitB()).json().errorId === 0) {
        expect(Date.now() - started).toBeLessThan(1_000);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await submitB()).json()).toMatchObject({ errorId: 23 });
      await setEnabled('normal', true);
    } finally {
      await nodeB.close();
      await dbB.close();
    }
  });
});
