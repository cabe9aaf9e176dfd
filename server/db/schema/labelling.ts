import { sql } from 'drizzle-orm';
import { bigint, customType, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A box in the item's (tile's) pixels, with its class index; what aggregation stores. */
export interface LabelBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  cls: number;
}

/**
 * Labelling projects (issue 19, migration 0029). `type` is the registry type whose live price
 * each task pays (`bounding_box`, `grid` for classification, `coordinates` for points);
 * `price_each` and `charged` are fixed at start (charged = price_each × items × annotators).
 */
export const labellingProjects = pgTable(
  'labelling_projects',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull().references(() => users.id),
    name: text('name').notNull(),
    instructions: text('instructions').notNull(),
    classes: jsonb('classes').$type<string[]>().notNull(),
    kind: text('kind', { enum: ['bbox', 'classification', 'points'] }).notNull(),
    annotators: integer('annotators').notNull(),
    /** Large images are cut into overlapping tiles at full resolution (satellite); otherwise downscaled. */
    tiling: boolean('tiling').notNull().default(false),
    status: text('status', { enum: ['draft', 'running', 'done'] }).notNull().default('draft'),
    type: text('type').notNull(),
    priceEach: bigint('price_each', { mode: 'number' }),
    charged: bigint('charged', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('labelling_projects_owner_idx').on(t.ownerId, t.id), index('labelling_projects_running_idx').on(t.id).where(sql`status = 'running'`)],
);

/** An uploaded image, upright and re-encoded (JPEG), at its original size. */
export const labellingImages = pgTable(
  'labelling_images',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' }).notNull().references(() => labellingProjects.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    image: bytea('image').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('labelling_images_project_idx').on(t.projectId, t.id)],
);

/**
 * What an annotator sees: the region (x, y, w, h) of an image in original pixels, shown at
 * `scale` (1 for tiles; < 1 for a large image downscaled). Status: pending (draft), queued
 * (tasks out), review (annotators disagreed: a trusted reviewer decides), accepted, rejected
 * (by the customer: re-queued as a new round).
 */
export const labellingItems = pgTable(
  'labelling_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' }).notNull().references(() => labellingProjects.id, { onDelete: 'cascade' }),
    imageId: bigint('image_id', { mode: 'number' }).notNull().references(() => labellingImages.id, { onDelete: 'cascade' }),
    tile: integer('tile').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    w: integer('w').notNull(),
    h: integer('h').notNull(),
    scale: doublePrecision('scale').notNull(),
    image: bytea('image').notNull(),
    status: text('status', { enum: ['pending', 'queued', 'review', 'accepted', 'rejected'] }).notNull().default('pending'),
    /** Agreed boxes (bbox, points as zero-size boxes) or `[{cls}]` (classification), in item pixels. */
    result: jsonb('result').$type<LabelBox[]>(),
    /** What the annotators disagreed on, for the reviewer. */
    disputes: jsonb('disputes').$type<unknown[]>(),
    round: integer('round').notNull().default(1),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('labelling_items_project_idx').on(t.projectId, t.status)],
);

/** Which queue task annotates which item, in which round. */
export const labellingTasks = pgTable(
  'labelling_tasks',
  {
    taskId: bigint('task_id', { mode: 'number' }).primaryKey(),
    itemId: bigint('item_id', { mode: 'number' }).notNull().references(() => labellingItems.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
  },
  (t) => [index('labelling_tasks_item_idx').on(t.itemId, t.round)],
);
