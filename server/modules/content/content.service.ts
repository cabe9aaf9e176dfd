import { sitesOf } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { withDb } from '#server/lib/ctx.ts';
import {
  ArticleInputSchema,
  COLLECTION_INFO,
  CONTENT_LANGUAGES,
  PAGE_SIZE,
  SEARCH_MIN_CHARS,
  contentLanguageOf,
  type ArticleImage,
  type ArticleIndex,
  type ArticleInput,
  type ArticleList,
  type ArticleListParams,
  type Collection,
  type ContentDomain,
  type ContentLanguage,
  type DomainBody,
  type EditorArticle,
  type EditorArticleList,
  type EditorListParams,
  type PreviewResult,
  type PublicArticle,
  type Revision,
} from '#shared/contracts/content.ts';
import { hostKindOf } from '#shared/i18n/routing.ts';
import * as repo from './content.repo.ts';
import { attachmentIdsIn, attachmentUrl, renderMarkdown, type AttachmentInfo } from './render.ts';

/** NOTIFY channel: content changed somewhere; every node clears its page cache. */
export const CONTENT_CHANNEL = 'content';
/** setTimeout's ceiling; a later scheduled time is re-planned when the timer fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Autosaves of one author within this window update one revision instead of adding another. */
const AUTOSAVE_REVISION_MS = 10 * 60_000;
const EDITOR_PAGE_SIZE = 20;

const listeners = new Set<() => void>();

/** Calls `listener` on every content change (this node's or another's) and when a scheduled article goes live. */
export function onContentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function contentChanged() {
  for (const listener of listeners) listener();
}

/** Clears this node's page cache at once and every other node's through NOTIFY. */
export async function announce(ctx: Ctx, what: string) {
  contentChanged();
  await repo.notifyContent(ctx.db, what);
}

/** Which content_domains key a request's hostname stands for: an extra host by name, else intl/ru/zh. */
async function hostKey(ctx: Ctx, hostname: string | undefined): Promise<string> {
  if (!hostname) return 'intl';
  const name = hostname.toLowerCase();
  if (await repo.findDomain(ctx.db, name)) return name;
  return hostKindOf(sitesOf(ctx.config), name);
}

/** Does this host show this collection in this language (editor's /editor/manual-domains)? */
async function hostShows(ctx: Ctx, host: string, collection: Collection, language: ContentLanguage): Promise<boolean> {
  const domain = await repo.findDomain(ctx.db, host);
  return !domain || (domain.collections.includes(collection) && domain.languages.includes(language));
}

function image(row: repo.AttachmentRow | undefined): ArticleImage | null {
  if (!row) return null;
  const largest = Math.max(...row.widths);
  return {
    src: attachmentUrl(row.id, largest),
    srcSet: row.widths.map((w) => `${attachmentUrl(row.id, w)} ${w}w`).join(', '),
    width: Math.min(row.width, largest),
    height: Math.round((row.height * Math.min(row.width, largest)) / row.width),
  };
}

async function covers(ctx: Ctx, ids: (number | null)[]): Promise<Map<number, repo.AttachmentRow>> {
  const rows = await repo.attachmentsByIds(ctx.db, [...new Set(ids.filter((id): id is number => id !== null))]);
  return new Map(rows.map((r) => [r.id, r]));
}

async function cards(ctx: Ctx, rows: repo.CardRow[], language: ContentLanguage) {
  const byId = await covers(ctx, rows.map((r) => r.coverAttachmentId));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    language,
    title: r.title,
    summary: r.summary,
    tags: r.tags,
    publishedAt: r.publishAt!.toISOString(),
    readingMinutes: r.readingMinutes,
    views: r.views,
    cover: image(r.coverAttachmentId === null ? undefined : byId.get(r.coverAttachmentId)),
  }));
}

/**
 * A page of a collection's public list (spec §7 `GET /api/v1/articles`: page, language, hostname,
 * currency, text). Text under 3 characters does not filter (spec §5); `asOf` pins the list to the
 * first page's moment so appended pages neither repeat nor skip an article.
 */
export async function listArticles(ctx: Ctx, collection: Collection, q: ArticleListParams): Promise<ArticleList> {
  const language = contentLanguageOf(q.language);
  const asOf = q.asOf ? new Date(q.asOf) : new Date();
  const text = q.text && q.text.trim().length >= SEARCH_MIN_CHARS ? q.text.trim() : null;
  const page = q.page;
  const host = await hostKey(ctx, q.hostname);
  const empty = { records: [], totalCount: 0, page, pageSize: PAGE_SIZE, hasMore: false, asOf: asOf.toISOString(), text };
  if (!(await hostShows(ctx, host, collection, language))) return empty;
  const { rows, total } = await repo.listPublic(ctx.db, {
    collection,
    language,
    host,
    asOf,
    tag: q.tag?.trim().toLowerCase() || null,
    text,
    sort: q.sort ?? COLLECTION_INFO[collection].defaultSort,
    offset: page * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  return { ...empty, records: await cards(ctx, rows, language), totalCount: total, hasMore: (page + 1) * PAGE_SIZE < total };
}

/** `GET …/index`: how many public articles a collection has in a language, and their tags. */
export async function articleIndex(ctx: Ctx, collection: Collection, q: { language?: string; hostname?: string }): Promise<ArticleIndex> {
  const language = contentLanguageOf(q.language);
  const host = await hostKey(ctx, q.hostname);
  if (!(await hostShows(ctx, host, collection, language))) return { language, totalCount: 0, tags: [] };
  const at = new Date();
  const [tags, { total }] = await Promise.all([
    repo.tagCounts(ctx.db, { collection, language, host, at }),
    repo.listPublic(ctx.db, { collection, language, host, asOf: at, tag: null, text: null, sort: 'latest', offset: 0, limit: 0 }),
  ]);
  return { language, totalCount: total, tags };
}

/**
 * A public article by slug in the asked language; a legacy article without that language shows
 * its other version with `fallback` set (the page says so).
 * @throws AppError NOT_FOUND when no such public article exists
 */
export async function articleBySlug(ctx: Ctx, collection: Collection, slug: string, q: { language?: string; hostname?: string }): Promise<PublicArticle> {
  const asked = contentLanguageOf(q.language);
  const at = new Date();
  const host = await hostKey(ctx, q.hostname);
  const article = await repo.findArticleBySlug(ctx.db, collection, slug);
  const live = article && ['scheduled', 'published'].includes(article.status) && article.publishAt !== null && article.publishAt <= at && article.hosts.includes(host);
  if (!article || !live) throw new AppError('NOT_FOUND', 'No such article.');
  const versions = await repo.versionsOf(ctx.db, article.id);
  const version = versions.find((x) => x.language === asked) ?? versions[0];
  if (!version) throw new AppError('NOT_FOUND', 'No such article.');
  const language = version.language;
  const [related, previous, next, cover] = await Promise.all([
    repo.related(ctx.db, article, language, host, at, 3),
    repo.neighbour(ctx.db, article, language, host, at, true),
    repo.neighbour(ctx.db, article, language, host, at, false),
    covers(ctx, [article.coverAttachmentId]),
  ]);
  return {
    id: article.id,
    collection,
    slug,
    language,
    fallback: language !== asked,
    languages: versions.map((x) => x.language),
    title: version.title,
    summary: version.summary,
    html: version.html,
    toc: version.toc,
    readingMinutes: version.readingMinutes,
    tags: article.tags,
    authorName: article.authorName,
    publishedAt: article.publishAt!.toISOString(),
    updatedAt: version.updatedAt.toISOString(),
    views: article.views,
    cover: image(article.coverAttachmentId === null ? undefined : cover.get(article.coverAttachmentId)),
    related: await cards(ctx, related, language),
    previous: previous ?? null,
    next: next ?? null,
  };
}

/** Counts a visitor's view (sent by the page after it loads, so cached pages count too). */
export async function recordView(ctx: Ctx, id: number): Promise<{ counted: boolean }> {
  return { counted: await repo.addView(ctx.db, id, new Date()) };
}

/** One article found by `searchArticles`: its plain text lets callers quote the passage that matched. */
export interface ArticleSearchHit {
  collection: Collection;
  slug: string;
  title: string;
  summary: string;
  plain: string;
  rank: number;
}

/**
 * Public articles of some collections ranked for a question in one language (en or ru; others
 * fall back to en), best first. Under 3 characters nothing is searched (spec §5).
 */
export async function searchArticles(
  ctx: Ctx,
  q: { collections: Collection[]; text: string; language?: string; hostname?: string; limit?: number },
): Promise<{ language: ContentLanguage; hits: ArticleSearchHit[] }> {
  const language = contentLanguageOf(q.language);
  const text = q.text.trim();
  if (text.length < SEARCH_MIN_CHARS) return { language, hits: [] };
  const host = await hostKey(ctx, q.hostname);
  const shown: Collection[] = [];
  for (const c of q.collections) if (await hostShows(ctx, host, c, language)) shown.push(c);
  if (shown.length === 0) return { language, hits: [] };
  const rows = await repo.searchAcross(ctx.db, { collections: shown, language, host, at: new Date(), text: text.slice(0, 200), limit: q.limit ?? 10 });
  return { language, hits: rows.map(({ id: _id, ...r }) => r) };
}

// Editor

function isLive(row: { status: string; publishAt: Date | null }, at = new Date()): boolean {
  return (row.status === 'published' || row.status === 'scheduled') && row.publishAt !== null && row.publishAt <= at;
}

export async function listForEditor(ctx: Ctx, collection: Collection, q: EditorListParams): Promise<EditorArticleList> {
  const page = q.page;
  const { rows, total } = await repo.listForEditor(ctx.db, { collection, status: q.status ?? null, text: q.text?.trim() || null, offset: page * EDITOR_PAGE_SIZE, limit: EDITOR_PAGE_SIZE });
  return {
    records: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      status: r.status,
      live: isLive(r),
      publishAt: r.publishAt?.toISOString() ?? null,
      title: (r.titles.find((t) => t.language === 'en') ?? r.titles[0])?.title ?? r.slug,
      languages: r.titles.map((t) => t.language).sort(),
      tags: r.tags,
      views: r.views,
      updatedAt: r.updatedAt.toISOString(),
    })),
    totalCount: total,
    page,
    pageSize: EDITOR_PAGE_SIZE,
  };
}

async function editorView(ctx: Ctx, article: repo.ArticleRow): Promise<EditorArticle> {
  const [versions, cover] = await Promise.all([repo.versionsOf(ctx.db, article.id), covers(ctx, [article.coverAttachmentId])]);
  return {
    id: article.id,
    collection: article.collection,
    slug: article.slug,
    status: article.status,
    live: isLive(article),
    publishAt: article.publishAt?.toISOString() ?? null,
    tags: article.tags,
    hosts: article.hosts,
    coverAttachmentId: article.coverAttachmentId,
    cover: image(article.coverAttachmentId === null ? undefined : cover.get(article.coverAttachmentId)),
    authorName: article.authorName,
    views: article.views,
    versions: Object.fromEntries(versions.map((x) => [x.language, { title: x.title, summary: x.summary, body: x.body, updatedAt: x.updatedAt.toISOString() }])),
    createdAt: article.createdAt.toISOString(),
    updatedAt: article.updatedAt.toISOString(),
  };
}

/** @throws AppError NOT_FOUND */
export async function editorArticle(ctx: Ctx, id: number): Promise<EditorArticle> {
  const article = await repo.findArticle(ctx.db, id);
  if (!article) throw new AppError('NOT_FOUND', 'No such article.');
  return editorView(ctx, article);
}

/** @throws AppError NOT_FOUND */
export async function editorArticleBySlug(ctx: Ctx, collection: Collection, slug: string): Promise<EditorArticle> {
  const article = await repo.findArticleBySlug(ctx.db, collection, slug);
  if (!article) throw new AppError('NOT_FOUND', 'No such article.');
  return editorView(ctx, article);
}

async function attachmentInfo(ctx: Ctx, markdown: string): Promise<Map<number, AttachmentInfo>> {
  const rows = await repo.attachmentsByIds(ctx.db, attachmentIdsIn(markdown));
  return new Map(rows.map((r) => [r.id, { width: r.width, height: r.height, widths: r.widths }]));
}

/** The editor's live preview: the body rendered exactly as the public page will show it. */
export async function preview(ctx: Ctx, body: string): Promise<PreviewResult> {
  const r = await renderMarkdown(body, await attachmentInfo(ctx, body));
  return { html: r.html, toc: r.toc, readingMinutes: r.readingMinutes };
}

type Parsed = ReturnType<typeof ArticleInputSchema.parse>;

/** When the article goes public: publishing without a time publishes now. */
function publishTimeOf(input: Parsed, previous: Date | null): Date | null {
  if (input.publishAt) return new Date(input.publishAt);
  if (input.status === 'published') return previous && previous <= new Date() ? previous : new Date();
  return previous;
}

async function checkCover(ctx: Ctx, id: number | null) {
  if (id !== null && !(await repo.findAttachment(ctx.db, id))) throw new AppError('VALIDATION_FAILED', 'The cover image does not exist.', [{ path: '/article/coverAttachmentId', message: 'unknown attachment' }]);
}

/**
 * Writes the article and its versions (Markdown rendered to HTML once here), adds a revision
 * for each version whose text changed, and clears every node's page cache — one transaction.
 */
async function save(ctx: Ctx, id: number | null, raw: ArticleInput, userId: number | null, opts: { autosave?: boolean; seedHash?: string | null } = {}): Promise<repo.ArticleRow> {
  const input = ArticleInputSchema.parse(raw);
  await checkCover(ctx, input.coverAttachmentId);
  const rendered = new Map<ContentLanguage, repo.VersionFields>();
  for (const lang of CONTENT_LANGUAGES) {
    const version = input.versions[lang];
    if (!version) continue;
    const r = await renderMarkdown(version.body, await attachmentInfo(ctx, version.body));
    rendered.set(lang, { title: version.title, summary: version.summary, body: version.body, html: r.html, toc: r.toc, plain: r.plain, readingMinutes: r.readingMinutes });
  }
  const saved = await ctx.db.transaction(async (tx) => {
    const txCtx = withDb(ctx, tx);
    const previous = id === null ? null : await repo.findArticle(tx, id);
    if (id !== null && !previous) throw new AppError('NOT_FOUND', 'No such article.');
    if (previous && previous.collection !== input.collection) throw new AppError('VALIDATION_FAILED', 'An article cannot move to another collection.');
    if (await repo.slugTaken(tx, input.collection, input.slug, id)) throw new AppError('CONFLICT', `Another article already uses the slug "${input.slug}".`);
    const fields: repo.ArticleFields = {
      collection: input.collection,
      slug: input.slug,
      status: input.status,
      publishAt: publishTimeOf(input, previous?.publishAt ?? null),
      tags: [...new Set(input.tags)],
      hosts: [...new Set(input.hosts)],
      coverAttachmentId: input.coverAttachmentId,
      authorName: input.authorName,
      // An editor's change makes the article theirs: the seed import leaves it alone from then on.
      seedHash: opts.seedHash ?? null,
    };
    const article = previous ? await repo.updateArticle(tx, previous.id, fields) : await repo.insertArticle(tx, { ...fields, authorId: userId });
    if (!article) throw new AppError('CONFLICT', `Another article already uses the slug "${input.slug}".`);
    const before = new Map((previous ? await repo.versionsOf(tx, article.id) : []).map((x) => [x.language, x]));
    for (const [lang, version] of rendered) {
      await repo.upsertVersion(tx, article.id, lang, version);
      const old = before.get(lang);
      if (old && old.title === version.title && old.summary === version.summary && old.body === version.body) continue;
      const last = opts.autosave ? await repo.lastRevision(tx, article.id, lang) : undefined;
      const text = { title: version.title, summary: version.summary, body: version.body };
      if (last && last.authorId === userId && Date.now() - last.createdAt.getTime() < AUTOSAVE_REVISION_MS) await repo.updateRevision(tx, last.id, text);
      else await repo.insertRevision(tx, { articleId: article.id, language: lang, authorId: userId, ...text });
    }
    await repo.deleteVersionsExcept(tx, article.id, [...rendered.keys()]);
    await repo.notifyContent(txCtx.db, `${article.collection}/${article.slug}`);
    return article;
  });
  contentChanged();
  ctx.log.info({ articleId: saved.id, collection: saved.collection, slug: saved.slug, status: saved.status, userId }, 'article saved');
  return saved;
}

export async function createArticle(ctx: Ctx, input: ArticleInput, userId: number): Promise<EditorArticle> {
  return editorView(ctx, await save(ctx, null, input, userId));
}

export async function updateArticle(ctx: Ctx, id: number, input: ArticleInput, userId: number, autosave = false): Promise<EditorArticle> {
  return editorView(ctx, await save(ctx, id, input, userId, { autosave }));
}

/** @throws AppError NOT_FOUND */
export async function deleteArticle(ctx: Ctx, id: number, userId: number): Promise<{ deleted: true }> {
  const row = await repo.deleteArticle(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such article.');
  await announce(ctx, `${row.collection}/${row.slug}`);
  ctx.log.info({ articleId: id, userId }, 'article deleted');
  return { deleted: true };
}

export async function listRevisions(ctx: Ctx, id: number): Promise<Revision[]> {
  if (!(await repo.findArticle(ctx.db, id))) throw new AppError('NOT_FOUND', 'No such article.');
  const rows = await repo.revisionsOf(ctx.db, id, 100);
  return rows.map((r) => ({ id: r.id, language: r.language, title: r.title, summary: r.summary, body: r.body, authorName: r.authorName, createdAt: r.createdAt.toISOString() }));
}

/** Makes a revision's text the current version of its language again (itself a new revision). */
export async function restoreRevision(ctx: Ctx, id: number, revisionId: number, userId: number): Promise<EditorArticle> {
  const revision = await repo.findRevision(ctx.db, id, revisionId);
  if (!revision) throw new AppError('NOT_FOUND', 'No such revision.');
  const current = await editorArticle(ctx, id);
  const versions = { ...current.versions, [revision.language]: { title: revision.title, summary: revision.summary, body: revision.body } };
  return updateArticle(ctx, id, { ...current, versions }, userId);
}

/** Seeds use the same save path (rendering, revisions) with the seed's hash kept. */
export async function saveSeed(ctx: Ctx, id: number | null, input: ArticleInput, seedHash: string) {
  await save(ctx, id, input, null, { seedHash });
}

// Domains

export async function listDomains(ctx: Ctx): Promise<ContentDomain[]> {
  const sites = sitesOf(ctx.config);
  const urls: Record<string, string | null> = { intl: sites.intl, ru: sites.ru, zh: sites.zh };
  const rows = await repo.listDomains(ctx.db);
  const order = (h: string) => (['intl', 'ru', 'zh'].indexOf(h) + 4) % 4;
  return rows
    .sort((x, y) => order(x.host) - order(y.host) || x.host.localeCompare(y.host))
    .map((r) => ({ host: r.host, url: urls[r.host] ?? null, collections: r.collections as Collection[], languages: r.languages as ContentLanguage[], updatedAt: r.updatedAt.toISOString() }));
}

export async function saveDomain(ctx: Ctx, host: string, body: DomainBody, userId: number): Promise<ContentDomain[]> {
  await repo.upsertDomain(ctx.db, { host, collections: [...new Set(body.collections)], languages: [...new Set(body.languages)], updatedBy: userId });
  await announce(ctx, `domain/${host}`);
  return listDomains(ctx);
}

// Sitemap

/** Sitemap entries of the public articles on the international host, each with its languages. */
export async function sitemapEntries(ctx: Ctx): Promise<{ path: string; languages: ContentLanguage[]; updatedAt: string }[]> {
  const rows = await repo.publicSlugs(ctx.db, new Date(), 'intl');
  return rows.map((r) => ({ path: `${COLLECTION_INFO[r.collection].path}/${r.slug}`, languages: r.languages, updatedAt: r.updatedAt.toISOString() }));
}

/**
 * Keeps pages true across nodes: LISTENs for other nodes' changes, and wakes when the next
 * scheduled article goes live (a per-node timer), so cached lists show it at its time.
 */
export async function watchContent(database: Pick<Database, 'listen' | 'db'>, log: Ctx['log']): Promise<() => Promise<void>> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = async () => {
    clearTimeout(timer);
    if (stopped) return;
    let next: Date | null;
    try {
      next = await repo.nextScheduled(database.db, new Date());
    } catch (err) {
      log.error({ err }, 'scheduled articles could not be read; retrying');
      timer = setTimeout(() => void schedule(), 10_000);
      timer.unref();
      return;
    }
    if (!next || stopped) return;
    const wait = next.getTime() - Date.now();
    timer = setTimeout(() => (wait > MAX_TIMER_MS ? void schedule() : contentChanged()), Math.max(0, Math.min(wait, MAX_TIMER_MS)) + 5);
    timer.unref();
  };
  const unsubscribe = onContentChange(() => void schedule());
  const unlisten = await database.listen(CONTENT_CHANNEL, () => contentChanged());
  await schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    await unlisten();
  };
}
