import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { labellingImages, labellingItems, labellingProjects, labellingTasks, workerProfiles } from '#server/db/schema/index.ts';

export type ProjectRow = typeof labellingProjects.$inferSelect;
export type ItemRow = typeof labellingItems.$inferSelect;
export type ImageRow = typeof labellingImages.$inferSelect;

export async function insertProject(db: Db, p: typeof labellingProjects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(labellingProjects).values(p).returning();
  return row!;
}

export async function findProject(db: Db, id: number, opts: { lock?: boolean } = {}): Promise<ProjectRow | undefined> {
  const q = db.select().from(labellingProjects).where(eq(labellingProjects.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export function listProjects(db: Db, ownerId: number) {
  return db.select().from(labellingProjects).where(eq(labellingProjects.ownerId, ownerId)).orderBy(desc(labellingProjects.id)).limit(200);
}

export async function updateProject(db: Db, id: number, patch: Partial<typeof labellingProjects.$inferInsert>) {
  await db.update(labellingProjects).set(patch).where(eq(labellingProjects.id, id));
}

export async function insertImage(db: Db, img: typeof labellingImages.$inferInsert): Promise<number> {
  const [row] = await db.insert(labellingImages).values(img).returning({ id: labellingImages.id });
  return row!.id;
}

export async function insertItems(db: Db, items: (typeof labellingItems.$inferInsert)[]) {
  if (items.length) await db.insert(labellingItems).values(items);
}

export async function countImages(db: Db, projectId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(labellingImages).where(eq(labellingImages.projectId, projectId));
  return Number(row?.n ?? 0);
}

/** Images of a project without their bytes. */
export function listImages(db: Db, projectId: number) {
  return db
    .select({ id: labellingImages.id, fileName: labellingImages.fileName, width: labellingImages.width, height: labellingImages.height, bytes: labellingImages.bytes })
    .from(labellingImages)
    .where(eq(labellingImages.projectId, projectId))
    .orderBy(labellingImages.id);
}

export async function findImageBytes(db: Db, projectId: number, imageId: number) {
  const [row] = await db.select({ image: labellingImages.image }).from(labellingImages).where(and(eq(labellingImages.id, imageId), eq(labellingImages.projectId, projectId)));
  return row?.image;
}

/** Items of a project without their bytes (with `withImage`, the bytes too). */
export function listItems(db: Db, projectId: number) {
  return db
    .select({
      id: labellingItems.id, imageId: labellingItems.imageId, tile: labellingItems.tile, x: labellingItems.x, y: labellingItems.y, w: labellingItems.w, h: labellingItems.h,
      scale: labellingItems.scale, status: labellingItems.status, result: labellingItems.result, disputes: labellingItems.disputes, round: labellingItems.round,
    })
    .from(labellingItems)
    .where(eq(labellingItems.projectId, projectId))
    .orderBy(labellingItems.id);
}
export type ItemSummary = Awaited<ReturnType<typeof listItems>>[number];

export function itemsWithImages(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([] as ItemRow[]);
  return db.select().from(labellingItems).where(inArray(labellingItems.id, ids)).orderBy(labellingItems.id);
}

export async function findItem(db: Db, id: number, opts: { lock?: boolean } = {}): Promise<ItemRow | undefined> {
  const q = db.select().from(labellingItems).where(eq(labellingItems.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

export async function updateItem(db: Db, id: number, patch: Partial<typeof labellingItems.$inferInsert>) {
  await db.update(labellingItems).set({ ...patch, updatedAt: sql`now()` }).where(eq(labellingItems.id, id));
}

export async function insertTaskLinks(db: Db, rows: (typeof labellingTasks.$inferInsert)[]) {
  if (rows.length) await db.insert(labellingTasks).values(rows);
}

/** The tasks of the items' current rounds. */
export async function currentTasks(db: Db, projectId: number) {
  return db
    .select({ taskId: labellingTasks.taskId, itemId: labellingTasks.itemId })
    .from(labellingTasks)
    .innerJoin(labellingItems, and(eq(labellingItems.id, labellingTasks.itemId), eq(labellingItems.round, labellingTasks.round)))
    .where(and(eq(labellingItems.projectId, projectId), eq(labellingItems.status, 'queued')));
}

export async function runningProjectIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: labellingProjects.id }).from(labellingProjects).where(eq(labellingProjects.status, 'running'));
  return rows.map((r) => r.id);
}

/** Items waiting for a trusted reviewer, oldest first. */
export function reviewQueue(db: Db, limit: number) {
  return db
    .select({ id: labellingItems.id, projectId: labellingItems.projectId, disputes: labellingItems.disputes, result: labellingItems.result, w: labellingItems.w, h: labellingItems.h, scale: labellingItems.scale })
    .from(labellingItems)
    .innerJoin(labellingProjects, eq(labellingProjects.id, labellingItems.projectId))
    .where(and(eq(labellingItems.status, 'review'), eq(labellingProjects.status, 'running')))
    .orderBy(labellingItems.updatedAt, labellingItems.id)
    .limit(limit);
}

export async function isTrusted(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ t: workerProfiles.trustedAt }).from(workerProfiles).where(eq(workerProfiles.userId, userId));
  return !!row?.t;
}
