/**
 * The live demo and recognition pages (issue 14) render on the server in en, ru and zh; the demo
 * page's HTML never carries a captcha (each is issued after hydration, single-use, so the page
 * cache cannot hand one captcha to two visitors); the recognition page's HTML carries the real
 * examples, or the empty state when there are none; each spec landing with a demo links to it.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMOS } from '#shared/demo/catalog.ts';
import { LANDINGS } from '#shared/landings/catalog.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

const catalog = (lang: string) => JSON.parse(readFileSync(`shared/i18n/locales/${lang}/demo.json`, 'utf8')) as { demos: Record<string, { name: string }>; recognition: { emptyTitle: string } };
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function html(url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

const LANGS = [
  ['en', ''],
  ['ru', '/ru'],
  ['zh', '/zh'],
] as const;

describe('demo pages', () => {
  it.each(LANGS.flatMap(([lang, prefix]) => DEMOS.map((d) => [`${prefix}/demo/${d.slug}`, lang, d.slug] as const)))('%s renders in %s without a captcha in the HTML', async (url, lang, slug) => {
    const page = await html(url);
    expect(page).toContain(`<html lang="${lang}"`);
    expect(page).toContain(escape(catalog(lang).demos[slug]!.name));
    expect(page).not.toContain('data:image/png;base64');
    expect(page).not.toContain('data-captchahub-demo');
  });

  it('an unknown demo is a 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/demo/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/captcha-recognition/hcaptcha' })).statusCode).toBe(404);
  });

  it('every landing that names a demo links to an existing demo page', async () => {
    for (const l of LANDINGS.filter((x) => x.demo)) {
      expect(DEMOS.some((d) => d.slug === l.demo), l.slug).toBe(true);
      expect(await html(`/p/${l.slug}`)).toContain(`href="/demo/${l.demo}"`);
    }
  });

  it('/captcha-recognition shows the empty state, then a real example in the HTML', async () => {
    for (const [lang, prefix] of LANGS) expect(await html(`${prefix}/captcha-recognition`)).toContain(escape(catalog(lang).recognition.emptyTitle));
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await t.database.db.execute(sql`insert into recognition_examples (slug, challenge_id, task_id, type, image, params, answer, solve_ms)
      values ('normal', 'c-ssr-test', 987654321, 'normal', ${png}, '{"method":"base64"}'::jsonb, 'w9h5k', 8300)`);
    const page = await html('/captcha-recognition/normal');
    expect(page).toContain('data-testid="recognition-example"');
    expect(page).toContain('w9h5k');
    expect(page).toContain(`data:image/png;base64,${png.toString('base64')}`);
    // (/zh/captcha-recognition itself may still be the page cache's copy of a few seconds ago)
    expect(await html('/zh/captcha-recognition/normal')).toContain('8.3 秒');
  });
});
