import type { FastifyInstance } from 'fastify';

/** What the crawler saw at one URL. */
export interface Visit {
  url: string;
  status: number;
  /** Absolute target of a redirect. */
  location?: string;
  /** The first page that linked here (or `sitemap`, `start`). */
  from: string;
  html: boolean;
  lang?: string;
  /** Every `<link rel="canonical">` href, absolute. */
  canonicals: string[];
  alternates: { hreflang: string; href: string }[];
  title?: string;
  description?: string;
  noindex: boolean;
  /** The visible text of `<main>`, whitespace collapsed. */
  mainText: string;
  h1: number;
  /** Absolute internal URLs linked from the page (`<a href>`, `<img src>`), in order, unique. */
  links: string[];
  /** `<script type="application/ld+json">` blocks, parsed. */
  jsonLd: unknown[];
  /** `<meta property="og:*">` and `<meta name="twitter:*">` contents. */
  social: Record<string, string>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' };
export const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
    ENTITIES[e.toLowerCase()] ?? (e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : m),
  );

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return m ? decodeEntities(m[1]!) : undefined;
};

/** Parses our own server-rendered HTML (React's output: double-quoted attributes). */
export function parsePage(html: string, base: string): Omit<Visit, 'url' | 'status' | 'from' | 'html' | 'location'> {
  const jsonLd: unknown[] = [];
  for (const m of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    try {
      jsonLd.push(JSON.parse(m[1]!));
    } catch {
      jsonLd.push({ invalid: m[1] });
    }
  }
  const markup = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<style[\s\S]*?<\/style>/g, '');
  const tags = (name: string) => [...markup.matchAll(new RegExp(`<${name}\\s[^>]*>`, 'gi'))].map((m) => m[0]);
  const abs = (href: string) => new URL(href, base).href;
  const links = tags('link');
  const metas = tags('meta');
  const meta = (key: 'name' | 'property', value: string) => metas.filter((t) => attr(t, key) === value).map((t) => attr(t, 'content') ?? '');
  const social: Record<string, string> = {};
  for (const t of metas) {
    const key = attr(t, 'property') ?? attr(t, 'name') ?? '';
    if (/^(og|twitter):/.test(key)) social[key] = attr(t, 'content') ?? '';
  }
  const out = new Set<string>();
  for (const t of [...tags('a'), ...tags('img')]) {
    const href = attr(t, 'href') ?? attr(t, 'src');
    if (!href || /^(mailto:|tel:|javascript:|data:|#)/i.test(href)) continue;
    const u = new URL(href, base);
    u.hash = '';
    out.add(u.href);
  }
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(markup)?.[1] ?? '';
  const titleMatch = /<title>([\s\S]*?)<\/title>/.exec(markup);
  return {
    lang: /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1],
    canonicals: links.filter((t) => attr(t, 'rel') === 'canonical').map((t) => abs(attr(t, 'href') ?? '')),
    alternates: links.filter((t) => attr(t, 'rel') === 'alternate' && attr(t, 'hrefLang')).map((t) => ({ hreflang: attr(t, 'hrefLang')!, href: abs(attr(t, 'href') ?? '') })),
    title: titleMatch ? decodeEntities(titleMatch[1]!.replace(/<!-- -->/g, '')).trim() : undefined,
    description: meta('name', 'description')[0],
    noindex: meta('name', 'robots').some((c) => /noindex/.test(c)),
    mainText: decodeEntities(main.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim(),
    h1: (main.match(/<h1[\s>]/g) ?? []).length,
    links: [...out],
    jsonLd,
    social,
  };
}

/** The sitemap URLs of an index, or the `<url>` entries of a sitemap with their alternates. */
export function parseSitemap(xml: string): { sitemaps: string[]; urls: { loc: string; alternates: { hreflang: string; href: string }[] }[] } {
  const sitemaps = [...xml.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => decodeEntities(m[1]!));
  const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => ({
    loc: decodeEntities(/<loc>([^<]+)<\/loc>/.exec(m[1]!)![1]!),
    alternates: [...m[1]!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((a) => ({ hreflang: a[1]!, href: decodeEntities(a[2]!) })),
  }));
  return { sitemaps, urls };
}

export interface Crawl {
  visits: Map<string, Visit>;
  /** A URL left out as a query variant → the fetched URL of the same path and parameter names. */
  aliases: Map<string, string>;
}

/**
 * A breadth-first crawl of the app in process (`app.inject`) over the given origins (hosts).
 * Every distinct URL is fetched once; links are followed only from pages that are their own
 * canonical (a query variant or a duplicate on another host is checked, not walked), and URLs
 * with a query are deduplicated by path and parameter names (`/auth/login?return_to=…` once per
 * page path rather than once per page linking to it).
 */
export async function crawl(app: FastifyInstance, opts: { origins: string[]; start: { url: string; from: string }[]; limit?: number; concurrency?: number; onVisit?: (v: Visit, queued: number) => void }): Promise<Crawl> {
  const visits = new Map<string, Visit>();
  const shapes = new Map<string, string>();
  const aliases = new Map<string, string>();
  const queue: { url: string; from: string }[] = [];
  const queued = new Set<string>();
  const enqueue = (url: string, from: string) => {
    const u = new URL(url);
    if (!opts.origins.includes(u.origin)) return;
    u.hash = '';
    if (queued.has(u.href)) return;
    if (u.search) {
      const shape = `${u.origin}${u.pathname}?${[...new Set(u.searchParams.keys())].sort().join('&')}`;
      const first = shapes.get(shape);
      if (first !== undefined) {
        aliases.set(u.href, first);
        return;
      }
      shapes.set(shape, u.href);
    }
    queued.add(u.href);
    queue.push({ url: u.href, from });
  };
  for (const s of opts.start) enqueue(s.url, s.from);
  const limit = opts.limit ?? 20_000;
  let next = 0;
  const visit = async (url: string, from: string) => {
    const u = new URL(url);
    const res = await app.inject({ method: 'GET', url: u.pathname + u.search, headers: { host: u.host, 'accept-language': 'en' } });
    const html = String(res.headers['content-type'] ?? '').startsWith('text/html');
    const v: Visit = { url, status: res.statusCode, from, html, canonicals: [], alternates: [], noindex: false, mainText: '', h1: 0, links: [], jsonLd: [], social: {} };
    if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
      v.location = new URL(String(res.headers.location), url).href;
      enqueue(v.location, url);
    }
    if (html && res.statusCode === 200) {
      Object.assign(v, parsePage(res.body, url));
      for (const c of v.canonicals) enqueue(c, url);
      for (const a of v.alternates) enqueue(a.href, url);
      if (v.canonicals.length === 1 && v.canonicals[0] === url) for (const l of v.links) enqueue(l, url);
    }
    visits.set(url, v);
    opts.onVisit?.(v, queue.length - next);
  };
  // A few requests in flight: rendering waits on the database between CPU bursts.
  const worker = async () => {
    while (next < queue.length && next < limit) {
      const { url, from } = queue[next++]!;
      await visit(url, from);
    }
  };
  // Workers that find the queue empty stop; the queue grows while others run, so loop until drained.
  while (next < queue.length && next < limit) await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  return { visits, aliases };
}

/** The text of every language sitemap the host's index (`/sitemap.xml`) lists, concatenated. */
export async function allSitemaps(app: FastifyInstance, host = 'localhost:3000'): Promise<string> {
  const index = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host } });
  const parts: string[] = [];
  for (const loc of parseSitemap(index.body).sitemaps) {
    const u = new URL(loc);
    parts.push((await app.inject({ method: 'GET', url: u.pathname, headers: { host: u.host } })).body);
  }
  return parts.join('\n');
}
