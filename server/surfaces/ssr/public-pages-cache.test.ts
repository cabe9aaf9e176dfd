/**
 * Every public page stays inside the rendered-page cache for anonymous visitors (issue 20 #4):
 * a page added to web/routes.ts as public, in any language it declares, is answered by the
 * page-rendering catch-all (no other route shadows it), is stored on its first anonymous view
 * with the shareable cache headers, and its next view is served from the cache.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localizedPath } from '#shared/i18n/routing.ts';
import { importSeedContent, SEED_DIR } from '#server/modules/content/seed.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { csrfTokenFor } from '#server/test/factories.ts';
import { PAGES, type PageDef } from '#web/routes.ts';
import { FRESH_MS, PageCache } from './page-cache.ts';

const PUBLIC = PAGES.filter((p) => p.access.kind === 'public');

/** The seeded starter articles' collection behind each content path (server/modules/content/seed/). */
const ARTICLE_LISTS: Record<string, string> = { '/blog': 'blog', '/h': 'tutorials', '/software/blog': 'software', '/support/faq': 'faq', '/kb': 'kb' };

/**
 * Parametrised public pages whose parameter names a record the test does not create: they are
 * checked for routing (every language) but not rendered. A page added here needs a reason.
 */
const NOT_RENDERED = new Map<string, string>([
  ['auth-check-remind', 'a one-time link: an unknown hash is an error answer, not a page'],
  ['auth-check-key', 'a one-time link: an unknown hash is an error answer, not a page'],
  ['auth-edit-purse', 'a one-time link: an unknown hash is an error answer, not a page'],
  ['auth-change-email', 'a one-time link: an unknown hash is an error answer, not a page'],
  ['auth-delete-email', 'a one-time link: an unknown hash is an error answer, not a page'],
  ['pay-sandbox-checkout', 'a payment reference of one visitor (never shared)'],
  ['software-item', 'needs an approved software listing'],
  ['software-statistic', 'needs an approved software listing'],
]);

let t: TestApp;
let slugs: Map<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  await importSeedContent({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
  slugs = new Map();
  for (const [list, collection] of Object.entries(ARTICLE_LISTS)) {
    const english = readdirSync(path.join(SEED_DIR, collection)).filter((f) => f.endsWith('.en.md')).sort();
    if (english[0]) slugs.set(list, english[0].slice(0, -'.en.md'.length));
  }
}, 120_000);
afterAll(() => t.close());

/** The page's URL in English (or its first language), parameters filled; null when not rendered here. */
function sampleUrl(page: PageDef): string | null {
  if (NOT_RENDERED.has(page.id)) return null;
  let path = page.path;
  if (path.endsWith('/:slug')) {
    const slug = slugs.get(path.slice(0, -'/:slug'.length));
    if (!slug) return null;
    path = path.replace(':slug', slug);
  }
  if (path.includes(':')) throw new Error(`${page.id} (${page.path}): give it a sample parameter or a NOT_RENDERED reason`);
  return localizedPath(page.languages.includes('en') ? 'en' : page.languages[0]!, path);
}

describe('public pages and the rendered-page cache', () => {
  it('found the starter articles the article pages are rendered with', () => {
    expect([...slugs.keys()].sort()).toEqual(Object.keys(ARTICLE_LISTS).sort());
  });

  it('routes every public page, in every language it declares, to the caching page renderer', () => {
    const renderer = t.app.findRoute({ method: 'GET', url: '/about' })?.handler;
    expect(renderer).toBeDefined();
    const shadowed: string[] = [];
    for (const page of PUBLIC) {
      for (const lang of page.languages) {
        const url = localizedPath(lang, page.path.replace(/:(\w+)/g, 'sample-$1'));
        if (t.app.findRoute({ method: 'GET', url })?.handler !== renderer) shadowed.push(url);
      }
    }
    expect(shadowed).toEqual([]);
  });

  // One test per public page: the first anonymous view is stored, the next one is a cache hit.
  const rendered = PUBLIC.filter((p) => !NOT_RENDERED.has(p.id));
  it.each(rendered.map((p) => [p.id, p] as const))('%s: the anonymous view is cached', async (_id, page) => {
    const url = sampleUrl(page);
    expect(url, `${page.id} has no sample URL (its articles are missing)`).not.toBeNull();
    const headers = { cookie: `csrf_token=${csrfTokenFor(t)}`, 'accept-language': 'en' };
    // Live data may legitimately drop an entry between two views (a catalogue change notification,
    // the load-driven price past its freshness bound on a busy machine): then the pair is tried
    // again. A page that is never stored, or never answered from the store, fails all three.
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const first = await t.app.inject({ method: 'GET', url: url!, headers });
      expect(first.statusCode, url!).toBe(200);
      expect(first.headers['cache-control'], `${url} was rendered but not stored`).toBe(`public, max-age=0, s-maxage=${FRESH_MS / 1000}`);
      expect(first.headers.etag).toBeTruthy();
      const get = vi.spyOn(PageCache.prototype, 'get');
      try {
        const second = await t.app.inject({ method: 'GET', url: url!, headers });
        expect(second.statusCode).toBe(200);
        const hit = get.mock.results.some((r) => r.type === 'return' && r.value !== null);
        if (hit && second.headers.etag === first.headers.etag) return;
        outcomes.push(`hit ${hit}, etag ${String(first.headers.etag)} then ${String(second.headers.etag)}`);
      } finally {
        get.mockRestore();
      }
    }
    expect.fail(`${url} was not answered from the cache: ${outcomes.join('; ')}`);
  });
});
