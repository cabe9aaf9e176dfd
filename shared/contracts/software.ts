import { z } from 'zod';

/**
 * The software catalogue (issue 16, spec §2 "Software catalogue", §3, §4, §5, §7): listings of
 * programs and libraries that use the API, their reviews, moderation and per-software statistics.
 */

/** Pages of `/api/v1/catalog/software` and of reviews start at 0 (spec §9). */
export const SOFTWARE_PAGE_SIZE = 12;
export const REVIEWS_PAGE_SIZE = 10;
/** Spec §5: the text filter applies from 3 characters. */
export const SOFTWARE_SEARCH_MIN_CHARS = 3;
/** Spec §9: the public statistics window. */
export const STATISTICS_WINDOW_DAYS = 7;

/** Spec §5: sorting defaults to relevant. */
export const SOFTWARE_SORTINGS = ['relevant', 'popular', 'new', 'rating'] as const;
export type SoftwareSorting = (typeof SOFTWARE_SORTINGS)[number];

export const LISTING_STATUSES = ['pending', 'published', 'rejected', 'hidden'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const REVIEW_STATUSES = ['pending', 'published', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Categories are rows of `software_categories` (migration 0021); their names are in the `software` catalogue. */
export const SOFTWARE_CATEGORIES = ['client-libraries', 'browser-automation', 'browser-extensions', 'desktop-apps', 'bots-and-scrapers', 'seo-and-marketing', 'other'] as const;
export type SoftwareCategory = (typeof SOFTWARE_CATEGORIES)[number];

export const PLATFORMS = ['python', 'nodejs', 'php', 'java', 'dotnet', 'go', 'ruby', 'windows', 'macos', 'linux', 'browser', 'android', 'web'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PRICE_MODELS = ['open-source', 'free', 'freemium', 'paid', 'subscription'] as const;
export type PriceModel = (typeof PRICE_MODELS)[number];

/** Interface languages a listing may declare (ISO 639-1). */
export const LISTING_LANGUAGES = ['en', 'ru', 'zh', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'pl', 'pt', 'th', 'tr', 'uk', 'vi'] as const;

/** Paths under /software that are pages, never slugs. */
export const RESERVED_SLUGS = ['blog', 'softlist', 'add', 'moderation', 'statistic', 'new', 'edit'] as const;

const url = z
  .string()
  .trim()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'an http(s) address')
  .nullable()
  .optional()
  .transform((v) => v || null);

/** What a developer submits on /software/add and /software/{slug}/edit. */
export const ListingInputSchema = z.object({
  name: z.string().trim().min(2).max(80),
  summary: z.string().trim().min(10).max(200),
  /** Markdown, rendered and sanitised on the server. */
  description: z.string().max(20_000).default(''),
  categories: z.array(z.enum(SOFTWARE_CATEGORIES)).min(1).max(3),
  platforms: z.array(z.enum(PLATFORMS)).max(PLATFORMS.length).default([]),
  /** Registry slugs (shared/captcha-types); unknown slugs are refused. */
  captchaTypes: z.array(z.string().max(40)).max(60).default([]),
  languages: z.array(z.enum(LISTING_LANGUAGES)).max(LISTING_LANGUAGES.length).default([]),
  priceModel: z.enum(PRICE_MODELS),
  siteUrl: url,
  repositoryUrl: url,
  downloadUrl: url,
});
export type ListingInput = z.output<typeof ListingInputSchema>;
export type ListingInputDraft = z.input<typeof ListingInputSchema>;

export const SoftwareListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  sorting: z.enum(SOFTWARE_SORTINGS).default('relevant'),
  /** Comma-separated category slugs (any of them). */
  categories: z
    .string()
    .max(400)
    .optional()
    .transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [])),
  text: z.string().max(200).optional(),
  /** The first page's moment: later pages of the same list carry it, so none repeats or skips an entry. */
  asOf: z.iso.datetime({ offset: true }).optional(),
});
export type SoftwareListQuery = z.input<typeof SoftwareListQuerySchema>;

export const SlugParamsSchema = z.object({ slug: z.string().min(1).max(80) });
export const IdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2 ** 53 - 1) });
export const SoftwareIdParamsSchema = z.object({ softwareId: z.coerce.number().int().positive().max(2 ** 53 - 1) });
export const PageQuerySchema = z.object({ page: z.coerce.number().int().min(0).max(10_000).default(0) });

export const ReviewInputSchema = z.object({
  rating: z.coerce.number().int().min(1).max(5),
  text: z.string().trim().min(10).max(3000),
});
/** Spec §7: `POST …/{softwareId}/reviews` with `review`. */
export const ReviewBodySchema = z.object({ review: ReviewInputSchema });
export const ReplyBodySchema = z.object({ text: z.string().trim().min(2).max(2000) });
export const ReasonBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const ModerationListQuerySchema = z.object({ status: z.enum(['queue', ...LISTING_STATUSES]).default('queue') });
export const ReviewModerationQuerySchema = z.object({ status: z.enum(REVIEW_STATUSES).default('pending') });

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
/** Spec §7: `dateFrom`, `dateTo`, a 7-day window ending today (both optional; that window by default). */
export const StatisticsQuerySchema = z.object({ dateFrom: day.optional(), dateTo: day.optional() });

export interface SoftwareCategoryInfo {
  slug: SoftwareCategory;
  count: number;
}

export interface RatingSummary {
  average: number | null;
  count: number;
}

export interface SoftwareCard {
  id: number;
  slug: string;
  name: string;
  summary: string;
  categories: SoftwareCategory[];
  platforms: Platform[];
  captchaTypes: string[];
  priceModel: PriceModel;
  rating: RatingSummary;
  /** Tasks sent through its soft_id in the 30 days before the list's moment. */
  usage: number;
  publishedAt: string | null;
}

/** Spec §3: the catalogue response is `records`, `totalCount`. */
export interface SoftwareList {
  records: SoftwareCard[];
  totalCount: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
  asOf: string;
  /** The text filter applied (null when under 3 characters or absent). */
  text: string | null;
  sorting: SoftwareSorting;
}

export interface ListingLinks {
  site: string | null;
  repository: string | null;
  download: string | null;
}

export interface Screenshot {
  id: number;
  src: string;
  thumb: string;
  width: number;
  height: number;
}

export interface RelatedArticle {
  slug: string;
  title: string;
  summary: string;
}

export interface Review {
  id: number;
  rating: number;
  text: string;
  author: string;
  createdAt: string;
  updatedAt: string;
  status: ReviewStatus;
  reply: { text: string; at: string } | null;
}

export interface SoftwareDetail extends SoftwareCard {
  descriptionHtml: string;
  languages: string[];
  links: ListingLinks;
  status: ListingStatus;
  /** Entries the catalogue lists itself (public facts) have no developer account behind them. */
  claimed: boolean;
  screenshots: Screenshot[];
  related: SoftwareCard[];
  articles: RelatedArticle[];
  viewer: {
    isOwner: boolean;
    isStaff: boolean;
    /** The viewer may write a review (signed in, a customer or a user of it, not its owner, none yet). */
    canReview: boolean;
    myReview: Review | null;
    /** Owner and staff: the soft_id and whether an edit waits for moderation. */
    softId: number | null;
    pendingEdit: boolean;
    rejectReason: string | null;
  };
}

export interface ReviewList {
  records: Review[];
  totalCount: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export interface SoftlistEntry {
  slug: string;
  name: string;
  categories: SoftwareCategory[];
}

/** The owner's editor: the listing as the owner last wrote it (the pending edit, if any). */
export interface OwnListing {
  id: number;
  slug: string;
  softId: number | null;
  status: ListingStatus;
  rejectReason: string | null;
  pendingEdit: boolean;
  input: ListingInput;
  /** The version visitors see while an edit waits. */
  published: { name: string; summary: string } | null;
  screenshots: Screenshot[];
  createdAt: string;
}

export interface StatisticsDay {
  date: string;
  tasks: number;
  solved: number;
  unsolvable: number;
  users: number;
}

/** `GET /api/v2/software/statistics/{slug}/public`. */
export interface SoftwareStatistics {
  slug: string;
  name: string;
  dateFrom: string;
  dateTo: string;
  days: StatisticsDay[];
  totals: { tasks: number; solved: number; unsolvable: number; users: number; successRate: number | null };
  types: { type: string; tasks: number }[];
}

/** The developer's console for one listing: revenue (ledger) and use per day. */
export interface OwnerStatistics {
  softId: number | null;
  days: { date: string; revenue: string; tasks: number; customers: number; errors: number; errorRate: number | null }[];
  totals: { revenue: string; tasks: number; customers: number; errors: number; errorRate: number | null };
}

export interface ModerationListing {
  id: number;
  slug: string;
  status: ListingStatus;
  name: string;
  summary: string;
  descriptionHtml: string;
  owner: string | null;
  softId: number | null;
  rejectReason: string | null;
  createdAt: string;
  /** The owner's edit waiting for approval, rendered. */
  draft: { name: string; summary: string; descriptionHtml: string; at: string } | null;
}

export interface ModerationReview extends Review {
  software: { slug: string; name: string };
  rejectReason: string | null;
  /** The reviewer's history: other reviews by status, and tasks sent through this software's soft_id. */
  reviewer: { reviews: number; published: number; rejected: number; tasksWithSoftware: number; registeredAt: string };
}
