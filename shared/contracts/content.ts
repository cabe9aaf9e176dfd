import { z } from 'zod';

/**
 * The collections of the content engine (issue 15) and where each lives; `faq` and `kb` are the
 * help centre's FAQ and knowledge-base articles (issue 18).
 */
export const COLLECTIONS = ['blog', 'tutorials', 'software', 'faq', 'kb'] as const;
export type Collection = (typeof COLLECTIONS)[number];
export const ARTICLE_STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
/** Article languages (spec §2: blog, tutorials and software pages are en and ru). */
export const CONTENT_LANGUAGES = ['en', 'ru'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export const SORTS = ['latest', 'popular'] as const;
export type ArticleSort = (typeof SORTS)[number];

export interface CollectionInfo {
  /** The public list's path; articles are `${path}/{slug}`. */
  path: string;
  /** The editor's list path; `${editorPath}/new`, `/{slug}`, `/{slug}/edit`. */
  editorPath: string;
  /** Public reads under /api: `${api}`, `${api}/index`, `${api}/by-slug/{slug}` (spec §7). */
  api: string;
  /** The editor's reads under /api: `${editorApi}`, `${editorApi}/by-slug/{slug}`. */
  editorApi: string;
  /** Spec §5: software articles sort by popularity unless asked otherwise. */
  defaultSort: ArticleSort;
}

export const COLLECTION_INFO: Record<Collection, CollectionInfo> = {
  blog: { path: '/blog', editorPath: '/editor/blog', api: 'v1/articles', editorApi: 'v1/editor/articles', defaultSort: 'latest' },
  tutorials: { path: '/h', editorPath: '/editor/h', api: 'v1/tutorials', editorApi: 'v1/editor/tutorials', defaultSort: 'latest' },
  software: { path: '/software/blog', editorPath: '/editor/software/blog', api: 'v1/catalog/articles', editorApi: 'v1/editor/catalog/articles', defaultSort: 'popular' },
  faq: { path: '/support/faq', editorPath: '/editor/support/faq', api: 'v1/support/faq', editorApi: 'v1/editor/support/faq', defaultSort: 'latest' },
  kb: { path: '/kb', editorPath: '/editor/kb', api: 'v1/kb', editorApi: 'v1/editor/kb', defaultSort: 'latest' },
};

/** Spec §5: a search text filters only from 3 characters on. */
export const SEARCH_MIN_CHARS = 3;
export const PAGE_SIZE = 9;
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const TAG_PATTERN = /^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$/u;
export const MAX_BODY_CHARS = 200_000;
/** Uploads: the file as sent, before resizing. */
export const ATTACHMENT_MAX_BYTES = 8 * 1024 * 1024;

/** Spec §5: a language the content does not have falls back to en. */
export function contentLanguageOf(lang: string | undefined): ContentLanguage {
  return (CONTENT_LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as ContentLanguage) : 'en';
}

export const ArticleListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  language: z.string().max(8).optional(),
  hostname: z.string().max(253).optional(),
  /** Accepted as the spec's list calls send it; articles show no prices. */
  currency: z.string().max(8).optional(),
  text: z.string().max(200).optional(),
  tag: z.string().max(40).optional(),
  sort: z.enum(SORTS).optional(),
  /**
   * The moment the first page was read (its answer's `asOf`): later pages count only articles
   * public by then, so appending never repeats or skips one while new ones are published.
   */
  asOf: z.iso.datetime({ offset: true }).optional(),
});
export type ArticleListQuery = z.input<typeof ArticleListQuerySchema>;
export type ArticleListParams = z.output<typeof ArticleListQuerySchema>;

export const ArticleIndexQuerySchema = z.object({ language: z.string().max(8).optional(), hostname: z.string().max(253).optional() });
export const BySlugParamsSchema = z.object({ slug: z.string().min(1).max(120) });
export const BySlugQuerySchema = z.object({ language: z.string().max(8).optional() });
export const IdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export interface ArticleImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

export interface TocEntry {
  id: string;
  text: string;
  depth: number;
}

export interface ArticleCard {
  id: number;
  slug: string;
  language: ContentLanguage;
  title: string;
  summary: string;
  tags: string[];
  publishedAt: string;
  readingMinutes: number;
  views: number;
  cover: ArticleImage | null;
}

export interface ArticleList {
  records: ArticleCard[];
  totalCount: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
  /** Pass back as `asOf` when asking for the next pages. */
  asOf: string;
  /** The search text applied (null when shorter than 3 characters or absent). */
  text: string | null;
}

export interface ArticleIndex {
  language: ContentLanguage;
  totalCount: number;
  tags: { tag: string; count: number }[];
}

export interface ArticleLink {
  slug: string;
  title: string;
}

export interface PublicArticle {
  id: number;
  collection: Collection;
  slug: string;
  /** The version shown. */
  language: ContentLanguage;
  /** True when the asked language has no version and the other one is shown (legacy articles). */
  fallback: boolean;
  languages: ContentLanguage[];
  title: string;
  summary: string;
  html: string;
  toc: TocEntry[];
  readingMinutes: number;
  tags: string[];
  authorName: string;
  publishedAt: string;
  updatedAt: string;
  views: number;
  cover: ArticleImage | null;
  related: ArticleCard[];
  previous: ArticleLink | null;
  next: ArticleLink | null;
}

const text = (max: number) => z.string().max(max).transform((s) => s.replace(/\r\n/g, '\n'));

export const VersionInputSchema = z.object({
  title: z.string().trim().min(1, 'A title is required.').max(200),
  summary: text(500).default(''),
  body: text(MAX_BODY_CHARS).default(''),
});
export type VersionInput = z.input<typeof VersionInputSchema>;

export const ArticleInputSchema = z
  .object({
    collection: z.enum(COLLECTIONS),
    slug: z.string().trim().toLowerCase().max(120).regex(SLUG_PATTERN, 'A slug is lower-case letters and digits joined by dashes.'),
    status: z.enum(ARTICLE_STATUSES).default('draft'),
    /** ISO time; required to schedule; publishing without one publishes now. */
    publishAt: z.iso.datetime({ offset: true }).nullable().default(null),
    tags: z.array(z.string().trim().toLowerCase().max(40).regex(TAG_PATTERN, 'A tag is letters and digits joined by dashes.')).max(10).default([]),
    hosts: z.array(z.string().trim().toLowerCase().min(1).max(253)).min(1).max(10).default(['intl', 'ru', 'zh']),
    coverAttachmentId: z.number().int().positive().nullable().default(null),
    authorName: z.string().trim().max(80).default(''),
    versions: z.object({ en: VersionInputSchema.optional(), ru: VersionInputSchema.optional() }).refine((v) => v.en || v.ru, 'An article needs an English or a Russian version.'),
  })
  .refine((a) => a.status !== 'scheduled' || a.publishAt !== null, { message: 'Scheduling needs a publish time.', path: ['publishAt'] });
export type ArticleInput = z.input<typeof ArticleInputSchema>;

/** POST /api/v1/editor/articles/new and PUT /api/v1/editor/articles/{id} (spec §7: payload `article`). */
export const ArticleBodySchema = z.object({ article: ArticleInputSchema });

export const EditorListQuerySchema = z.object({
  status: z.enum(ARTICLE_STATUSES).optional(),
  text: z.string().max(200).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type EditorListQuery = z.input<typeof EditorListQuerySchema>;
export type EditorListParams = z.output<typeof EditorListQuerySchema>;

export interface EditorArticleRow {
  id: number;
  slug: string;
  status: ArticleStatus;
  /** Scheduled articles whose time has come show as live. */
  live: boolean;
  publishAt: string | null;
  title: string;
  languages: ContentLanguage[];
  tags: string[];
  views: number;
  updatedAt: string;
}

export interface EditorArticleList {
  records: EditorArticleRow[];
  totalCount: number;
  page: number;
  pageSize: number;
}

export interface EditorVersion {
  title: string;
  summary: string;
  body: string;
  updatedAt: string;
}

export interface EditorArticle {
  id: number;
  collection: Collection;
  slug: string;
  status: ArticleStatus;
  live: boolean;
  publishAt: string | null;
  tags: string[];
  hosts: string[];
  coverAttachmentId: number | null;
  cover: ArticleImage | null;
  authorName: string;
  views: number;
  versions: Partial<Record<ContentLanguage, EditorVersion>>;
  createdAt: string;
  updatedAt: string;
}

export interface Revision {
  id: number;
  language: ContentLanguage;
  title: string;
  summary: string;
  body: string;
  authorName: string | null;
  createdAt: string;
}

export const RevisionParamsSchema = z.object({ id: z.coerce.number().int().positive(), revisionId: z.coerce.number().int().positive() });

export const PreviewBodySchema = z.object({ body: text(MAX_BODY_CHARS) });
export interface PreviewResult {
  html: string;
  toc: TocEntry[];
  readingMinutes: number;
}

export interface Attachment {
  id: number;
  /** The largest web size; insert it as the image's URL. */
  url: string;
  width: number;
  height: number;
  widths: number[];
  bytes: number;
}

export interface ContentDomain {
  /** intl, ru, zh, or an extra host name. */
  host: string;
  /** The address it is served on (configured URLs), null for an extra host. */
  url: string | null;
  collections: Collection[];
  languages: ContentLanguage[];
  updatedAt: string;
}

export const DomainParamsSchema = z.object({ host: z.string().trim().toLowerCase().min(1).max(253).regex(/^[a-z0-9.-]+$/) });
export const DomainBodySchema = z.object({
  collections: z.array(z.enum(COLLECTIONS)).max(COLLECTIONS.length),
  languages: z.array(z.enum(CONTENT_LANGUAGES)).max(2),
});
export type DomainBody = z.input<typeof DomainBodySchema>;
