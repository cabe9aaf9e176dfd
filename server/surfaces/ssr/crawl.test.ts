/**
 * The whole public site crawled in process (issue 20 #3, spec §2 Languages): from the home page of
 * each host and from every language's sitemap, every internal link is followed. The site passes
 * when no link is broken, every page has one canonical that is a 200 page canonical to itself,
 * `hreflang` alternates point back to each other with an English x-default, the sitemaps list
 * exactly self-canonical pages with the same alternates as the pages, and titles and descriptions
 * are present and never shared by two indexable pages of one language.
 *
 * Figures (pages, time) are printed; `npx vitest run server/surfaces/ssr/crawl.test.ts`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DIR } from '#server/lib/root.ts';
import { EXTENSION_ZIP } from '#server/surfaces/site-api/demo.routes.ts';
import { importSeedContent } from '#server/modules/content/seed.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { crawl, parseSitemap, type Visit } from '#server/test/crawler.ts';

const ORIGINS = ['http://localhost:3000'];

let t: TestApp;
let visits: Map<string, Visit>;
let aliases: Map<string, string>;
/** Per language sitemap URL: its entries. */
const sitemaps = new Map<string, ReturnType<typeof parseSitemap>['urls']>();

const get = async (url: string) => {
  const u = new URL(url);
  return t.app.inject({ method: 'GET', url: u.pathname + u.search, headers: { host: u.host } });
};

beforeAll(async () => {
  const started = Date.now();
  // Rendered as in production: Redux Toolkit's development-only state checks cost 30–200 ms a page.
  process.env.NODE_ENV = 'production';
  // One international host, as deployed by default (canonicals across the Russian and Chinese hosts: ssr.test.ts).
  // No page cache: every URL is rendered once anyway, and storing would compress each page for nothing.
  t = await buildTestApp({ RATE_LIMITS: 'false', PAGE_CACHE: 'false' });
  await importSeedContent({ db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer });
  const start: { url: string; from: string }[] = ORIGINS.map((o) => ({ url: `${o}/`, from: 'start' }));
  for (const origin of ORIGINS) {
    const index = await get(`${origin}/sitemap.xml`);
    expect(index.statusCode, origin).toBe(200);
    for (const sitemap of parseSitemap(index.body).sitemaps) {
      const res = await get(sitemap);
      expect(res.statusCode, sitemap).toBe(200);
      const { urls } = parseSitemap(res.body);
      sitemaps.set(sitemap, urls);
      for (const u of urls) start.push({ url: u.loc, from: sitemap });
    }
  }
  ({ visits, aliases } = await crawl(t.app, {
    origins: ORIGINS,
    start,
    limit: Number(process.env.CRAWL_LIMIT ?? 20_000),
    onVisit: (v, queued) => {
      if (process.env.CRAWL_PROGRESS) process.stdout.write(`${((Date.now() - started) / 1000).toFixed(1)} ${v.status} ${v.url} ${queued}\n`);
    },
  }));
  const pages = [...visits.values()].filter((v) => v.html && v.status === 200);
  process.stdout.write(`crawl: ${visits.size} URLs fetched, ${pages.length} HTML pages, ${sitemaps.size} sitemaps, ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}, 1_500_000);
afterAll(async () => {
  process.env.NODE_ENV = 'test';
  await t?.close();
});

const pages = () => [...visits.values()].filter((v) => v.html && v.status === 200);
/** Pages that are their own canonical: what a search engine indexes. */
const canonicalPages = () => pages().filter((v) => v.canonicals.length === 1 && v.canonicals[0] === v.url);
/** The visit of a URL, or of the query variant fetched in its place. */
const visitOf = (url: string) => visits.get(url) ?? visits.get(aliases.get(url) ?? '');
/** Follows redirects to the final visit. */
function settle(url: string): Visit | undefined {
  let v = visitOf(url);
  for (let hops = 0; v?.location && hops < 5; hops++) v = visitOf(v.location);
  return v;
}

describe('the crawled site', () => {
  it('reaches the pages of every language a page declares', () => {
    expect(sitemaps.size).toBeGreaterThanOrEqual(3);
    expect(canonicalPages().length).toBeGreaterThan(300);
  });

  it('has no broken internal link: every URL answers, redirects end on a page', () => {
    // The extension's zip is made by `npm run build`: before a build its download link answers 404 by design.
    const unbuilt = (v: Visit) => v.status === 404 && new URL(v.url).pathname === '/api/v1/captcha-bypass-extension/download' && !existsSync(path.join(CLIENT_DIR, EXTENSION_ZIP));
    const broken = [...visits.values()]
      .filter((v) => !unbuilt(v) && (v.status >= 400 || (v.location && !(settle(v.url)?.status === 200))))
      .map((v) => `${v.status} ${v.url} (from ${v.from})`);
    expect(broken).toEqual([]);
  });

  it('every page has exactly one canonical, a 200 page that is its own canonical', () => {
    const problems: string[] = [];
    for (const v of pages()) {
      if (v.canonicals.length !== 1) {
        problems.push(`${v.url}: ${v.canonicals.length} canonicals`);
        continue;
      }
      const target = visits.get(v.canonicals[0]!);
      if (!target || target.status !== 200) problems.push(`${v.url}: canonical ${v.canonicals[0]} answers ${target?.status ?? 'unfetched'}`);
      else if (target.canonicals[0] !== target.url) problems.push(`${v.url}: canonical ${target.url} is canonical to ${target.canonicals[0]}`);
    }
    expect(problems).toEqual([]);
  });

  it('hreflang alternates name the page itself, point back to each other and have an English x-default', () => {
    const problems: string[] = [];
    for (const v of canonicalPages()) {
      const self = v.alternates.find((a) => a.href === v.url);
      if (!self || self.hreflang !== v.lang) problems.push(`${v.url}: not among its own alternates as ${v.lang}`);
      const en = v.alternates.find((a) => a.hreflang === 'en');
      const xDefault = v.alternates.filter((a) => a.hreflang === 'x-default');
      if (en && (xDefault.length !== 1 || xDefault[0]!.href !== en.href)) problems.push(`${v.url}: x-default is not the English page`);
      for (const a of v.alternates) {
        if (a.hreflang === 'x-default') continue;
        const other = visits.get(a.href);
        if (!other || other.status !== 200) {
          problems.push(`${v.url}: alternate ${a.hreflang} ${a.href} answers ${other?.status ?? 'unfetched'}`);
          continue;
        }
        if (other.canonicals[0] !== other.url) problems.push(`${v.url}: alternate ${a.href} is canonical to ${other.canonicals[0]}`);
        if (other.lang !== a.hreflang) problems.push(`${v.url}: alternate ${a.href} is in ${other.lang}, not ${a.hreflang}`);
        if (!other.alternates.some((b) => b.href === v.url && b.hreflang === v.lang)) problems.push(`${v.url}: ${a.href} does not point back`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the sitemaps list self-canonical pages of their language with the pages’ own alternates', () => {
    const problems: string[] = [];
    const listed = new Set<string>();
    for (const [sitemap, urls] of sitemaps) {
      const lang = /sitemap-([a-z]{2})\.xml$/.exec(sitemap)![1];
      for (const u of urls) {
        listed.add(u.loc);
        const v = visits.get(u.loc);
        if (!v || v.status !== 200) problems.push(`${sitemap}: ${u.loc} answers ${v?.status}`);
        else if (v.canonicals[0] !== v.url) problems.push(`${sitemap}: ${u.loc} is canonical to ${v.canonicals[0]}`);
        else if (v.lang !== lang) problems.push(`${sitemap}: ${u.loc} is in ${v.lang}`);
        else {
          const key = (xs: { hreflang: string; href: string }[]) => xs.map((a) => `${a.hreflang} ${a.href}`).sort().join('\n');
          if (key(u.alternates) !== key(v.alternates)) problems.push(`${sitemap}: ${u.loc} alternates differ from the page's`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Every indexable page reached by links is in a sitemap.
    const missing = canonicalPages().filter((v) => !v.noindex && !listed.has(v.url)).map((v) => v.url);
    expect(missing).toEqual([]);
  });

  it('titles and descriptions are present and unique per language among indexable pages', () => {
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const v of canonicalPages().filter((p) => !p.noindex)) {
      if (!v.title) problems.push(`${v.url}: no title`);
      if (!v.description) problems.push(`${v.url}: no description`);
      for (const [kind, text] of [['title', v.title], ['description', v.description]] as const) {
        if (!text) continue;
        const key = `${v.lang} ${kind} ${text}`;
        const first = seen.get(key);
        if (first) problems.push(`${v.url}: same ${kind} as ${first}: "${text}"`);
        else seen.set(key, v.url);
      }
    }
    expect(problems).toEqual([]);
  });
});
