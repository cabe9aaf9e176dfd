import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { software, softwareCategories, softwareListings, softwareReviews, softwareScreenshots, users } from '#server/db/schema/index.ts';
import type { ListingInput, ListingStatus, ReviewStatus, SoftwareSorting } from '#shared/contracts/software.ts';

export type ListingRow = typeof softwareListings.$inferSelect;
export type ReviewRow = typeof softwareReviews.$inferSelect;

const l = softwareListings;
const r = softwareReviews;

/** A text[] literal of bound values (drizzle binds a JS array as separate parameters). */
const textArray = (values: readonly string[]) => sql`ARRAY[${sql.join(values.map((x) => sql`${x}`), sql`, `)}]::text[]`;

/** `%text%` for ILIKE with the pattern characters escaped. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const iso = (v: unknown): string => new Date(v as string | Date).toISOString();

export async function categories(db: Db): Promise<{ slug: string; count: number }[]> {
  const res = await db.execute(sql`
    select c.slug, (select count(*)::int from ${l} where ${l.status} = 'published' and c.slug = any(${l.categories})) as count
    from ${softwareCategories} c order by c.position, c.slug`);
  return res.rows as { slug: string; count: number }[];
}

export interface ListFilter {
  asOf: Date;
  categories: string[];
  text: string | null;
  sorting: SoftwareSorting;
  offset: number;
  limit: number;
}

export interface CardRow {
  id: number;
  slug: string;
  name: string;
  summary: string;
  categories: string[];
  platforms: string[];
  captchaTypes: string[];
  priceModel: string;
  publishedAt: string | null;
  usage: number;
  reviewCount: number;
  ratingSum: number;
}

/** Tasks through a soft_id that count as use: not sandbox, not a trusted re-solve. */
const countedTask = sql`not t.sandbox and t.verifies_task_id is null`;

/**
 * Published listings at `asOf` (published then; usage, reviews and recency measured then), so
 * every page of one list is cut from the same order: no entry repeats or is skipped.
 *
 * "relevant" (the default, spec §5) blends, each scaled to 0…1:
 *   0.5 × usage    log(1 + tasks through its soft_id in the 30 days before asOf) / log(10 001), capped at 1
 *   0.3 × rating   the Bayesian average (two 3-star votes added) / 5
 *   0.2 × recency  exp(−days since publication / 180)
 * plus 1 when the searched text is in the name. Ties: newest id first.
 */
export async function listPublished(db: Db, f: ListFilter): Promise<{ rows: CardRow[]; total: number }> {
  const at = f.asOf.toISOString();
  const where: SQL[] = [sql`l.status = 'published'`, sql`l.published_at <= ${at}::timestamptz`];
  if (f.categories.length) where.push(sql`l.categories && ${textArray(f.categories)}`);
  const pattern = f.text === null ? null : likePattern(f.text);
  if (pattern !== null) where.push(sql`(l.name ilike ${pattern} or l.summary ilike ${pattern} or l.description ilike ${pattern})`);
  const bayes = sql`((rv.sum + 6)::float8 / (rv.cnt + 2))`;
  const usageScore = sql`least(1.0, ln(1 + b.usage) / ln(10001))`;
  const recency = sql`exp(-extract(epoch from (${at}::timestamptz - b.published_at)) / 86400.0 / 180.0)`;
  const nameHit = pattern === null ? sql`0` : sql`(case when b.name ilike ${pattern} then 1 else 0 end)`;
  const order: Record<SoftwareSorting, SQL> = {
    relevant: sql`(${nameHit} + 0.5 * ${usageScore} + 0.3 * ${bayes} / 5 + 0.2 * ${recency}) desc, b.id desc`,
    popular: sql`b.usage desc, rv.cnt desc, b.id desc`,
    new: sql`b.published_at desc, b.id desc`,
    rating: sql`${bayes} desc, rv.cnt desc, b.id desc`,
  };
  const res = await db.execute(sql`
    with b as (
      select l.id, l.slug, l.name, l.summary, l.categories, l.platforms, l.captcha_types, l.price_model, l.published_at,
        coalesce((select count(*)::int from tasks t where t.soft_id = l.software_id and ${countedTask}
          and t.created_at >= ${at}::timestamptz - interval '30 days' and t.created_at < ${at}::timestamptz), 0) as usage
      from ${l} l where ${sql.join(where, sql` and `)}
    )
    select b.*, rv.cnt as review_count, rv.sum as rating_sum, count(*) over ()::int as total
    from b cross join lateral (
      select count(*)::int as cnt, coalesce(sum(x.rating), 0)::int as sum from ${r} x
      where x.listing_id = b.id and x.status = 'published' and x.published_at <= ${at}::timestamptz
    ) rv
    order by ${order[f.sorting]}
    limit ${f.limit} offset ${f.offset}`);
  const rows = res.rows as Record<string, unknown>[];
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && f.offset > 0) {
    const [c] = (await db.execute(sql`select count(*)::int as n from ${l} l where ${sql.join(where, sql` and `)}`)).rows as { n: number }[];
    total = Number(c?.n ?? 0);
  }
  return { rows: rows.map(cardRowOf), total };
}

function cardRowOf(x: Record<string, unknown>): CardRow {
  return {
    id: Number(x.id),
    slug: String(x.slug),
    name: String(x.name),
    summary: String(x.summary),
    categories: x.categories as string[],
    platforms: x.platforms as string[],
    captchaTypes: x.captcha_types as string[],
    priceModel: String(x.price_model),
    publishedAt: x.published_at ? iso(x.published_at) : null,
    usage: Number(x.usage ?? 0),
    reviewCount: Number(x.review_count ?? 0),
    ratingSum: Number(x.rating_sum ?? 0),
  };
}

/** Cards of given published listings (related entries), usage over the last 30 days. */
export async function cardsOf(db: Db, ids: number[]): Promise<CardRow[]> {
  if (!ids.length) return [];
  const res = await db.execute(sql`
    select l.id, l.slug, l.name, l.summary, l.categories, l.platforms, l.captcha_types, l.price_model, l.published_at,
      coalesce((select count(*)::int from tasks t where t.soft_id = l.software_id and ${countedTask} and t.created_at >= now() - interval '30 days'), 0) as usage,
      (select count(*)::int from ${r} x where x.listing_id = l.id and x.status = 'published') as review_count,
      (select coalesce(sum(x.rating), 0)::int from ${r} x where x.listing_id = l.id and x.status = 'published') as rating_sum
    from ${l} l where l.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  const byId = new Map((res.rows as Record<string, unknown>[]).map((x) => [Number(x.id), cardRowOf(x)]));
  return ids.map((id) => byId.get(id)).filter((x): x is CardRow => x !== undefined);
}

/** Other published listings sharing most categories, then captcha types, with this one. */
export async function relatedIds(db: Db, listing: ListingRow, limit: number): Promise<number[]> {
  const res = await db.execute(sql`
    select l.id from ${l} l
    where l.status = 'published' and l.id <> ${listing.id} and l.categories && ${textArray(listing.categories)}
    order by cardinality(array(select unnest(l.categories) intersect select unnest(${textArray(listing.categories)}))) desc,
      cardinality(array(select unnest(l.captcha_types) intersect select unnest(${textArray(listing.captchaTypes.length ? listing.captchaTypes : [''])}))) desc,
      l.id desc
    limit ${limit}`);
  return (res.rows as { id: number | string }[]).map((x) => Number(x.id));
}

export async function softlist(db: Db): Promise<{ slug: string; name: string; categories: string[] }[]> {
  return db.select({ slug: l.slug, name: l.name, categories: l.categories }).from(l).where(eq(l.status, 'published')).orderBy(sql`lower(${l.name})`, asc(l.id));
}

export async function findBySlug(db: Db, slug: string): Promise<ListingRow | undefined> {
  const [row] = await db.select().from(l).where(eq(l.slug, slug));
  return row;
}

export async function findById(db: Db, id: number, lock = false): Promise<ListingRow | undefined> {
  const q = db.select().from(l).where(eq(l.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function slugExists(db: Db, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: l.id }).from(l).where(eq(l.slug, slug));
  return row !== undefined;
}

export async function listingsOfOwner(db: Db, ownerId: number): Promise<ListingRow[]> {
  return db.select().from(l).where(eq(l.ownerId, ownerId)).orderBy(desc(l.id));
}

/** The soft_id row (what tasks point at) for a new listing. */
export async function insertSoftware(db: Db, developerId: number, name: string): Promise<number> {
  const [row] = await db.insert(software).values({ developerId, name }).returning({ id: software.id });
  return row!.id;
}

export function columnsOf(input: ListingInput, html: string) {
  return {
    name: input.name,
    summary: input.summary,
    description: input.description,
    descriptionHtml: html,
    categories: input.categories,
    platforms: input.platforms,
    captchaTypes: input.captchaTypes,
    languages: input.languages,
    priceModel: input.priceModel,
    siteUrl: input.siteUrl,
    repositoryUrl: input.repositoryUrl,
    downloadUrl: input.downloadUrl,
  };
}

export async function insertListing(db: Db, values: typeof l.$inferInsert): Promise<ListingRow> {
  const [row] = await db.insert(l).values(values).returning();
  return row!;
}

export async function updateListing(db: Db, id: number, values: Partial<typeof l.$inferInsert>): Promise<ListingRow> {
  const [row] = await db.update(l).set({ ...values, updatedAt: new Date() }).where(eq(l.id, id)).returning();
  return row!;
}

export async function renameSoftware(db: Db, softwareId: number, name: string): Promise<void> {
  await db.update(software).set({ name }).where(eq(software.id, softwareId));
}

/** Moderation: the queue (pending listings and published ones with an edit waiting), or one status. */
export async function moderationListings(db: Db, status: 'queue' | ListingStatus): Promise<(ListingRow & { ownerEmail: string | null })[]> {
  const where = status === 'queue' ? or(eq(l.status, 'pending'), sql`${l.draft} is not null`) : eq(l.status, status);
  const rows = await db
    .select({ listing: l, ownerEmail: users.email })
    .from(l)
    .leftJoin(users, eq(users.id, l.ownerId))
    .where(where)
    .orderBy(sql`coalesce(${l.draftAt}, ${l.createdAt}) asc`, asc(l.id))
    .limit(200);
  return rows.map((x) => ({ ...x.listing, ownerEmail: x.ownerEmail }));
}

// Reviews

export async function publishedReviews(db: Db, listingId: number, offset: number, limit: number): Promise<{ rows: (ReviewRow & { email: string })[]; total: number }> {
  const where = and(eq(r.listingId, listingId), eq(r.status, 'published'));
  const [rows, [total]] = await Promise.all([
    db.select({ review: r, email: users.email }).from(r).innerJoin(users, eq(users.id, r.userId)).where(where).orderBy(desc(r.publishedAt), desc(r.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(r).where(where),
  ]);
  return { rows: rows.map((x) => ({ ...x.review, email: x.email })), total: total?.n ?? 0 };
}

export async function ratingOf(db: Db, listingId: number): Promise<{ count: number; sum: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${r.rating}), 0)::int` })
    .from(r)
    .where(and(eq(r.listingId, listingId), eq(r.status, 'published')));
  return { count: Number(row?.count ?? 0), sum: Number(row?.sum ?? 0) };
}

export async function reviewOf(db: Db, listingId: number, userId: number): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(r).where(and(eq(r.listingId, listingId), eq(r.userId, userId)));
  return row;
}

export async function findReview(db: Db, id: number, lock = false): Promise<ReviewRow | undefined> {
  const q = db.select().from(r).where(eq(r.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Inserts the review, or nothing when the user already has one for this listing (returns undefined). */
export async function insertReview(db: Db, values: { listingId: number; userId: number; rating: number; text: string }): Promise<ReviewRow | undefined> {
  const [row] = await db.insert(r).values(values).onConflictDoNothing({ target: [r.listingId, r.userId] }).returning();
  return row;
}

export async function updateReview(db: Db, id: number, values: Partial<typeof r.$inferInsert>): Promise<ReviewRow> {
  const [row] = await db.update(r).set({ ...values, updatedAt: new Date() }).where(eq(r.id, id)).returning();
  return row!;
}

export async function moderationReviews(db: Db, status: ReviewStatus) {
  return db
    .select({ review: r, email: users.email, registeredAt: users.createdAt, slug: l.slug, name: l.name, softwareId: l.softwareId })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .innerJoin(l, eq(l.id, r.listingId))
    .where(eq(r.status, status))
    .orderBy(asc(r.updatedAt), asc(r.id))
    .limit(200);
}

/** A reviewer's other reviews by status. */
export async function reviewerHistory(db: Db, userIds: number[]): Promise<Map<number, { reviews: number; published: number; rejected: number }>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({
      userId: r.userId,
      reviews: sql<number>`count(*)::int`,
      published: sql<number>`count(*) filter (where ${r.status} = 'published')::int`,
      rejected: sql<number>`count(*) filter (where ${r.status} = 'rejected')::int`,
    })
    .from(r)
    .where(inArray(r.userId, userIds))
    .groupBy(r.userId);
  return new Map(rows.map((x) => [Number(x.userId), { reviews: Number(x.reviews), published: Number(x.published), rejected: Number(x.rejected) }]));
}

export async function tasksWithSoftware(db: Db, softId: number | null, userId: number): Promise<number> {
  if (softId === null) return 0;
  const res = await db.execute(sql`select count(*)::int as n from tasks t where t.soft_id = ${softId} and t.customer_id = ${userId} and ${countedTask}`);
  return Number((res.rows[0] as { n: number } | undefined)?.n ?? 0);
}

// Statistics

/** Per UTC day of [from, to) : tasks created through the soft_id, their endings and distinct customers. */
export async function dailyUse(db: Db, softId: number, from: Date, to: Date) {
  const res = await db.execute(sql`
    select to_char(date_trunc('day', t.created_at at time zone 'UTC'), 'YYYY-MM-DD') as date,
      count(*)::int as tasks,
      count(*) filter (where t.state = 'solved')::int as solved,
      count(*) filter (where t.state = 'unsolvable')::int as unsolvable,
      count(distinct t.customer_id)::int as users
    from tasks t
    where t.soft_id = ${softId} and ${countedTask} and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
    group by 1 order by 1`);
  return (res.rows as Record<string, unknown>[]).map((x) => ({ date: String(x.date), tasks: Number(x.tasks), solved: Number(x.solved), unsolvable: Number(x.unsolvable), users: Number(x.users) }));
}

export async function windowTotals(db: Db, softId: number, from: Date, to: Date) {
  const res = await db.execute(sql`
    select t.type, count(*)::int as tasks, count(distinct t.customer_id)::int as users
    from tasks t
    where t.soft_id = ${softId} and ${countedTask} and t.created_at >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
    group by grouping sets ((t.type), ())`);
  const rows = res.rows as { type: string | null; tasks: number; users: number }[];
  const all = rows.find((x) => x.type === null);
  return {
    users: Number(all?.users ?? 0),
    types: rows.filter((x) => x.type !== null).map((x) => ({ type: String(x.type), tasks: Number(x.tasks) })).sort((a, b) => b.tasks - a.tasks || a.type.localeCompare(b.type)),
  };
}

/** The owner's revenue per UTC day: the soft_id share ledger entries (kind commission) of the tasks sent through it. */
export async function dailyRevenue(db: Db, softId: number, ownerId: number, from: Date, to: Date): Promise<Map<string, number>> {
  const res = await db.execute(sql`
    select to_char(date_trunc('day', e.created_at at time zone 'UTC'), 'YYYY-MM-DD') as date, sum(e.amount)::bigint as amount
    from ledger_entries e join tasks t on t.id = e.task_id
    where e.user_id = ${ownerId} and e.kind = 'commission' and t.soft_id = ${softId}
      and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${to.toISOString()}::timestamptz
    group by 1`);
  return new Map((res.rows as { date: string; amount: string | number }[]).map((x) => [String(x.date), Number(x.amount)]));
}

// Screenshots

export async function screenshotsOf(db: Db, listingIds: number[]) {
  if (!listingIds.length) return [];
  return db
    .select({ id: softwareScreenshots.id, listingId: softwareScreenshots.listingId, width: softwareScreenshots.width, height: softwareScreenshots.height })
    .from(softwareScreenshots)
    .where(inArray(softwareScreenshots.listingId, listingIds))
    .orderBy(asc(softwareScreenshots.id));
}

export async function insertScreenshot(db: Db, values: typeof softwareScreenshots.$inferInsert): Promise<number> {
  const [row] = await db.insert(softwareScreenshots).values(values).returning({ id: softwareScreenshots.id });
  return row!.id;
}

export async function screenshotFile(db: Db, id: number, size: 'full' | 'thumb'): Promise<Buffer | undefined> {
  const [row] = await db.select({ full: softwareScreenshots.full, thumb: softwareScreenshots.thumb }).from(softwareScreenshots).where(eq(softwareScreenshots.id, id));
  return row?.[size];
}

export async function deleteScreenshot(db: Db, listingId: number, id: number): Promise<boolean> {
  const rows = await db.delete(softwareScreenshots).where(and(eq(softwareScreenshots.id, id), eq(softwareScreenshots.listingId, listingId))).returning({ id: softwareScreenshots.id });
  return rows.length > 0;
}

export async function userInfo(db: Db, id: number): Promise<{ email: string; userType: string | null } | undefined> {
  const [row] = await db.select({ email: users.email, userType: users.userType }).from(users).where(eq(users.id, id));
  return row;
}
