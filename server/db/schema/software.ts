import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ListingInput } from '#shared/contracts/software.ts';
import { software } from './tasks.ts';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Catalogue categories (issue 16); names are in the `software` i18n catalogue by slug. */
export const softwareCategories = pgTable('software_categories', {
  slug: text('slug').primaryKey(),
  position: integer('position').notNull().default(0),
});

/**
 * A catalogue listing (issue 16). `software_id` is its soft_id (the `software` row tasks point
 * at); entries the catalogue seeds from public facts have neither soft_id nor owner. An owner's
 * edit of a published listing waits in `draft` while visitors keep seeing the published columns.
 */
export const softwareListings = pgTable(
  'software_listings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    softwareId: integer('software_id').references(() => software.id, { onDelete: 'set null' }),
    ownerId: bigint('owner_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    slug: text('slug').notNull(),
    status: text('status', { enum: ['pending', 'published', 'rejected', 'hidden'] }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    name: text('name').notNull(),
    summary: text('summary').notNull(),
    description: text('description').notNull().default(''),
    descriptionHtml: text('description_html').notNull().default(''),
    categories: text('categories').array().notNull().default(sql`'{}'`),
    platforms: text('platforms').array().notNull().default(sql`'{}'`),
    captchaTypes: text('captcha_types').array().notNull().default(sql`'{}'`),
    languages: text('languages').array().notNull().default(sql`'{}'`),
    priceModel: text('price_model').notNull(),
    siteUrl: text('site_url'),
    repositoryUrl: text('repository_url'),
    downloadUrl: text('download_url'),
    draft: jsonb('draft').$type<ListingInput>(),
    draftAt: timestamp('draft_at', { withTimezone: true }),
    seedKey: text('seed_key'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    moderatedBy: bigint('moderated_by', { mode: 'number' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('software_listings_slug_key').on(t.slug),
    uniqueIndex('software_listings_software_key').on(t.softwareId),
    uniqueIndex('software_listings_seed_key').on(t.seedKey),
    index('software_listings_published_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`status = 'published'`),
    index('software_listings_categories_idx').using('gin', t.categories),
    index('software_listings_owner_idx').on(t.ownerId),
  ],
);

/** One review per user per listing; pending until a moderator approves it; the owner may reply once. */
export const softwareReviews = pgTable(
  'software_reviews',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => softwareListings.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['pending', 'published', 'rejected'] }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    reply: text('reply'),
    replyAt: timestamp('reply_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    moderatedBy: bigint('moderated_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('software_reviews_once').on(t.listingId, t.userId),
    index('software_reviews_listing_idx').on(t.listingId, t.publishedAt.desc(), t.id.desc()).where(sql`status = 'published'`),
    index('software_reviews_queue_idx').on(t.status, t.createdAt),
  ],
);

/** Uploaded screenshots, resized on upload: a full image (≤ 1280 px wide) and a thumbnail, both WebP. */
export const softwareScreenshots = pgTable(
  'software_screenshots',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' }).notNull().references(() => softwareListings.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    full: bytea('full').notNull(),
    thumb: bytea('thumb').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('software_screenshots_listing_idx').on(t.listingId, t.id)],
);
