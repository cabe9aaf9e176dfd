import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { isLanguage, type Language } from '#shared/i18n/languages.ts';
import { canonicalUrl } from '#shared/i18n/routing.ts';
import type { Sites } from '#server/config.ts';

/**
 * Social preview images (OpenGraph and Twitter cards, issue 20 #3): one 1200×630 PNG per public
 * page and language at `/og/{lang}{path}.png` (`/og/en.png` for the home page). The text is the
 * page's own title and description as rendered, so an image never disagrees with its page: the
 * route renders the page's canonical URL in process (through the page cache), draws an SVG and
 * rasterises it with sharp (librsvg; the system's fonts, Noto CJK for Chinese, Japanese and
 * Korean). PNGs are kept in memory by content hash, at most `MAX_BYTES`, so a changed title makes
 * a new image and an unchanged one is drawn once per process.
 */

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
const MAX_BYTES = 16 * 1024 * 1024;

/** The image path of a page in a language (the one `og:image` names). */
export function ogImagePath(lang: Language, path: string): string {
  return `/og/${lang}${path === '/' ? '' : path}.png`;
}

/** The language and page path of an image path, or null. */
export function parseOgImagePath(url: string): { lang: Language; path: string } | null {
  const m = /^\/og\/([a-z]{2})((?:\/[\w.-]+)*)\.png$/.exec(url);
  if (!m || !isLanguage(m[1]) || m[2]!.includes('..')) return null;
  return { lang: m[1], path: m[2] || '/' };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Scripts written without spaces between words, broken anywhere; every other script at spaces. */
const UNSPACED = /[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\u0e00-\u0e7f]/;
const WIDE = /[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/** Rough advance of a string in ems: full-width glyphs 1, others about 0.6 (DejaVu Sans bold; no font metrics needed). */
const emWidth = (s: string) => [...s].reduce((w, ch) => w + (WIDE.test(ch) ? 1 : ch === ' ' ? 0.3 : 0.6), 0);

/** Breaks text into at most `maxLines` lines of `maxEm` ems, the last one cut with an ellipsis. */
export function wrapText(text: string, maxEm: number, maxLines: number): string[] {
  const tokens = text.split(/(\s+)/).flatMap((part) => (UNSPACED.test(part) ? [...part] : [part])).filter((p) => p !== '');
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const candidate = line + token;
    if (emWidth(candidate.trim()) > maxEm && line.trim() !== '') {
      lines.push(line.trim());
      line = /^\s+$/.test(token) ? '' : token;
    } else line = candidate;
  }
  if (line.trim()) lines.push(line.trim());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last.length > 1 && emWidth(last + '…') > maxEm) last = last.slice(0, -1);
  kept[maxLines - 1] = last.trimEnd() + '…';
  return kept;
}

const FONT: Partial<Record<Language, string>> = { zh: 'Noto Sans CJK SC', ja: 'Noto Sans CJK JP', ko: 'Noto Sans CJK KR' };

/** The card as SVG: brand band, the page's title, its description. */
export function ogSvg(input: { lang: Language; brand: string; title: string; description: string }): string {
  const family = [FONT[input.lang], 'Inter', 'Noto Sans', 'DejaVu Sans', 'Noto Sans CJK SC', 'sans-serif'].filter(Boolean).join(', ');
  const title = wrapText(input.title, 1040 / 64, 3);
  const description = wrapText(input.description, 1040 / 32, 3);
  const titleTop = 230;
  const descriptionTop = titleTop + title.length * 78 + 30;
  const tspans = (lines: string[], y: number, step: number) => lines.map((l, i) => `<tspan x="80" y="${y + i * step}">${escapeXml(l)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="#0f172a"/>
<rect width="${OG_WIDTH}" height="12" fill="#1d4ed8"/>
<rect x="80" y="84" width="44" height="44" rx="10" fill="#1d4ed8"/>
<path d="M92 106l8 8 14-16" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
<text x="140" y="118" font-family="${family}" font-size="34" font-weight="700" fill="#e2e8f0">${escapeXml(input.brand)}</text>
<text font-family="${family}" font-size="64" font-weight="700" fill="#ffffff">${tspans(title, titleTop, 78)}</text>
<text font-family="${family}" font-size="32" fill="#cbd5e1">${tspans(description, descriptionTop, 44)}</text>
</svg>`;
}

/** The page's title (without the brand suffix) and description from its rendered HTML. */
export function pageTexts(html: string, brand: string): { title: string; description: string } | null {
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
  if (!title) return null;
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const suffix = new RegExp(`\\s*[|—–-]\\s*${brand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  return { title: decode(title.replace(/<!-- -->/g, '')).replace(suffix, '').trim(), description: decode(description) };
}

class PngCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, png: Buffer) {
    this.entries.set(key, png);
    this.bytes += png.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }
}

/** GET /og/{lang}{path}.png: the page's preview image, or 404 when that page is not a public 200 page. */
export function registerOgImages(app: FastifyInstance, opts: { sites: Sites; brandName: string }) {
  const cache = new PngCache();
  app.get('/og/*', async (req, reply) => {
    const target = parseOgImagePath(req.url.split('?')[0]!);
    if (!target) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const url = new URL(canonicalUrl(opts.sites, target.lang, target.path));
    // The page as an anonymous visitor gets it (usually a page-cache hit): only a public 200 page has an image.
    const page = await app.inject({ method: 'GET', url: url.pathname, headers: { host: url.host } });
    const texts = page.statusCode === 200 && String(page.headers['content-type']).startsWith('text/html') ? pageTexts(page.body, opts.brandName) : null;
    if (!texts || /<meta name="robots" content="noindex/.test(page.body)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const input = { lang: target.lang, brand: opts.brandName, ...texts };
    const key = createHash('sha256').update(JSON.stringify(input)).digest('hex');
    let png = cache.get(key);
    if (!png) {
      png = await sharp(Buffer.from(ogSvg(input))).png({ compressionLevel: 9, palette: true }).toBuffer();
      cache.set(key, png);
    }
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .header('etag', `"${key.slice(0, 32)}"`)
      .send(png);
  });
}

const OG_LOCALE: Record<Language, string> = {
  en: 'en_US', ru: 'ru_RU', zh: 'zh_CN', de: 'de_DE', es: 'es_ES', fr: 'fr_FR', it: 'it_IT', ja: 'ja_JP',
  ko: 'ko_KR', pl: 'pl_PL', pt: 'pt_BR', th: 'th_TH', tr: 'tr_TR', uk: 'uk_UA', vi: 'vi_VN',
};

/**
 * Adds the OpenGraph and Twitter card tags a rendered public page lacks, from what the page itself
 * says: its `<title>`, description, canonical URL and language, and its generated preview image.
 * A page that sets its own (an article's image, type and title) keeps them. Pages marked noindex
 * and pages without a canonical get nothing. React leaves extra tags in `<head>` alone when it hydrates.
 */
export function withSocialMeta(html: string, brand: string): string {
  const head = html.indexOf('</head>');
  if (head < 0 || /<meta name="robots" content="noindex/.test(html)) return html;
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  const lang = /<html[^>]*\slang="([a-z]{2})"/.exec(html)?.[1];
  const texts = pageTexts(html, brand);
  if (!canonical || !isLanguage(lang) || !texts) return html;
  const url = new URL(canonical.replace(/&amp;/g, '&'));
  const prefixed = url.pathname === `/${lang}` || url.pathname.startsWith(`/${lang}/`);
  const path = prefixed ? url.pathname.slice(lang.length + 1) || '/' : url.pathname;
  const image = url.origin + ogImagePath(lang, path);
  const present = new Set([...html.slice(0, head).matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)"/g)].map((m) => m[1]!));
  const tags: [kind: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', brand],
    ['property', 'og:title', texts.title],
    ['property', 'og:description', texts.description],
    ['property', 'og:url', url.href],
    ['property', 'og:locale', OG_LOCALE[lang]],
    ['property', 'og:image', image],
    ['property', 'og:image:width', String(OG_WIDTH)],
    ['property', 'og:image:height', String(OG_HEIGHT)],
    ['property', 'og:image:alt', texts.title],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', texts.title],
    ['name', 'twitter:description', texts.description],
    ['name', 'twitter:image', image],
  ];
  const hasImage = present.has('og:image');
  const added = tags
    .filter(([, key, value]) => !present.has(key) && value !== '' && !(hasImage && key.startsWith('og:image:')))
    .map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeXml(value)}"/>`)
    .join('');
  return html.slice(0, head) + added + html.slice(head);
}
