import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const CONTENT_COLLECTIONS = ['blog', 'tutorials', 'software', 'faq', 'kb'] as const;
export const CONTENT_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export const CONTENT_LANGUAGES = ['en', 'ru'] as const;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An article of one collection (issue 15). Public while status is scheduled or published and
 * publish_at has passed: a scheduled article appears at its time without any job flipping it.
 */
export const contentArticles = pgTable(
  'content_articles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    collection: text('collection', { enum: CONTENT_COLLECTIONS }).notNull(),
    slug: text('slug').notNull(),
    status: text('status', { enum: CONTENT_STATUSES }).notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    tags: text('tags').array().notNull().default(sql`'{}'`),
    /** content_domains keys (intl, ru, zh, or an extra host name) the article appears on. */
    hosts: text('hosts').array().notNull().default(sql`'{intl,ru,zh}'`),
    coverAttachmentId: bigint('cover_attachment_id', { mode: 'number' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull().default(''),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    /** Seeded articles: the hash of the seed file last imported (re-imported when it changes). */
    seedHash: text('seed_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_articles_slug_key').on(t.collection, t.slug),
    index('content_articles_listing_idx').on(t.collection, t.publishAt.desc(), t.id.desc()).where(sql`status in ('scheduled', 'published')`),
    index('content_articles_tags_idx').using('gin', t.tags),
  ],
);

/** One language of an article: Markdown as written, and the sanitised HTML, contents and text rendered from it. */
export const contentVersions = pgTable(
  'content_versions',
  {
    articleId: bigint('article_id', { mode: 'number' }).notNull().references(() => contentArticles.id, { onDelete: 'cascade' }),
    language: text('language', { enum: CONTENT_LANGUAGES }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    html: text('html').notNull().default(''),
    toc: jsonb('toc').$type<{ id: string; text: string; depth: number }[]>().notNull().default([]),
    plain: text('plain').notNull().default(''),
    readingMinutes: integer('reading_minutes').notNull().default(1),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector(CASE WHEN "language" = 'ru' THEN 'russian'::regconfig ELSE 'english'::regconfig END, "title"), 'A') || setweight(to_tsvector(CASE WHEN "language" = 'ru' THEN 'russian'::regconfig ELSE 'english'::regconfig END, "summary"), 'B') || setweight(to_tsvector(CASE WHEN "language" = 'ru' THEN 'russian'::regconfig ELSE 'english'::regconfig END, "plain"), 'C')`,
    ),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'content_versions_pkey', columns: [t.articleId, t.language] }), index('content_versions_search_idx').using('gin', t.search)],
);

/** A saved state of one version; restoring one saves it again (a new revision). */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    articleId: bigint('article_id', { mode: 'number' }).notNull().references(() => contentArticles.id, { onDelete: 'cascade' }),
    language: text('language', { enum: CONTENT_LANGUAGES }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('content_revisions_article_idx').on(t.articleId, t.language, t.id.desc())],
);

/** An uploaded image, re-encoded to WebP at `widths` (files under DATA_DIR/content/<id>/). */
export const contentAttachments = pgTable('content_attachments', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  articleId: bigint('article_id', { mode: 'number' }).references(() => contentArticles.id, { onDelete: 'set null' }),
  sha256: text('sha256').notNull(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  widths: integer('widths').array().notNull(),
  alt: text('alt').notNull().default(''),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A host of the product (intl, ru, zh, or an extra host name) and what content it shows. */
export const contentDomains = pgTable('content_domains', {
  host: text('host').primaryKey(),
  collections: text('collections').array().notNull(),
  languages: text('languages').array().notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
