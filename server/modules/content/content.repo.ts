import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { contentArticles, contentAttachments, contentDomains, contentRevisions, contentVersions, users } from '#server/db/schema/index.ts';
import type { ArticleStatus, Collection, ContentLanguage } from '#shared/contracts/content.ts';

export type ArticleRow = typeof contentArticles.$inferSelect;
export type VersionRow = Omit<typeof contentVersions.$inferSelect, 'search'>;
export type AttachmentRow = typeof contentAttachments.$inferSelect;
export type DomainRow = typeof contentDomains.$inferSelect;

const a = contentArticles;
const v = contentVersions;

/** A text[] literal of bound values (drizzle binds a JS array as separate parameters). */
const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values.map((x) => sql`${x}`), sql`, `)}]::text[]`;

/** The regconfig of an article language (the generated `search` column uses the same). */
const configOf = (lang: ContentLanguage) => sql.raw(lang === 'ru' ? `'russian'::regconfig` : `'english'::regconfig`);

/** Public at `at`: scheduled or published, and its time has come. */
export function isPublicAt(at: Date): SQL {
  return and(inArray(a.status, ['scheduled', 'published']), sql`${a.publishAt} <= ${at.toISOString()}::timestamptz`)!;
}

const versionColumns = {
  articleId: v.articleId,
  language: v.language,
  title: v.title,
  summary: v.summary,
  body: v.body,
  html: v.html,
  toc: v.toc,
  plain: v.plain,
  readingMinutes: v.readingMinutes,
  updatedAt: v.updatedAt,
};

export interface PublicListFilter {
  collection: Collection;
  language: ContentLanguage;
  host: string;
  asOf: Date;
  tag: string | null;
  text: string | null;
  sort: 'latest' | 'popular';
  offset: number;
  limit: number;
}

export interface CardRow {
  id: number;
  slug: string;
  tags: string[];
  publishAt: Date | null;
  views: number;
  coverAttachmentId: number | null;
  title: string;
  summary: string;
  readingMinutes: number;
}

const cardColumns = {
  id: a.id,
  slug: a.slug,
  tags: a.tags,
  publishAt: a.publishAt,
  views: a.views,
  coverAttachmentId: a.coverAttachmentId,
  title: v.title,
  summary: v.summary,
  readingMinutes: v.readingMinutes,
};

function publicWhere(f: Pick<PublicListFilter, 'collection' | 'language' | 'host' | 'asOf' | 'tag' | 'text'>): SQL {
  const query = f.text === null ? null : sql`websearch_to_tsquery(${configOf(f.language)}, ${f.text})`;
  return and(
    eq(a.collection, f.collection),
    isPublicAt(f.asOf),
    sql`${f.host} = any(${a.hosts})`,
    f.tag === null ? undefined : sql`${f.tag} = any(${a.tags})`,
    query === null ? undefined : sql`${v.search} @@ ${query}`,
  )!;
}

/**
 * One page of a collection's public list in one language: search results by rank (PostgreSQL
 * full-text search in the article's language, stemmed), else newest or most viewed first; ties
 * by publish time and id, so the order is total and pages never overlap.
 */
export async function listPublic(db: Db, f: PublicListFilter): Promise<{ rows: CardRow[]; total: number }> {
  const where = publicWhere(f);
  const order: SQL[] = [];
  if (f.text !== null) order.push(sql`ts_rank_cd(${v.search}, websearch_to_tsquery(${configOf(f.language)}, ${f.text})) desc`);
  if (f.sort === 'popular') order.push(desc(a.views));
  order.push(desc(a.publishAt), desc(a.id));
  const join = and(eq(v.articleId, a.id), eq(v.language, f.language));
  const [rows, [total]] = await Promise.all([
    db.select(cardColumns).from(a).innerJoin(v, join).where(where).orderBy(...order).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(a).innerJoin(v, join).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Tags of a collection's public articles in one language, most used first. */
export async function tagCounts(db: Db, f: { collection: Collection; language: ContentLanguage; host: string; at: Date }): Promise<{ tag: string; count: number }[]> {
  const res = await db.execute(sql`
    select t.tag, count(*)::int as count
    from ${a} cross join lateral unnest(${a.tags}) as t(tag)
    join ${v} on ${v.articleId} = ${a.id} and ${v.language} = ${f.language}
    where ${publicWhere({ ...f, asOf: f.at, tag: null, text: null })}
    group by t.tag order by count desc, t.tag asc limit 50`);
  return res.rows as { tag: string; count: number }[];
}

export async function findArticleBySlug(db: Db, collection: Collection, slug: string): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(a).where(and(eq(a.collection, collection), eq(a.slug, slug)));
  return row;
}

export async function findArticle(db: Db, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(a).where(eq(a.id, id));
  return row;
}

export async function versionsOf(db: Db, articleId: number): Promise<VersionRow[]> {
  return db.select(versionColumns).from(v).where(eq(v.articleId, articleId)).orderBy(asc(v.language));
}

/** Up to `limit` public articles sharing most tags with this one, in its language. */
export async function related(db: Db, article: ArticleRow, language: ContentLanguage, host: string, at: Date, limit: number): Promise<CardRow[]> {
  if (article.tags.length === 0) return [];
  const tags = textArray(article.tags);
  const shared = sql`cardinality(array(select unnest(${a.tags}) intersect select unnest(${tags})))`;
  return db
    .select(cardColumns)
    .from(a)
    .innerJoin(v, and(eq(v.articleId, a.id), eq(v.language, language)))
    .where(and(publicWhere({ collection: article.collection, language, host, asOf: at, tag: null, text: null }), sql`${a.id} <> ${article.id}`, sql`${a.tags} && ${tags}`))
    .orderBy(sql`${shared} desc`, desc(a.publishAt), desc(a.id))
    .limit(limit);
}

/** The public article published just before (`older`) or after this one, in its language. */
export async function neighbour(db: Db, article: ArticleRow, language: ContentLanguage, host: string, at: Date, older: boolean): Promise<{ slug: string; title: string } | undefined> {
  const t = article.publishAt!.toISOString();
  const before = or(sql`${a.publishAt} < ${t}::timestamptz`, and(sql`${a.publishAt} = ${t}::timestamptz`, lt(a.id, article.id)));
  const after = or(sql`${a.publishAt} > ${t}::timestamptz`, and(sql`${a.publishAt} = ${t}::timestamptz`, gt(a.id, article.id)));
  const [row] = await db
    .select({ slug: a.slug, title: v.title })
    .from(a)
    .innerJoin(v, and(eq(v.articleId, a.id), eq(v.language, language)))
    .where(and(publicWhere({ collection: article.collection, language, host, asOf: at, tag: null, text: null }), older ? before : after))
    .orderBy(older ? desc(a.publishAt) : asc(a.publishAt), older ? desc(a.id) : asc(a.id))
    .limit(1);
  return row;
}

/** Counts a view of a public article (popular sorting). */
export async function addView(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db.update(a).set({ views: sql`${a.views} + 1` }).where(and(eq(a.id, id), isPublicAt(at))).returning({ id: a.id });
  return rows.length > 0;
}

export interface EditorRow {
  id: number;
  slug: string;
  status: ArticleStatus;
  publishAt: Date | null;
  tags: string[];
  views: number;
  updatedAt: Date;
  titles: { language: ContentLanguage; title: string }[];
}

/** The editor's list of a collection: newest change first, by status and a text in title or slug. */
export async function listForEditor(db: Db, f: { collection: Collection; status: ArticleStatus | null; text: string | null; offset: number; limit: number }): Promise<{ rows: EditorRow[]; total: number }> {
  const like = f.text ? `%${f.text.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null;
  const where = and(
    eq(a.collection, f.collection),
    f.status ? eq(a.status, f.status) : undefined,
    like ? or(ilike(a.slug, like), sql`exists (select 1 from ${v} where ${v.articleId} = ${a.id} and ${v.title} ilike ${like})`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(a).where(where).orderBy(desc(a.updatedAt), desc(a.id)).limit(f.limit).offset(f.offset),
    db.select({ n: count() }).from(a).where(where),
  ]);
  const titles = rows.length ? await db.select({ articleId: v.articleId, language: v.language, title: v.title }).from(v).where(inArray(v.articleId, rows.map((r) => r.id))) : [];
  return {
    rows: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      status: r.status,
      publishAt: r.publishAt,
      tags: r.tags,
      views: r.views,
      updatedAt: r.updatedAt,
      titles: titles.filter((t) => t.articleId === r.id).map((t) => ({ language: t.language, title: t.title })),
    })),
    total: total?.n ?? 0,
  };
}

export type ArticleFields = Pick<typeof contentArticles.$inferInsert, 'collection' | 'slug' | 'status' | 'publishAt' | 'tags' | 'hosts' | 'coverAttachmentId' | 'authorName' | 'seedHash'>;

/** @returns null when the collection already has the slug */
export async function insertArticle(db: Db, row: ArticleFields & { authorId: number | null }): Promise<ArticleRow | null> {
  const [created] = await db.insert(a).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

export async function updateArticle(db: Db, id: number, row: ArticleFields): Promise<ArticleRow | undefined> {
  const [updated] = await db.update(a).set({ ...row, updatedAt: new Date() }).where(eq(a.id, id)).returning();
  return updated;
}

export async function slugTaken(db: Db, collection: Collection, slug: string, exceptId: number | null): Promise<boolean> {
  const rows = await db.select({ id: a.id }).from(a).where(and(eq(a.collection, collection), eq(a.slug, slug), exceptId === null ? undefined : sql`${a.id} <> ${exceptId}`));
  return rows.length > 0;
}

export async function deleteArticle(db: Db, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.delete(a).where(eq(a.id, id)).returning();
  return row;
}

export type VersionFields = Pick<VersionRow, 'title' | 'summary' | 'body' | 'html' | 'toc' | 'plain' | 'readingMinutes'>;

export async function upsertVersion(db: Db, articleId: number, language: ContentLanguage, row: VersionFields) {
  await db
    .insert(v)
    .values({ articleId, language, ...row })
    .onConflictDoUpdate({ target: [v.articleId, v.language], set: { ...row, updatedAt: new Date() } });
}

export async function deleteVersionsExcept(db: Db, articleId: number, keep: ContentLanguage[]) {
  await db.delete(v).where(and(eq(v.articleId, articleId), keep.length ? notInArray(v.language, keep) : undefined));
}

export async function insertRevision(db: Db, row: typeof contentRevisions.$inferInsert) {
  await db.insert(contentRevisions).values(row);
}

export async function lastRevision(db: Db, articleId: number, language: ContentLanguage) {
  const [row] = await db.select().from(contentRevisions).where(and(eq(contentRevisions.articleId, articleId), eq(contentRevisions.language, language))).orderBy(desc(contentRevisions.id)).limit(1);
  return row;
}

/** Replaces a revision's text (autosaves of one author in a row make one revision). */
export async function updateRevision(db: Db, id: number, row: Pick<typeof contentRevisions.$inferInsert, 'title' | 'summary' | 'body'>) {
  await db.update(contentRevisions).set({ ...row, createdAt: new Date() }).where(eq(contentRevisions.id, id));
}

export async function revisionsOf(db: Db, articleId: number, limit: number) {
  return db
    .select({ id: contentRevisions.id, language: contentRevisions.language, title: contentRevisions.title, summary: contentRevisions.summary, body: contentRevisions.body, createdAt: contentRevisions.createdAt, authorName: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})` })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.authorId))
    .where(eq(contentRevisions.articleId, articleId))
    .orderBy(desc(contentRevisions.id))
    .limit(limit);
}

export async function findRevision(db: Db, articleId: number, id: number) {
  const [row] = await db.select().from(contentRevisions).where(and(eq(contentRevisions.articleId, articleId), eq(contentRevisions.id, id)));
  return row;
}

// Attachments

export async function insertAttachment(db: Db, row: typeof contentAttachments.$inferInsert): Promise<AttachmentRow> {
  const [created] = await db.insert(contentAttachments).values(row).returning();
  return created!;
}

export async function findAttachment(db: Db, id: number): Promise<AttachmentRow | undefined> {
  const [row] = await db.select().from(contentAttachments).where(eq(contentAttachments.id, id));
  return row;
}

export async function attachmentsByIds(db: Db, ids: number[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(contentAttachments).where(inArray(contentAttachments.id, ids));
}

export async function deleteAttachment(db: Db, id: number): Promise<AttachmentRow | undefined> {
  const [row] = await db.delete(contentAttachments).where(eq(contentAttachments.id, id)).returning();
  return row;
}

/** Articles whose cover is this attachment lose it. */
export async function clearCover(db: Db, attachmentId: number) {
  await db.update(a).set({ coverAttachmentId: null }).where(eq(a.coverAttachmentId, attachmentId));
}

// Publishing schedule, sitemap, feeds

/** The earliest publish time after `now` of a scheduled article (the page cache clears then). */
export async function nextScheduled(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${a.publishAt})`.mapWith(a.publishAt) })
    .from(a)
    .where(and(eq(a.status, 'scheduled'), isNotNull(a.publishAt), sql`${a.publishAt} > ${now.toISOString()}::timestamptz`));
  return row?.at ?? null;
}

/** Every public article with the languages it has (sitemap). */
export async function publicSlugs(db: Db, at: Date, host: string): Promise<{ collection: Collection; slug: string; updatedAt: Date; languages: ContentLanguage[] }[]> {
  const rows = await db
    .select({ collection: a.collection, slug: a.slug, updatedAt: a.updatedAt, language: v.language })
    .from(a)
    .innerJoin(v, eq(v.articleId, a.id))
    .where(and(isPublicAt(at), sql`${host} = any(${a.hosts})`))
    .orderBy(asc(a.collection), desc(a.publishAt), asc(a.id), asc(v.language));
  const out = new Map<string, { collection: Collection; slug: string; updatedAt: Date; languages: ContentLanguage[] }>();
  for (const r of rows) {
    const key = `${r.collection}/${r.slug}`;
    const entry = out.get(key) ?? { collection: r.collection, slug: r.slug, updatedAt: r.updatedAt, languages: [] };
    entry.languages.push(r.language);
    out.set(key, entry);
  }
  return [...out.values()];
}

/** The newest public articles of a collection in one language, with their HTML (feeds). */
export async function latestForFeed(db: Db, f: { collection: Collection; language: ContentLanguage; host: string; at: Date; limit: number }) {
  return db
    .select({ id: a.id, slug: a.slug, tags: a.tags, publishAt: a.publishAt, updatedAt: v.updatedAt, authorName: a.authorName, title: v.title, summary: v.summary, html: v.html })
    .from(a)
    .innerJoin(v, and(eq(v.articleId, a.id), eq(v.language, f.language)))
    .where(publicWhere({ ...f, asOf: f.at, tag: null, text: null }))
    .orderBy(desc(a.publishAt), desc(a.id))
    .limit(f.limit);
}

// Seeds

export async function seedStates(db: Db): Promise<{ id: number; collection: Collection; slug: string; seedHash: string | null }[]> {
  return db.select({ id: a.id, collection: a.collection, slug: a.slug, seedHash: a.seedHash }).from(a);
}

// Domains

export async function listDomains(db: Db): Promise<DomainRow[]> {
  return db.select().from(contentDomains).orderBy(asc(contentDomains.host));
}

export async function findDomain(db: Db, host: string): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(contentDomains).where(eq(contentDomains.host, host));
  return row;
}

export async function upsertDomain(db: Db, row: { host: string; collections: string[]; languages: string[]; updatedBy: number }): Promise<DomainRow> {
  const [saved] = await db
    .insert(contentDomains)
    .values(row)
    .onConflictDoUpdate({ target: contentDomains.host, set: { collections: row.collections, languages: row.languages, updatedBy: row.updatedBy, updatedAt: new Date() } })
    .returning();
  return saved!;
}

export async function notifyContent(db: Db, payload: string) {
  await db.execute(sql`select pg_notify('content', ${payload})`);
}

export interface SearchHitRow {
  id: number;
  collection: Collection;
  slug: string;
  title: string;
  summary: string;
  plain: string;
  rank: number;
}

/**
 * Ranked search over several collections in one language (the help centre and its bot, issue 18).
 * A question is matched word by word (any of its stemmed words, so a natural-language question
 * finds the article that answers it); an article holding every word ranks above the others.
 */
export async function searchAcross(db: Db, f: { collections: Collection[]; language: ContentLanguage; host: string; at: Date; text: string; limit: number }): Promise<SearchHitRow[]> {
  const cfg = configOf(f.language);
  // The question's own stemmed words, each quoted, joined with OR (cast, not re-normalised).
  const anyWord = sql`(coalesce(nullif(array_to_string(array(select quote_literal(w) from unnest(tsvector_to_array(to_tsvector(${cfg}, ${f.text}))) w), ' | '), ''), '''-''')::tsquery)`;
  const allWords = sql`websearch_to_tsquery(${cfg}, ${f.text})`;
  const rank = sql<number>`(ts_rank_cd(${v.search}, ${anyWord}, 1) + ts_rank(${v.search}, ${anyWord}, 1) + case when ${v.search} @@ ${allWords} then 1 else 0 end)::float8`;
  return db
    .select({ id: a.id, collection: a.collection, slug: a.slug, title: v.title, summary: v.summary, plain: v.plain, rank })
    .from(a)
    .innerJoin(v, and(eq(v.articleId, a.id), eq(v.language, f.language)))
    .where(and(inArray(a.collection, f.collections), isPublicAt(f.at), sql`${f.host} = any(${a.hosts})`, sql`${v.search} @@ ${anyWord}`))
    .orderBy(sql`${rank} desc`, desc(a.id))
    .limit(f.limit);
}
