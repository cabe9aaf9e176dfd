import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleInput, ArticleList, EditorArticle, PublicArticle, Revision } from '#shared/contracts/content.ts';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { browserHeaders, buildUser, sessionCookieFor } from '#server/test/factories.ts';
import { renderMarkdown } from './render.ts';
import { importSeedContent, readSeeds } from './seed.ts';
import { allSitemaps } from '#server/test/crawler.ts';

let t: TestApp;
let editor: string;
let editorId: number;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  const mod = await buildUser(t, { userType: 'customer', moderator: true });
  editorId = mod.id;
  editor = await sessionCookieFor(t, mod.id);
});
afterAll(() => t.close());

const hour = 3_600_000;
let slugs = 0;
function article(over: Partial<ArticleInput> = {}, en?: { title?: string; summary?: string; body?: string }, ru?: { title?: string; summary?: string; body?: string }): ArticleInput {
  return {
    collection: 'blog',
    slug: `test-article-${++slugs}`,
    status: 'published',
    publishAt: new Date(Date.now() - hour).toISOString(),
    tags: [],
    versions: {
      ...(en !== undefined || ru === undefined ? { en: { title: 'An article', summary: '', body: 'Text.', ...en } } : {}),
      ...(ru ? { ru: { title: 'Статья', summary: '', body: 'Текст.', ...ru } } : {}),
    },
    ...over,
  };
}

async function create(input: ArticleInput): Promise<EditorArticle> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/editor/articles/new', headers: browserHeaders(t, editor), payload: { article: input } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function update(id: number, input: ArticleInput) {
  return t.app.inject({ method: 'PUT', url: `/api/v1/editor/articles/${id}`, headers: browserHeaders(t, editor), payload: { article: input } });
}

async function list(url: string): Promise<ArticleList> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function upload(data: Buffer, filename = 'image.png', contentType = 'image/png') {
  const boundary = '----content-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'PUT', url: '/api/v1/editor/articles/attachments', headers: { ...browserHeaders(t, editor), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

describe('rendering', () => {
  it('neutralises stored XSS: raw HTML, event handlers, javascript: and data: URLs', async () => {
    const attacks = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '[click](javascript:alert(1))',
      '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
      '<a href="#" onclick="alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '[x](JaVaScRiPt:alert(1))',
      '```js" onmouseover="alert(1)\ncode\n```',
    ].join('\n\n');
    const { html } = await renderMarkdown(attacks);
    expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe|data:image/i);
  });

  it('gives headings anchors and a table of contents, and highlights code on the server', async () => {
    const r = await renderMarkdown('## Getting a key\n\nText.\n\n### Step two\n\n```python\nprint("hi")\n```\n');
    expect(r.toc).toEqual([
      { id: 'getting-a-key', text: 'Getting a key', depth: 2 },
      { id: 'step-two', text: 'Step two', depth: 3 },
    ]);
    expect(r.html).toContain('<h2 id="getting-a-key">');
    expect(r.html).toContain('href="#getting-a-key"');
    expect(r.html).toMatch(/<pre class="shiki[^"]*"[^>]*data-language="python"/);
    expect(r.html).toMatch(/<span style="color:#[0-9A-Fa-f]{6}">print<\/span>/);
    expect(r.plain).toContain('print("hi")');
  });
});

describe('articles', () => {
  it('a scheduled article appears at its time, in its language only', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const a = await create(article({ status: 'scheduled', publishAt: soon, slug: 'scheduled-one' }, undefined, { title: 'Запланированная статья' }));
    expect(a.live).toBe(false);
    expect((await list('/api/v1/articles?language=ru')).records.map((r) => r.slug)).not.toContain('scheduled-one');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/articles/by-slug/scheduled-one?language=ru' })).statusCode).toBe(404);
    await new Promise((r) => setTimeout(r, 1700));
    expect((await list('/api/v1/articles?language=ru')).records.map((r) => r.slug)).toContain('scheduled-one');
    expect((await list('/api/v1/articles?language=en')).records.map((r) => r.slug)).not.toContain('scheduled-one');
  });

  it('shows a one-language article in its language with fallback set, and falls back to en for other languages', async () => {
    await create(article({ slug: 'english-only' }, { title: 'English only' }));
    const ru: PublicArticle = (await t.app.inject({ method: 'GET', url: '/api/v1/articles/by-slug/english-only?language=ru' })).json();
    expect(ru).toMatchObject({ language: 'en', fallback: true, languages: ['en'], title: 'English only' });
    const de = await list('/api/v1/articles?language=de');
    expect(de.records.every((r) => r.language === 'en')).toBe(true);
  });

  it('search is stemmed per language, ranked, and ignores texts under 3 characters', async () => {
    await create(article({ slug: 'ru-solving', collection: 'tutorials' }, undefined, { title: 'Решение капчи', body: 'Как работает решение капчи на нашем сервисе.' }));
    await create(article({ slug: 'ru-other', collection: 'tutorials' }, undefined, { title: 'Пополнение баланса', body: 'Оплата картой. Иногда упоминается решение.' }));
    await create(article({ slug: 'en-solve', collection: 'tutorials' }, { title: 'How we solve captchas', body: 'Workers solve them.' }));
    await create(article({ slug: 'en-other', collection: 'tutorials' }, { title: 'Top up your balance', body: 'Pay by card.' }));
    const ru = await list(`/api/v1/tutorials?language=ru&text=${encodeURIComponent('решения')}`);
    expect(ru.records.map((r) => r.slug)).toEqual(['ru-solving', 'ru-other']);
    expect(ru.text).toBe('решения');
    const en = await list('/api/v1/tutorials?language=en&text=solving');
    expect(en.records.map((r) => r.slug)).toEqual(['en-solve']);
    const short = await list('/api/v1/tutorials?language=en&text=so');
    expect(short.text).toBeNull();
    expect(short.records.map((r) => r.slug)).toEqual(expect.arrayContaining(['en-solve', 'en-other']));
  });

  it('append paging never repeats or skips an article while new ones are published', async () => {
    const base = Date.now() - 10 * hour;
    for (let i = 0; i < 20; i++) await create(article({ collection: 'software', slug: `paging-${i}`, publishAt: new Date(base + i * 60_000).toISOString(), tags: ['paging'] }));
    const first = await list('/api/v1/catalog/articles?language=en&tag=paging&sort=latest');
    expect(first.records).toHaveLength(9);
    // Two articles are published (now) between the first and the next pages.
    await create(article({ collection: 'software', slug: 'paging-new-1', publishAt: null, tags: ['paging'] }));
    await create(article({ collection: 'software', slug: 'paging-new-2', publishAt: null, tags: ['paging'] }));
    const seen = [...first.records];
    for (let page = 1; seen.length < first.totalCount; page++) {
      const next = await list(`/api/v1/catalog/articles?language=en&tag=paging&sort=latest&page=${page}&asOf=${encodeURIComponent(first.asOf)}`);
      seen.push(...next.records);
      if (!next.hasMore) break;
    }
    expect(seen.map((r) => r.slug)).toEqual(Array.from({ length: 20 }, (_, i) => `paging-${19 - i}`));
  });

  it('software articles sort by views unless asked otherwise', async () => {
    const a = await create(article({ collection: 'software', slug: 'popular-one', tags: ['views'] }));
    await create(article({ collection: 'software', slug: 'fresh-one', tags: ['views'], publishAt: new Date(Date.now() - 1000).toISOString() }));
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'POST', url: `/api/v1/articles/${a.id}/view`, headers: browserHeaders(t) })).json()).toEqual({ counted: true });
    expect((await list('/api/v1/catalog/articles?language=en&tag=views')).records.map((r) => r.slug)).toEqual(['popular-one', 'fresh-one']);
    expect((await list('/api/v1/catalog/articles?language=en&tag=views&sort=latest')).records.map((r) => r.slug)).toEqual(['fresh-one', 'popular-one']);
  });

  it('editing adds a revision that can be restored; unpublishing removes it from lists, search, feeds and the sitemap', async () => {
    const a = await create(article({ slug: 'revised', tags: ['revisions'] }, { title: 'First title', body: 'Original unicorn text.' }));
    expect((await update(a.id, article({ slug: 'revised', tags: ['revisions'] }, { title: 'Second title', body: 'Changed text.' }))).statusCode).toBe(200);
    const revisions: Revision[] = (await t.app.inject({ method: 'GET', url: `/api/v1/editor/articles/${a.id}/revisions`, headers: browserHeaders(t, editor) })).json();
    expect(revisions.map((r) => r.title)).toEqual(['Second title', 'First title']);
    const restored = await t.app.inject({ method: 'POST', url: `/api/v1/editor/articles/${a.id}/revisions/${revisions[1]!.id}/restore`, headers: browserHeaders(t, editor) });
    expect(restored.json().versions.en).toMatchObject({ title: 'First title', body: 'Original unicorn text.' });
    expect((await list('/api/v1/articles?language=en&text=unicorn')).records.map((r) => r.slug)).toEqual(['revised']);
    expect((await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body).toContain('/blog/revised');
    expect((await allSitemaps(t.app))).toContain('/blog/revised');

    expect((await update(a.id, article({ slug: 'revised', status: 'unpublished', tags: ['revisions'] }, { title: 'First title', body: 'Original unicorn text.' }))).statusCode).toBe(200);
    expect((await list('/api/v1/articles?language=en&text=unicorn')).records).toEqual([]);
    expect((await list('/api/v1/articles?language=en&tag=revisions')).records).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/articles/by-slug/revised' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/blog/rss.xml' })).body).not.toContain('/blog/revised');
    expect((await allSitemaps(t.app))).not.toContain('/blog/revised');
  });

  it('refuses a slug taken in the collection, and input that is not valid, with clear errors', async () => {
    await create(article({ slug: 'taken' }));
    const dup = await t.app.inject({ method: 'POST', url: '/api/v1/editor/articles/new', headers: browserHeaders(t, editor), payload: { article: article({ slug: 'taken' }) } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('CONFLICT');
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/editor/articles/new', headers: browserHeaders(t, editor), payload: { article: { ...article(), slug: 'Bad Slug!', status: 'scheduled', publishAt: null } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('a customer reaches no editor call', async () => {
    const customer = await buildUser(t, { userType: 'customer' });
    const session = await sessionCookieFor(t, customer.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/editor/articles/new', headers: browserHeaders(t, session), payload: { article: article() } });
    expect(res.statusCode).toBe(403);
  });
});

describe('pages', () => {
  it('renders titles and summaries as text, never markup, in the page, its meta and its JSON-LD', async () => {
    await create(article({ slug: 'xss-fields', tags: ['xss'] }, { title: '<img src=x onerror=alert(1)> title', summary: '"><script>alert(1)</script></script>' }));
    const res = await t.app.inject({ method: 'GET', url: '/blog/xss-fields' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt; title');
    expect(res.body).toMatch(/application\/ld\+json">[^<]*\\u003cscript>alert\(1\)/);
  });

  it('a cached list shows a newly published article at once (the page cache is cleared)', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/h' });
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain('Freshly published');
    await create(article({ collection: 'tutorials', slug: 'freshly-published', publishAt: null }, { title: 'Freshly published' }));
    expect((await t.app.inject({ method: 'GET', url: '/h' })).body).toContain('Freshly published');
  });

  it('an unknown article is a 404 page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/software/blog/no-such-article' })).statusCode).toBe(404);
  });
});

describe('attachments', () => {
  it('resizes an image to web sizes and serves it as WebP', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const res = await upload(png);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ width: 2400, height: 1200, widths: [480, 960, 1600], url: `/api/v1/articles/attachments/${body.id}/1600.webp` });
    const file = await t.app.inject({ method: 'GET', url: body.url });
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
    const a = await create(article({ slug: 'with-image', coverAttachmentId: body.id }, { body: `![Chart](${body.url})` }));
    const shown: PublicArticle = (await t.app.inject({ method: 'GET', url: '/api/v1/articles/by-slug/with-image' })).json();
    expect(shown.html).toContain(`srcset="/api/v1/articles/attachments/${body.id}/480.webp 480w`);
    expect(shown.html).toContain('width="1600" height="800"');
    expect(shown.cover?.src).toBe(body.url);
    expect(a.cover?.width).toBe(1600);
  });

  it('refuses SVG, HTML, disguised and oversized files and stores nothing', async () => {
    const dir = path.join(t.config.DATA_DIR, 'content');
    const before = existsSync(dir) ? readdirSync(dir).length : 0;
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml');
    expect([svg.statusCode, svg.json().error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'photo.png', 'image/png');
    expect(html.statusCode).toBe(415);
    const pdf = await upload(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'photo.jpg', 'image/jpeg');
    expect(pdf.statusCode).toBe(415);
    const huge = await upload(Buffer.alloc(9 * 1024 * 1024, 1), 'big.png');
    expect([huge.statusCode, huge.json().error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(existsSync(dir) ? readdirSync(dir).length : 0).toBe(before);
  });
});

const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const isAbsoluteUrl = (v: string | null | undefined) => !!v && /^https?:\/\/[^\s]+$/.test(v);
const child = (el: Element, name: string) => [...el.children].find((c) => c.localName === name);

/** What the RSS 2.0 specification requires (and feed validators check): channel title, link and description; per item a title or description, a permanent guid, an RFC 822 pubDate, an absolute link. */
function rssProblems(doc: Document): string[] {
  const problems: string[] = [];
  const rss = doc.documentElement;
  if (rss.getAttribute('version') !== '2.0') problems.push('rss@version is not 2.0');
  const channel = child(rss, 'channel');
  if (!channel) return [...problems, 'no channel'];
  for (const name of ['title', 'link', 'description']) if (!child(channel, name)?.textContent) problems.push(`channel has no ${name}`);
  if (!isAbsoluteUrl(child(channel, 'link')?.textContent)) problems.push('channel link is not absolute');
  for (const item of [...channel.children].filter((c) => c.localName === 'item')) {
    const id = child(item, 'guid')?.textContent ?? '?';
    if (!child(item, 'title')?.textContent && !child(item, 'description')?.textContent) problems.push(`${id}: neither title nor description`);
    if (!child(item, 'guid')?.textContent) problems.push(`${id}: no guid`);
    if (!RFC822.test(child(item, 'pubDate')?.textContent ?? '')) problems.push(`${id}: pubDate is not RFC 822`);
    if (!isAbsoluteUrl(child(item, 'link')?.textContent)) problems.push(`${id}: link is not absolute`);
  }
  return problems;
}

/** What RFC 4287 requires of an Atom 1.0 feed: the namespace; feed id, title, updated and an author (here or in every entry); per entry id, title, updated (RFC 3339) and an alternate link. */
function atomProblems(doc: Document): string[] {
  const problems: string[] = [];
  const feed = doc.documentElement;
  if (feed.namespaceURI !== 'http://www.w3.org/2005/Atom') problems.push('not in the Atom namespace');
  for (const name of ['id', 'title', 'updated']) if (!child(feed, name)?.textContent) problems.push(`feed has no ${name}`);
  if (!RFC3339.test(child(feed, 'updated')?.textContent ?? '')) problems.push('feed updated is not RFC 3339');
  const feedAuthor = !!child(feed, 'author');
  for (const entry of [...feed.children].filter((c) => c.localName === 'entry')) {
    const id = child(entry, 'id')?.textContent ?? '';
    if (!id) problems.push('an entry has no id');
    if (!child(entry, 'title')?.textContent) problems.push(`${id}: no title`);
    if (!RFC3339.test(child(entry, 'updated')?.textContent ?? '')) problems.push(`${id}: updated is not RFC 3339`);
    if (!feedAuthor && !child(entry, 'author')) problems.push(`${id}: no author`);
    const link = [...entry.children].find((c) => c.localName === 'link' && (c.getAttribute('rel') ?? 'alternate') === 'alternate');
    if (!isAbsoluteUrl(link?.getAttribute('href'))) problems.push(`${id}: no absolute alternate link`);
  }
  return problems;
}

describe('feeds and seeds', () => {
  it('RSS 2.0 and Atom 1.0 feeds are valid (required elements, date formats, absolute links) and carry the articles of the language', async () => {
    await create(article({ slug: 'feed-item' }, { title: 'Feed <item> & friends', body: '# Hello\n\n<script>x</script> text' }, { title: 'Статья ленты' }));
    for (const [url, root, item] of [
      ['/blog/rss.xml', 'rss', 'item'],
      ['/blog/atom.xml', 'feed', 'entry'],
      ['/ru/blog/rss.xml', 'rss', 'item'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const doc = new new JSDOM('').window.DOMParser().parseFromString(res.body, 'application/xml');
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      expect(doc.documentElement.tagName).toBe(root);
      expect(root === 'rss' ? rssProblems(doc) : atomProblems(doc), url).toEqual([]);
      const titles = [...doc.getElementsByTagName(item)].map((i) => i.getElementsByTagName('title')[0]!.textContent);
      expect(titles).toContain(url.startsWith('/ru') ? 'Статья ленты' : 'Feed <item> & friends');
      expect(res.body).not.toContain('<script>x</script>');
    }
  });

  it('the starter articles import once and are real (12 blog, 12 tutorials in en and ru, 6 software)', async () => {
    const seeds = await readSeeds();
    const count = (c: string) => seeds.filter((s) => s.collection === c);
    expect(count('blog').length).toBeGreaterThanOrEqual(12);
    expect(count('tutorials').length).toBeGreaterThanOrEqual(12);
    expect(count('software').length).toBeGreaterThanOrEqual(6);
    for (const s of [...count('blog'), ...count('tutorials')]) expect(Object.keys(s.input.versions).sort()).toEqual(['en', 'ru']);
    const ctx = { db: t.database.db, log: t.app.log, config: t.config, mailer: t.app.mailer };
    expect((await importSeedContent(ctx)).created).toBe(seeds.length);
    expect(await importSeedContent(ctx)).toEqual({ created: 0, updated: 0 });
    void editorId;
  });
});
