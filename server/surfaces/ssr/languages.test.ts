/**
 * Fifteen languages (issue 20): every page declared in a language other than English renders in
 * it on the server without a single English fallback or hard-coded English word, uses only the
 * namespaces it declares, and lists exactly its declared languages in the language switcher and
 * the hreflang alternates. A language a page does not declare redirects to English.
 *
 * LANGS=de,ja narrows the run to some languages (while translations are being written).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_TERMS } from '#shared/i18n/allowed-terms.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '#shared/i18n/languages.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { BASE_NAMESPACES, createI18n, watchLookups, type Lookup } from '#web/lib/i18n.ts';
import { formatPrice } from '#web/features/pricing/format.ts';
import { PAGES, type PageDef } from '#web/routes.ts';

const LOCALES = path.join(import.meta.dirname, '../../../shared/i18n/locales');
const only = process.env.LANGS?.split(',');

/** Pages declared in some language besides en, ru and zh, without path parameters. */
const MULTILINGUAL = PAGES.filter((p) => p.languages.length > 3 && !p.path.includes(':'));
const TESTED = LANGUAGES.filter((l) => l !== 'en' && MULTILINGUAL.some((p) => p.languages.includes(l)) && (!only || only.includes(l)));

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** Lower-case words (three letters or more) of a language's catalogues, placeholders and tags aside. */
function vocabulary(lang: string, namespaces?: readonly string[]): Set<string> {
  const dir = path.join(LOCALES, lang);
  const words = new Set<string>();
  if (!existsSync(dir)) return words;
  for (const file of readdirSync(dir)) {
    if (namespaces && !namespaces.includes(file.replace(/\.json$/, ''))) continue;
    for (const text of strings(JSON.parse(readFileSync(path.join(dir, file), 'utf8')))) {
      for (const w of text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' ').match(/\p{L}{3,}/gu) ?? []) words.add(w.toLowerCase());
    }
  }
  return words;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };
const decode = (s: string) => s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
  e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : (ENTITIES[e] ?? m));

/**
 * What a visitor reads: the title, the description, the body's text, and the alt, title,
 * aria-label and placeholder attributes. Scripts, styles, SVG and code samples are not prose.
 */
export function visibleText(html: string): string {
  const head = [/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '', /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ''];
  const body = (/<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html)
    .replace(/<(script|style|svg|code|pre)\b[\s\S]*?<\/\1>/g, ' ');
  const attributes = [...body.matchAll(/\s(?:alt|title|aria-label|placeholder)="([^"]*)"/g)].map((m) => m[1]!);
  return decode([...head, body.replace(/<[^>]+>/g, ' '), ...attributes].join(' ')).replace(/\s+/g, ' ');
}

let t: TestApp;
const lookups: Lookup[] = [];
let unwatch: () => void;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  unwatch = watchLookups((l) => lookups.push(l));
});
afterAll(async () => {
  unwatch();
  await t.close();
});

/** Allowed terms and the languages' own names (the switcher shows "English" on every page). */
const allowed = new Set([...ALLOWED_TERMS, ...Object.values(LANGUAGE_NAMES).flatMap((n) => n.split(' '))].map((w) => w.toLowerCase()));

/** Words in Latin letters only (three or more), not allowed terms: "Bestätigt" is not "Best". */
function englishWords(text: string): string[] {
  return (text.match(/\p{L}+/gu) ?? []).filter((w) => w.length >= 3 && /^[A-Za-z]+$/.test(w) && !allowed.has(w.toLowerCase()));
}

function url(lang: Language, page: PageDef) {
  return `/${lang}${page.path === '/' ? '/' : page.path}`;
}

describe.each(TESTED)('pages declared in %s', (lang) => {
  const pages = MULTILINGUAL.filter((p) => p.languages.includes(lang));
  const bodies = new Map<string, string>();

  it('render with every text in the language, none in English', async () => {
    const englishOnly = vocabulary('en');
    for (const w of vocabulary(lang)) englishOnly.delete(w);
    const problems: string[] = [];
    for (const page of pages) {
      lookups.length = 0;
      const res = await t.app.inject({ method: 'GET', url: url(lang, page) });
      if (res.statusCode !== 200) {
        problems.push(`${url(lang, page)}: status ${res.statusCode}`);
        continue;
      }
      bodies.set(page.id, res.body);
      const rendered = lookups.filter((l) => l.lng === lang);
      if (rendered.length < 10) problems.push(`${url(lang, page)}: only ${rendered.length} texts looked up in ${lang}`);
      const own = [...BASE_NAMESPACES, ...page.namespaces];
      for (const l of rendered) {
        if (l.usedLng !== lang) problems.push(`${url(lang, page)}: ${l.ns}:${l.key} ${l.usedLng ? `falls back to ${l.usedLng}` : 'is missing'}`);
        if (!own.includes(l.ns)) problems.push(`${url(lang, page)}: uses namespace ${l.ns}, not declared (${l.key})`);
        // A partial namespace goes to the browser with only its declared subtrees: a text outside them would not hydrate.
        const only = page.partial?.[l.ns];
        if (only && !only.some((p) => l.key === p || l.key.startsWith(`${p}.`))) problems.push(`${url(lang, page)}: uses ${l.ns}:${l.key} outside ${only.join(', ')}`);
      }
      const leaked = new Set(englishWords(visibleText(res.body)).filter((w) => englishOnly.has(w.toLowerCase())));
      if (leaked.size) problems.push(`${url(lang, page)}: English words ${[...leaked].join(', ')}`);
    }
    expect([...new Set(problems)]).toEqual([]);
  }, 600_000);

  it('list exactly the declared languages in the switcher and the hreflang alternates', () => {
    expect(bodies.size).toBe(pages.length);
    for (const page of pages) {
      const html = bodies.get(page.id)!;
      expect(html, url(lang, page)).toContain(`<html lang="${lang}"`);
      const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)"/g)].map((m) => m[1]);
      expect(alternates, url(lang, page)).toEqual([...page.languages, 'x-default']);
      const switcher = [...html.matchAll(/<a[^>]*hrefLang="([^"]+)"[^>]*class="lang-switcher__item"/g)].map((m) => m[1]);
      expect(switcher, url(lang, page)).toEqual([...page.languages]);
    }
  });
});

describe('languages a page does not declare', () => {
  it('redirect to the English page', async () => {
    for (const [from, to] of [
      ['/de/terms-of-service', '/terms-of-service'],
      ['/ja/support', '/support'],
      ['/th/blog?page=2', '/blog?page=2'],
      ['/vi/api-docs', '/api-docs'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url: from! });
      expect(res.statusCode, from).toBe(302);
      expect(res.headers.location, from).toBe(to);
    }
  });

  it('are never linked: a German page links the English support and legal pages', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/de/pricing' })).body;
    expect(html).toContain('href="/de/about"');
    expect(html).toContain('href="/support"');
    expect(html).toContain('href="/terms-of-service"');
    expect(html).not.toMatch(/href="\/de\/(support|terms-of-service|privacy-policy|blog)"/);
  });
});

describe('numbers and prices', () => {
  it('follow each language: separators and the place of the currency sign', () => {
    expect(formatPrice('1234.50', 'USD', 'de')).toBe('1.234,50\u00a0$');
    expect(formatPrice('1234.50', 'USD', 'fr')).toBe('1\u202f234,50\u00a0$');
    expect(formatPrice('1234.50', 'USD', 'ja')).toBe('$1,234.50');
    expect(formatPrice('1234.50', 'USD', 'th')).toBe('$1,234.50');
    expect(formatPrice('1234.50', 'USD', 'vi')).toBe('1.234,50\u00a0$');
    expect(formatPrice('1234.50', 'USD', 'en')).toBe('$1,234.50');
  });

  it('a German landing shows its price as Germans write it', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/de/p/simple_captcha' })).body;
    expect(visibleText(html)).toMatch(/\d,\d\d \$/); // visibleText folds the no-break space
    expect(visibleText(html)).not.toMatch(/\$\d/);
  });
});

describe('the checks themselves', () => {
  it('the lookup probe reports a text that falls back to English', () => {
    const seen: Lookup[] = [];
    const stop = watchLookups((l) => seen.push(l));
    const i18n = createI18n('de', { en: { common: { order: 'Order now', home: 'Home' } }, de: { common: { home: 'Startseite' } } }, 'X');
    expect([i18n.t('home'), i18n.t('order')]).toEqual(['Startseite', 'Order now']);
    stop();
    expect(seen.map((l) => [l.lng, l.key, l.usedLng])).toEqual([['de', 'home', 'de'], ['de', 'order', 'en']]);
  });

  it('finds English words in the visible text, not in scripts, code or "Bestätigt"', () => {
    const html = '<html><head><title>Preise</title></head><body><p>Bestätigt: <b>Order</b> now</p><code>createTask</code><script>var English</script><img alt="Download"/></body></html>';
    expect(englishWords(visibleText(html))).toEqual(['Preise', 'Order', 'now', 'Download']);
  });
});
