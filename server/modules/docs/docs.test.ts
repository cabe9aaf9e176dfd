/**
 * The documentation endpoints and the tables they carry: generated for every registry type in
 * every language, the same through HTTP and through the page renderer's in-process read, and
 * complete against the compat surface's error table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import type { DocsIndex, TypeDoc } from '#shared/contracts/api-docs.ts';
import { callRead } from '#server/surfaces/site-api/reads.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { COMPAT_CODES, DOCUMENTED_CODES } from './errors.ts';
import { hasDocText } from './texts.ts';
import { paramRows } from './params.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
};

describe('GET /api/v1/api-docs/{slug}', () => {
  it.each(CAPTCHA_TYPES.map((d) => d.slug))('%s: both versions, tables, examples and 8 samples each', async (slug) => {
    const { status, body } = await get<TypeDoc>(`/api/v1/api-docs/${slug}?language=en`);
    expect(status).toBe(200);
    expect(body.slug).toBe(slug);
    for (const version of [body.v1!, body.v2!]) {
      expect(version.params.length).toBeGreaterThan(0);
      for (const p of version.params) expect(p.description, `${slug} ${p.name}`).not.toMatch(/^(fields|inputs)\./);
      expect(Object.keys(version.samples)).toHaveLength(8);
      expect(version.errors.length).toBeGreaterThan(0);
    }
    expect(body.v1!.answer.plain).toMatch(/^OK\|/);
    expect(body.v2!.answer.json).toMatchObject({ errorId: 0, status: 'ready' });
  });

  it('answers in the asked language, one version when asked, and 404 for an unknown slug', async () => {
    const ru = await get<TypeDoc>('/api/v1/api-docs/recaptcha_v2?language=ru&version=v2');
    expect(ru.body.v1).toBeUndefined();
    expect(ru.body.v2!.params.find((p) => p.name === 'websiteURL')!.description).toBe('Полный адрес страницы с капчей, начиная с http:// или https://.');
    const zh = await get<TypeDoc>('/api/v1/api-docs/normal?language=zh');
    expect(zh.body.purpose).toContain('工人');
    const fallback = await get<TypeDoc>('/api/v1/api-docs/normal?language=de');
    expect(fallback.body.purpose).toBe('A picture with distorted text: the worker types what it shows.');
    expect((await get('/api/v1/api-docs/no_such_type')).status).toBe(404);
    expect((await get('/api/v1/api-docs/Bad%20Slug')).status).toBe(400);
  });

  it('carries the live price of the type', async () => {
    const { body } = await get<TypeDoc>('/api/v1/api-docs/normal');
    const prices = await get<{ types: { slug: string; per1000: string }[] }>('/api/v2/customer/prices?currency=USD');
    expect(body.price?.per1000).toBe(prices.body.types.find((p) => p.slug === 'normal')!.per1000);
  });

  it('the page renderer gets the same JSON in process', async () => {
    const ctx = { db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer };
    const inProcess = await callRead(ctx, null, '/api/v1/api-docs/hcaptcha', new URLSearchParams('language=ru'));
    const http = await get<TypeDoc>('/api/v1/api-docs/hcaptcha?language=ru');
    expect(inProcess).toEqual({ status: 200, body: http.body });
  });
});

describe('GET /api/v1/api-docs', () => {
  it('lists every type, family, error table, ban, language and the changelog', async () => {
    const { status, body } = await get<DocsIndex>('/api/v1/api-docs?language=en');
    expect(status).toBe(200);
    expect(body.types.map((x) => x.slug)).toEqual(CAPTCHA_TYPES.map((d) => d.slug));
    expect(body.families.flatMap((f) => f.slugs).sort()).toEqual(CAPTCHA_TYPES.map((d) => d.slug).sort());
    expect(body.bans.map((b) => b.code).sort()).toEqual(['ERROR: 1002', 'ERROR: 1003', 'ERROR: 1004', 'ERROR: 1005', 'MAX_USER_TURN']);
    expect(body.changelog[0]!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.languages.find((l) => l.code === 'en')).toMatchObject({ name: 'English', audio: true });
  });

  it('every code the server can answer is in the error tables, with an action, and nothing else is', async () => {
    expect([...DOCUMENTED_CODES].sort()).toEqual([...COMPAT_CODES].sort());
    const { body } = await get<DocsIndex>('/api/v1/api-docs');
    const v1 = new Set([...body.errors.inPhp, ...body.errors.resPhp].map((r) => r.code));
    for (const code of COMPAT_CODES) expect(v1.has(code), code).toBe(true);
    for (const row of [...body.errors.inPhp, ...body.errors.resPhp, ...body.errors.v2]) expect(row.action).not.toMatch(/^actions\./);
    expect(body.errors.v2.find((r) => r.code === 'ERROR_KEY_DOES_NOT_EXIST')?.errorId).toBe(1);
  });
});

describe('texts', () => {
  it('every generated description key exists in the catalogue', () => {
    for (const def of CAPTCHA_TYPES) {
      for (const version of ['v1', 'v2'] as const) {
        for (const row of paramRows(def, version)) expect(hasDocText(row.descKey), `${def.slug} ${row.descKey}`).toBe(true);
      }
      expect(hasDocText(`purpose.${def.slug}`)).toBe(true);
    }
  });
});
