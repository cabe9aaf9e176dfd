import sharp from 'sharp';
import { getCaptchaType } from '#shared/captcha-types/index.ts';
import { ArticleListQuerySchema } from '#shared/contracts/content.ts';
import type {
  SoftwareListQuerySchema} from '#shared/contracts/software.ts';
import {
  RESERVED_SLUGS,
  REVIEWS_PAGE_SIZE,
  SOFTWARE_PAGE_SIZE,
  SOFTWARE_SEARCH_MIN_CHARS,
  STATISTICS_WINDOW_DAYS,
  type ListingInput,
  type ListingStatus,
  type ModerationListing,
  type ModerationReview,
  type OwnListing,
  type OwnerStatistics,
  type RelatedArticle,
  type Review,
  type ReviewList,
  type ReviewStatus,
  type Screenshot,
  type SoftlistEntry,
  type SoftwareCard,
  type SoftwareCategory,
  type SoftwareCategoryInfo,
  type SoftwareDetail,
  type SoftwareList,
  type SoftwareStatistics,
  type StatisticsDay,
} from '#shared/contracts/software.ts';
import { formatMoney } from '#shared/money.ts';
import { AppError } from '#server/lib/app-error.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import { announce, listArticles } from '#server/modules/content/content.service.ts';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import { renderDescription } from './markdown.ts';
import * as repo from './software.repo.ts';
import type { CardRow, ListingRow, ReviewRow } from './software.repo.ts';

type Viewer = Pick<UserRow, 'id' | 'userType' | 'isAdmin' | 'isModerator'> | null;

const isStaff = (u: Viewer) => !!u && (u.isAdmin || u.isModerator);
const DAY_MS = 86_400_000;

export function cardOf(x: CardRow): SoftwareCard {
  return {
    id: x.id,
    slug: x.slug,
    name: x.name,
    summary: x.summary,
    categories: x.categories as SoftwareCategory[],
    platforms: x.platforms as SoftwareCard['platforms'],
    captchaTypes: x.captchaTypes,
    priceModel: x.priceModel as SoftwareCard['priceModel'],
    rating: { average: x.reviewCount ? Math.round((x.ratingSum / x.reviewCount) * 10) / 10 : null, count: x.reviewCount },
    usage: x.usage,
    publishedAt: x.publishedAt,
  };
}

/** A reviewer as others see them: the first two characters of the e-mail's local part. */
function authorOf(email: string): string {
  const local = email.split('@')[0] ?? '';
  return `${local.slice(0, 2)}***`;
}

function reviewOf(x: ReviewRow, email: string): Review {
  return {
    id: x.id,
    rating: x.rating,
    text: x.text,
    author: authorOf(email),
    createdAt: x.createdAt.toISOString(),
    updatedAt: x.updatedAt.toISOString(),
    status: x.status,
    reply: x.reply && x.replyAt ? { text: x.reply, at: x.replyAt.toISOString() } : null,
  };
}

function screenshotOf(s: { id: number; width: number; height: number }): Screenshot {
  return { id: s.id, src: `/api/v1/catalog/screenshots/${s.id}/full.webp`, thumb: `/api/v1/catalog/screenshots/${s.id}/thumb.webp`, width: s.width, height: s.height };
}

/** Refuses captcha types the registry does not declare (the listing says what it supports). */
function checkInput(input: ListingInput): ListingInput {
  const unknown = input.captchaTypes.filter((t) => !getCaptchaType(t));
  if (unknown.length) throw new AppError('VALIDATION_FAILED', `Unknown captcha types: ${unknown.join(', ')}.`, { captchaTypes: unknown });
  return { ...input, captchaTypes: [...new Set(input.captchaTypes)], categories: [...new Set(input.categories)], platforms: [...new Set(input.platforms)], languages: [...new Set(input.languages)] };
}

function slugify(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return base.length >= 2 ? base : 'software';
}

async function freeSlug(ctx: Ctx, name: string): Promise<string> {
  const base = slugify(name);
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if ((RESERVED_SLUGS as readonly string[]).includes(slug)) continue;
    if (!(await repo.slugExists(ctx.db, slug))) return slug;
  }
  throw new AppError('CONFLICT', 'Choose another name.');
}

/** Seeded listings arrive with Markdown only: their HTML is rendered and stored on first read. */
async function htmlOf(ctx: Ctx, row: ListingRow): Promise<string> {
  if (row.descriptionHtml || !row.description.trim()) return row.descriptionHtml;
  const html = await renderDescription(row.description);
  await repo.updateListing(ctx.db, row.id, { descriptionHtml: html });
  return html;
}

// Public reads (spec §7)

export async function listCategories(ctx: Ctx): Promise<SoftwareCategoryInfo[]> {
  return (await repo.categories(ctx.db)) as SoftwareCategoryInfo[];
}

/** `GET /api/v1/catalog/software`: page, sorting (relevant by default), categories, text (from 3 characters), asOf. */
export async function listSoftware(ctx: Ctx, q: ReturnType<typeof SoftwareListQuerySchema.parse>): Promise<SoftwareList> {
  const asOf = q.asOf ? new Date(q.asOf) : new Date();
  const trimmed = q.text?.trim() ?? '';
  const text = trimmed.length >= SOFTWARE_SEARCH_MIN_CHARS ? trimmed : null;
  const { rows, total } = await repo.listPublished(ctx.db, {
    asOf,
    categories: q.categories,
    text,
    sorting: q.sorting,
    offset: q.page * SOFTWARE_PAGE_SIZE,
    limit: SOFTWARE_PAGE_SIZE,
  });
  return {
    records: rows.map(cardOf),
    totalCount: total,
    page: q.page,
    pageSize: SOFTWARE_PAGE_SIZE,
    hasMore: (q.page + 1) * SOFTWARE_PAGE_SIZE < total,
    asOf: asOf.toISOString(),
    text,
    sorting: q.sorting,
  };
}

export async function softlist(ctx: Ctx): Promise<SoftlistEntry[]> {
  return (await repo.softlist(ctx.db)) as SoftlistEntry[];
}

/** A listing the viewer may see: published for everyone; otherwise its owner and staff only. */
async function visibleListing(ctx: Ctx, slug: string, viewer: Viewer): Promise<ListingRow> {
  const row = await repo.findBySlug(ctx.db, slug);
  if (!row) throw new AppError('NOT_FOUND', 'No such software.');
  if (row.status === 'published') return row;
  if (viewer && (row.ownerId === viewer.id || isStaff(viewer))) return row;
  throw new AppError('NOT_FOUND', 'No such software.');
}

/** Article tags (content module, software collection) that speak about each category. */
const CATEGORY_TAGS: Record<string, string> = { 'client-libraries': 'libraries', 'browser-automation': 'browser-automation', 'bots-and-scrapers': 'reliability' };

/**
 * Software articles (the content module's public list): tagged with the listing's slug first, then
 * with its categories (or their topic tags), then the catalogue's own articles; at most three.
 */
async function articlesFor(ctx: Ctx, row: ListingRow, language: string | undefined): Promise<RelatedArticle[]> {
  const out: RelatedArticle[] = [];
  const seen = new Set<string>();
  const tags = [row.slug, ...row.categories, ...row.categories.map((c) => CATEGORY_TAGS[c]).filter((x): x is string => !!x), 'catalogue'];
  for (const tag of [...new Set(tags)]) {
    if (out.length >= 3) break;
    const query = ArticleListQuerySchema.safeParse({ page: 0, language, tag });
    if (!query.success) continue;
    const list = await listArticles(ctx, 'software', query.data);
    for (const a of list.records) {
      if (seen.has(a.slug) || out.length >= 3) continue;
      seen.add(a.slug);
      out.push({ slug: a.slug, title: a.title, summary: a.summary });
    }
  }
  return out;
}

async function canReview(ctx: Ctx, row: ListingRow, viewer: Viewer): Promise<boolean> {
  if (!viewer || viewer.userType === null || row.ownerId === viewer.id || row.status !== 'published') return false;
  if (viewer.userType === 'customer') return true;
  return (await repo.tasksWithSoftware(ctx.db, row.softwareId, viewer.id)) > 0;
}

/** `GET /api/v1/catalog/software/{slug}`: the full entry, its related software and articles, and what the viewer may do. */
export async function softwareBySlug(ctx: Ctx, slug: string, viewer: Viewer, language?: string): Promise<SoftwareDetail> {
  const row = await visibleListing(ctx, slug, viewer);
  const [html, rating, relatedIds, shots, articles, mine, reviewable] = await Promise.all([
    htmlOf(ctx, row),
    repo.ratingOf(ctx.db, row.id),
    repo.relatedIds(ctx.db, row, 4),
    repo.screenshotsOf(ctx.db, [row.id]),
    articlesFor(ctx, row, language),
    viewer ? repo.reviewOf(ctx.db, row.id, viewer.id) : Promise.resolve(undefined),
    canReview(ctx, row, viewer),
  ]);
  const related = await repo.cardsOf(ctx.db, relatedIds);
  const [card] = await repo.cardsOf(ctx.db, [row.id]);
  const privileged = !!viewer && (row.ownerId === viewer.id || isStaff(viewer));
  const myEmail = mine && viewer ? ((await repo.userInfo(ctx.db, viewer.id))?.email ?? '') : '';
  return {
    ...(card
      ? cardOf(card)
      : cardOf({ id: row.id, slug: row.slug, name: row.name, summary: row.summary, categories: row.categories, platforms: row.platforms, captchaTypes: row.captchaTypes, priceModel: row.priceModel, publishedAt: null, usage: 0, reviewCount: 0, ratingSum: 0 })),
    rating: { average: rating.count ? Math.round((rating.sum / rating.count) * 10) / 10 : null, count: rating.count },
    descriptionHtml: html,
    languages: row.languages,
    links: { site: row.siteUrl, repository: row.repositoryUrl, download: row.downloadUrl },
    status: row.status,
    claimed: row.ownerId !== null,
    screenshots: shots.map(screenshotOf),
    related: related.map(cardOf),
    articles,
    viewer: {
      isOwner: !!viewer && row.ownerId === viewer.id,
      isStaff: isStaff(viewer),
      canReview: reviewable && !mine,
      myReview: mine ? reviewOf(mine, myEmail) : null,
      softId: privileged ? row.softwareId : null,
      pendingEdit: privileged ? row.draft !== null : false,
      rejectReason: privileged ? row.rejectReason : null,
    },
  };
}

/** `GET /api/v1/catalog/software/{slug}/reviews`: published reviews, newest first. */
export async function listReviews(ctx: Ctx, slug: string, page: number, viewer: Viewer): Promise<ReviewList> {
  const row = await visibleListing(ctx, slug, viewer);
  const { rows, total } = await repo.publishedReviews(ctx.db, row.id, page * REVIEWS_PAGE_SIZE, REVIEWS_PAGE_SIZE);
  return { records: rows.map((x) => reviewOf(x, x.email)), totalCount: total, page, pageSize: REVIEWS_PAGE_SIZE, hasMore: (page + 1) * REVIEWS_PAGE_SIZE < total };
}

// Reviews

/**
 * `POST /api/v1/catalog/software/{softwareId}/reviews` (softwareId: the listing's id). Who may
 * review: any customer, and anyone else who sent at least one task through its soft_id; never
 * its owner. One review per user per listing (a second is refused with CONFLICT; edit instead).
 */
export async function addReview(ctx: Ctx, listingId: number, user: UserRow, input: { rating: number; text: string }): Promise<Review> {
  const row = await repo.findById(ctx.db, listingId);
  if (!row || row.status !== 'published') throw new AppError('NOT_FOUND', 'No such software.');
  if (row.ownerId === user.id) throw new AppError('FORBIDDEN', 'You cannot review your own software.');
  if (!(await canReview(ctx, row, user))) throw new AppError('FORBIDDEN', 'Reviews are open to customers and to users of this software.');
  const created = await repo.insertReview(ctx.db, { listingId, userId: user.id, rating: input.rating, text: input.text });
  if (!created) throw new AppError('CONFLICT', 'You have already reviewed this software; edit your review instead.');
  return reviewOf(created, user.email);
}

/** The author edits their review; it goes back to moderation (and off the page) until approved again. */
export async function editReview(ctx: Ctx, reviewId: number, user: UserRow, input: { rating: number; text: string }): Promise<Review> {
  const row = await repo.findReview(ctx.db, reviewId);
  if (!row || row.userId !== user.id) throw new AppError('NOT_FOUND', 'No such review.');
  const updated = await repo.updateReview(ctx.db, reviewId, { rating: input.rating, text: input.text, status: 'pending', rejectReason: null, publishedAt: null });
  return reviewOf(updated, user.email);
}

/** The listing's owner answers a published review, once. */
export async function replyToReview(ctx: Ctx, reviewId: number, user: UserRow, text: string): Promise<Review> {
  return ctx.db.transaction(async (tx) => {
    const review = await repo.findReview(tx, reviewId, true);
    if (!review || review.status !== 'published') throw new AppError('NOT_FOUND', 'No such review.');
    const listing = await repo.findById(tx, review.listingId);
    if (!listing || listing.ownerId !== user.id) throw new AppError('FORBIDDEN', 'Only the software’s owner may reply.');
    if (review.reply !== null) throw new AppError('CONFLICT', 'You have already replied to this review.');
    const updated = await repo.updateReview(tx, reviewId, { reply: text, replyAt: new Date() });
    const author = await repo.userInfo(tx, review.userId);
    return reviewOf(updated, author?.email ?? '');
  });
}

// Developers

async function ownListingOf(ctx: Ctx, row: ListingRow): Promise<OwnListing> {
  const shots = await repo.screenshotsOf(ctx.db, [row.id]);
  const current: ListingInput = {
    name: row.name,
    summary: row.summary,
    description: row.description,
    categories: row.categories as ListingInput['categories'],
    platforms: row.platforms as ListingInput['platforms'],
    captchaTypes: row.captchaTypes,
    languages: row.languages as ListingInput['languages'],
    priceModel: row.priceModel as ListingInput['priceModel'],
    siteUrl: row.siteUrl,
    repositoryUrl: row.repositoryUrl,
    downloadUrl: row.downloadUrl,
  };
  return {
    id: row.id,
    slug: row.slug,
    softId: row.softwareId,
    status: row.status,
    rejectReason: row.rejectReason,
    pendingEdit: row.draft !== null,
    input: row.draft ?? current,
    published: row.status === 'published' || row.publishedAt ? { name: row.name, summary: row.summary } : null,
    screenshots: shots.map(screenshotOf),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `/software/add`: the listing (pending moderation) and its soft_id, issued at once in the same
 * transaction; tasks sent with it earn the owner the 10 % share from the start (tasks module).
 */
export async function createListing(ctx: Ctx, user: UserRow, raw: ListingInput): Promise<OwnListing> {
  const input = checkInput(raw);
  const html = await renderDescription(input.description);
  const row = await ctx.db.transaction(async (tx) => {
    const t = withDb(ctx, tx);
    const slug = await freeSlug(t, input.name);
    const softwareId = await repo.insertSoftware(tx, user.id, input.name);
    return repo.insertListing(tx, { ...repo.columnsOf(input, html), slug, softwareId, ownerId: user.id, status: 'pending' });
  });
  return ownListingOf(ctx, row);
}

export async function myListings(ctx: Ctx, user: UserRow): Promise<OwnListing[]> {
  return Promise.all((await repo.listingsOfOwner(ctx.db, user.id)).map((row) => ownListingOf(ctx, row)));
}

async function ownedBySlug(ctx: Ctx, slug: string, user: Viewer): Promise<ListingRow> {
  const row = await repo.findBySlug(ctx.db, slug);
  if (!row || !user || (row.ownerId !== user.id && !isStaff(user))) throw new AppError('NOT_FOUND', 'No such software of yours.');
  return row;
}

export async function ownListing(ctx: Ctx, slug: string, user: UserRow): Promise<OwnListing> {
  return ownListingOf(ctx, await ownedBySlug(ctx, slug, user));
}

/**
 * The owner's edit. A listing visitors see (published, or hidden) keeps its published text and
 * the edit waits in `draft` for a moderator; a pending or rejected one is changed in place and
 * (again) waits for moderation.
 */
export async function updateListing(ctx: Ctx, id: number, user: UserRow, raw: ListingInput): Promise<OwnListing> {
  const input = checkInput(raw);
  const html = await renderDescription(input.description);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.findById(tx, id, true);
    if (!current || current.ownerId !== user.id) throw new AppError('NOT_FOUND', 'No such software of yours.');
    if (current.status === 'published' || current.status === 'hidden') return repo.updateListing(tx, id, { draft: input, draftAt: new Date() });
    if (current.softwareId !== null) await repo.renameSoftware(tx, current.softwareId, input.name);
    return repo.updateListing(tx, id, { ...repo.columnsOf(input, html), status: 'pending', rejectReason: null, draft: null, draftAt: null });
  });
  return ownListingOf(ctx, row);
}

// Screenshots

const SCREENSHOT_MAX_PIXELS = 40_000_000;
const SCREENSHOTS_PER_LISTING = 6;

/** Uploaded screenshots are resized on the server: ≤ 1280 px wide and a 400 px thumbnail, WebP, metadata dropped. */
export async function addScreenshot(ctx: Ctx, listingId: number, user: UserRow, data: Buffer): Promise<Screenshot> {
  const row = await repo.findById(ctx.db, listingId);
  if (!row || (row.ownerId !== user.id && !isStaff(user))) throw new AppError('NOT_FOUND', 'No such software of yours.');
  if ((await repo.screenshotsOf(ctx.db, [listingId])).length >= SCREENSHOTS_PER_LISTING) throw new AppError('CONFLICT', `At most ${SCREENSHOTS_PER_LISTING} screenshots.`);
  let meta;
  try {
    meta = await sharp(data, { limitInputPixels: SCREENSHOT_MAX_PIXELS }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a PNG, JPEG or WebP image.');
  }
  if (!meta.format || !['png', 'jpeg', 'webp'].includes(meta.format) || !meta.width || !meta.height) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send a PNG, JPEG or WebP image.');
  const pipe = () => sharp(data, { limitInputPixels: SCREENSHOT_MAX_PIXELS, animated: false }).rotate();
  const full = await pipe().resize({ width: 1280, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  const thumb = await pipe().resize({ width: 400, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
  const id = await repo.insertScreenshot(ctx.db, { listingId, width: full.info.width, height: full.info.height, full: full.data, thumb });
  return screenshotOf({ id, width: full.info.width, height: full.info.height });
}

export async function removeScreenshot(ctx: Ctx, listingId: number, id: number, user: UserRow): Promise<{ deleted: true }> {
  const row = await repo.findById(ctx.db, listingId);
  if (!row || (row.ownerId !== user.id && !isStaff(user))) throw new AppError('NOT_FOUND', 'No such software of yours.');
  if (!(await repo.deleteScreenshot(ctx.db, listingId, id))) throw new AppError('NOT_FOUND', 'No such screenshot.');
  return { deleted: true };
}

export const screenshotFile = (ctx: Ctx, id: number, size: 'full' | 'thumb') => repo.screenshotFile(ctx.db, id, size);

// Moderation (moderators and admins)

/**
 * What moderation changes is public: once committed, every node's page cache is cleared (through
 * the content module's announcement), so visitors see it at once rather than within the cache's 5 s.
 */
async function published<T>(ctx: Ctx, change: Promise<T>): Promise<T> {
  const result = await change;
  await announce(ctx, 'software');
  return result;
}

export async function moderationListings(ctx: Ctx, status: 'queue' | ListingStatus): Promise<ModerationListing[]> {
  const rows = await repo.moderationListings(ctx.db, status);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      slug: row.slug,
      status: row.status,
      name: row.name,
      summary: row.summary,
      descriptionHtml: await htmlOf(ctx, row),
      owner: row.ownerEmail,
      softId: row.softwareId,
      rejectReason: row.rejectReason,
      createdAt: row.createdAt.toISOString(),
      draft: row.draft ? { name: row.draft.name, summary: row.draft.summary, descriptionHtml: await renderDescription(row.draft.description), at: (row.draftAt ?? row.updatedAt).toISOString() } : null,
    })),
  );
}

/** Approves a pending listing (publishes it) or a published one's waiting edit (replaces the published text). */
export async function approveListing(ctx: Ctx, id: number, moderator: UserRow): Promise<{ status: ListingStatus }> {
  return published(ctx, ctx.db.transaction(async (tx) => {
    const row = await repo.findById(tx, id, true);
    if (!row) throw new AppError('NOT_FOUND', 'No such software.');
    const stamp = { moderatedBy: moderator.id, moderatedAt: new Date(), rejectReason: null };
    if (row.draft) {
      const draft = checkInput(row.draft);
      if (row.softwareId !== null) await repo.renameSoftware(tx, row.softwareId, draft.name);
      await repo.updateListing(tx, id, { ...repo.columnsOf(draft, await renderDescription(draft.description)), ...stamp, draft: null, draftAt: null, status: row.status === 'hidden' ? 'hidden' : 'published', publishedAt: row.publishedAt ?? new Date() });
      return { status: row.status === 'hidden' ? 'hidden' : 'published' };
    }
    if (row.status === 'published') throw new AppError('CONFLICT', 'Nothing waits for approval.');
    await repo.updateListing(tx, id, { ...stamp, status: 'published', publishedAt: row.publishedAt ?? new Date() });
    return { status: 'published' as const };
  }));
}

/** Rejects a pending listing, or a published one's waiting edit (the published text stays). */
export async function rejectListing(ctx: Ctx, id: number, reason: string, moderator: UserRow): Promise<{ status: ListingStatus }> {
  return published(ctx, ctx.db.transaction(async (tx) => {
    const row = await repo.findById(tx, id, true);
    if (!row) throw new AppError('NOT_FOUND', 'No such software.');
    const stamp = { moderatedBy: moderator.id, moderatedAt: new Date(), rejectReason: reason };
    if (row.draft && (row.status === 'published' || row.status === 'hidden')) {
      await repo.updateListing(tx, id, { ...stamp, draft: null, draftAt: null });
      return { status: row.status };
    }
    await repo.updateListing(tx, id, { ...stamp, status: 'rejected' });
    return { status: 'rejected' as const };
  }));
}

/** Takes a listing off the catalogue (its soft_id keeps working); approving publishes it again. */
export async function hideListing(ctx: Ctx, id: number, moderator: UserRow): Promise<{ status: ListingStatus }> {
  const row = await repo.findById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such software.');
  await repo.updateListing(ctx.db, id, { status: 'hidden', moderatedBy: moderator.id, moderatedAt: new Date() });
  return published(ctx, Promise.resolve({ status: 'hidden' as const }));
}

export async function moderationReviews(ctx: Ctx, status: ReviewStatus): Promise<ModerationReview[]> {
  const rows = await repo.moderationReviews(ctx.db, status);
  const history = await repo.reviewerHistory(ctx.db, [...new Set(rows.map((x) => x.review.userId))]);
  return Promise.all(
    rows.map(async (x) => ({
      ...reviewOf(x.review, x.email),
      software: { slug: x.slug, name: x.name },
      rejectReason: x.review.rejectReason,
      reviewer: {
        reviews: history.get(x.review.userId)?.reviews ?? 0,
        published: history.get(x.review.userId)?.published ?? 0,
        rejected: history.get(x.review.userId)?.rejected ?? 0,
        tasksWithSoftware: await repo.tasksWithSoftware(ctx.db, x.softwareId, x.review.userId),
        registeredAt: x.registeredAt.toISOString(),
      },
    })),
  );
}

export async function moderateReview(ctx: Ctx, id: number, decision: 'approve' | 'reject', moderator: UserRow, reason?: string): Promise<{ status: ReviewStatus }> {
  const row = await repo.findReview(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such review.');
  if (decision === 'approve') {
    await repo.updateReview(ctx.db, id, { status: 'published', publishedAt: new Date(), rejectReason: null, moderatedBy: moderator.id });
    return published(ctx, Promise.resolve({ status: 'published' as const }));
  }
  await repo.updateReview(ctx.db, id, { status: 'rejected', publishedAt: null, rejectReason: reason ?? null, moderatedBy: moderator.id });
  return published(ctx, Promise.resolve({ status: 'rejected' as const }));
}

// Statistics

const dayString = (d: Date) => d.toISOString().slice(0, 10);

/** The window of spec §7: dateFrom..dateTo inclusive, at most 7 days, ending today (UTC) by default. */
export function statisticsWindow(q: { dateFrom?: string; dateTo?: string }, now = new Date()): { from: Date; to: Date; dateFrom: string; dateTo: string } {
  const today = new Date(`${dayString(now)}T00:00:00Z`);
  const parse = (s: string) => {
    const d = new Date(`${s}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || dayString(d) !== s) throw new AppError('VALIDATION_FAILED', `Not a date: ${s} (YYYY-MM-DD).`);
    return d;
  };
  const to = q.dateTo ? parse(q.dateTo) : today;
  const from = q.dateFrom ? parse(q.dateFrom) : new Date(to.getTime() - (STATISTICS_WINDOW_DAYS - 1) * DAY_MS);
  if (to.getTime() > today.getTime()) throw new AppError('VALIDATION_FAILED', 'dateTo cannot be after today.');
  if (from.getTime() > to.getTime()) throw new AppError('VALIDATION_FAILED', 'dateFrom must not be after dateTo.');
  if (to.getTime() - from.getTime() > (STATISTICS_WINDOW_DAYS - 1) * DAY_MS) throw new AppError('VALIDATION_FAILED', `The window is at most ${STATISTICS_WINDOW_DAYS} days.`);
  return { from, to: new Date(to.getTime() + DAY_MS), dateFrom: dayString(from), dateTo: dayString(to) };
}

function daysOf(from: Date, to: Date): string[] {
  const out: string[] = [];
  for (let t = from.getTime(); t < to.getTime(); t += DAY_MS) out.push(dayString(new Date(t)));
  return out;
}

/**
 * `GET /api/v2/software/statistics/{slug}/public`: tasks created through the listing's soft_id in
 * the window (UTC days; sandbox tasks and trusted re-solves left out), per day and in total, how
 * they ended, which types, and distinct customers.
 */
export async function publicStatistics(ctx: Ctx, slug: string, q: { dateFrom?: string; dateTo?: string }, viewer: Viewer): Promise<SoftwareStatistics> {
  const row = await visibleListing(ctx, slug, viewer);
  const w = statisticsWindow(q);
  const names = daysOf(w.from, w.to);
  const [daily, totals] = row.softwareId === null ? [[], { users: 0, types: [] }] : await Promise.all([repo.dailyUse(ctx.db, row.softwareId, w.from, w.to), repo.windowTotals(ctx.db, row.softwareId, w.from, w.to)]);
  const byDay = new Map(daily.map((d) => [d.date, d]));
  const days: StatisticsDay[] = names.map((date) => byDay.get(date) ?? { date, tasks: 0, solved: 0, unsolvable: 0, users: 0 });
  const sum = (k: 'tasks' | 'solved' | 'unsolvable') => days.reduce((s, d) => s + d[k], 0);
  const solved = sum('solved');
  const unsolvable = sum('unsolvable');
  return {
    slug: row.slug,
    name: row.name,
    dateFrom: w.dateFrom,
    dateTo: w.dateTo,
    days,
    totals: { tasks: sum('tasks'), solved, unsolvable, users: totals.users, successRate: solved + unsolvable ? Math.round((solved / (solved + unsolvable)) * 1000) / 10 : null },
    types: totals.types,
  };
}

/** The developer's console for one listing: the ledger's soft_id share per day, tasks, customers and errors (last 30 days). */
export async function ownerStatistics(ctx: Ctx, slug: string, user: UserRow): Promise<OwnerStatistics> {
  const row = await ownedBySlug(ctx, slug, user);
  const today = new Date(`${dayString(new Date())}T00:00:00Z`);
  const to = new Date(today.getTime() + DAY_MS);
  const from = new Date(to.getTime() - 30 * DAY_MS);
  const names = daysOf(from, to);
  if (row.softwareId === null || row.ownerId === null) {
    return { softId: row.softwareId, days: [], totals: { revenue: formatMoney(0), tasks: 0, customers: 0, errors: 0, errorRate: null } };
  }
  const [use, revenue, totals] = await Promise.all([repo.dailyUse(ctx.db, row.softwareId, from, to), repo.dailyRevenue(ctx.db, row.softwareId, row.ownerId, from, to), repo.windowTotals(ctx.db, row.softwareId, from, to)]);
  const byDay = new Map(use.map((d) => [d.date, d]));
  const rate = (errors: number, ended: number) => (ended ? Math.round((errors / ended) * 1000) / 10 : null);
  const days = names
    .map((date) => {
      const u = byDay.get(date);
      const r = revenue.get(date) ?? 0;
      return { date, revenueMicros: r, tasks: u?.tasks ?? 0, customers: u?.users ?? 0, errors: u?.unsolvable ?? 0, ended: (u?.solved ?? 0) + (u?.unsolvable ?? 0) };
    })
    .filter((d) => d.tasks > 0 || d.revenueMicros > 0)
    .reverse();
  const total = days.reduce((s, d) => ({ r: s.r + d.revenueMicros, t: s.t + d.tasks, e: s.e + d.errors, n: s.n + d.ended }), { r: 0, t: 0, e: 0, n: 0 });
  return {
    softId: row.softwareId,
    days: days.map((d) => ({ date: d.date, revenue: formatMoney(d.revenueMicros), tasks: d.tasks, customers: d.customers, errors: d.errors, errorRate: rate(d.errors, d.ended) })),
    totals: { revenue: formatMoney(total.r), tasks: total.t, customers: totals.users, errors: total.e, errorRate: rate(total.e, total.n) },
  };
}

/** `sitemap.xml`: each published entry's page, in the catalogue's languages (en, ru). */
export async function sitemapEntries(ctx: Ctx): Promise<{ path: string; languages: ('en' | 'ru')[] }[]> {
  return (await repo.softlist(ctx.db)).map((e) => ({ path: `/software/${e.slug}`, languages: ['en', 'ru'] }));
}
