import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import { getCaptchaType } from '#shared/captcha-types/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { withDb, type Ctx } from '#server/lib/ctx.ts';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import { findApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { batchResults, liveQuote, submitBatch } from '#server/modules/tasks/tasks.service.ts';
import { TaskError } from '#server/modules/tasks/task-error.ts';
import { toCoco, toCsv, toVoc, toYolo, type ExportFile, type ExportImage } from './export.ts';
import { boxConsensus, classVote, mergeTiles, tileGrid, TILE_SIZE, type Box } from './geometry.ts';
import * as repo from './labelling.repo.ts';
import { readZip, ZipError } from './zip.ts';

/**
 * Labelling projects (issue 19): a customer's images, cut into items (a whole image, downscaled to
 * at most TILE_SIZE a side, or with `tiling` the overlapping full-resolution tiles of a large
 * image), each annotated by `annotators` different workers as independent tasks on the solving
 * queue (one group key per item, so the claim never gives one worker two copies). The module's own
 * consensus (geometry.ts) decides each item once all its tasks ended; disagreements wait for a
 * trusted reviewer. Money: the live price of the kind's registry type × items × annotators,
 * charged at start in one transaction, exactly the estimate the customer confirmed.
 */

export const KIND_TYPES = { bbox: 'bounding_box', classification: 'grid', points: 'coordinates' } as const;
export type Kind = keyof typeof KIND_TYPES;
export const MAX_IMAGES = 500;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_ZIP_BYTES = 100 * 1024 * 1024;
const MAX_PIXELS = 100_000_000;
const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/tiff', 'image/gif']);
/** Labelling tasks wait for workers up to a week (a captcha's lifetime is minutes). */
export const TASK_LIFETIME_SECONDS = 7 * 86_400;

export interface ProjectInput {
  name: string;
  instructions: string;
  classes: string[];
  kind: Kind;
  annotators: number;
  tiling: boolean;
}

async function ownProject(ctx: Ctx, owner: UserRow, id: number, lock = false) {
  const p = await repo.findProject(ctx.db, id, { lock });
  if (!p || p.ownerId !== owner.id) throw new AppError('NOT_FOUND', 'No such labelling project.');
  return p;
}

export async function createProject(ctx: Ctx, owner: UserRow, input: ProjectInput) {
  const classes = input.classes.map((c) => c.trim()).filter(Boolean);
  if (new Set(classes).size !== classes.length) throw new AppError('VALIDATION_FAILED', 'Class names must be different.');
  if (classes.length < (input.kind === 'classification' ? 2 : 1)) throw new AppError('VALIDATION_FAILED', 'Name the classes to label.');
  const row = await repo.insertProject(ctx.db, { ownerId: owner.id, name: input.name.trim(), instructions: input.instructions.trim(), classes, kind: input.kind, annotators: input.annotators, tiling: input.tiling, type: KIND_TYPES[input.kind] });
  return { id: row.id };
}

export async function listProjects(ctx: Ctx, owner: UserRow) {
  const rows = await repo.listProjects(ctx.db, owner.id);
  return rows.map((p) => ({ id: p.id, name: p.name, kind: p.kind, status: p.status, createdAt: p.createdAt.toISOString() }));
}

/** The regions annotators get for a width × height image. */
export function itemsFor(width: number, height: number, tiling: boolean) {
  if (tiling) return tileGrid(width, height).map((t, i) => ({ tile: i, ...t, scale: 1 }));
  const scale = Math.min(1, TILE_SIZE / Math.max(width, height));
  return [{ tile: 0, x: 0, y: 0, w: width, h: height, scale }];
}

/**
 * Adds uploaded files (images, or zip archives of images) to a draft project. Each file's type is
 * read from its bytes; images are turned upright, stripped of metadata and stored as JPEG at their
 * size; each item (whole image or tile) is cut and stored at the size annotators see.
 * @throws AppError CONFLICT (not a draft), PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE, VALIDATION_FAILED (too many images)
 */
export async function addFiles(ctx: Ctx, owner: UserRow, projectId: number, files: { name: string; data: Buffer }[]) {
  const project = await ownProject(ctx, owner, projectId);
  if (project.status !== 'draft') throw new AppError('CONFLICT', 'Images can be added only before the project starts.');
  const images: { name: string; data: Buffer }[] = [];
  for (const f of files) {
    const type = await fileTypeFromBuffer(f.data);
    if (type?.mime === 'application/zip') {
      if (f.data.length > MAX_ZIP_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `A zip archive may be at most ${MAX_ZIP_BYTES / 1024 / 1024} MB.`);
      try {
        images.push(...readZip(f.data, { maxEntries: MAX_IMAGES, maxTotalBytes: MAX_ZIP_BYTES * 2 }));
      } catch (err) {
        if (err instanceof ZipError) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${f.name}: ${err.message}.`);
        throw err;
      }
    } else images.push(f);
  }
  if ((await repo.countImages(ctx.db, projectId)) + images.length > MAX_IMAGES) throw new AppError('VALIDATION_FAILED', `A project holds at most ${MAX_IMAGES} images.`);
  const prepared: { name: string; width: number; height: number; data: Buffer; items: (ReturnType<typeof itemsFor>[number] & { image: Buffer })[] }[] = [];
  for (const img of images) {
    if (img.data.length > MAX_FILE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `${img.name}: an image may be at most ${MAX_FILE_BYTES / 1024 / 1024} MB.`);
    const type = await fileTypeFromBuffer(img.data);
    if (!type || !ACCEPTED.has(type.mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${img.name}: not a PNG, JPEG, WebP, TIFF or GIF image (judged by its content).`);
    let upright: { data: Buffer; info: OutputInfo };
    try {
      upright = await sharp(img.data, { limitInputPixels: MAX_PIXELS, animated: false }).rotate().jpeg({ quality: 90 }).toBuffer({ resolveWithObject: true });
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${img.name}: the image could not be read; it may be damaged or too large.`);
    }
    const { width, height } = upright.info;
    const items = [];
    for (const it of itemsFor(width, height, project.tiling)) {
      let pipeline = sharp(upright.data).extract({ left: it.x, top: it.y, width: it.w, height: it.h });
      if (it.scale < 1) pipeline = pipeline.resize({ width: Math.round(it.w * it.scale), height: Math.round(it.h * it.scale) });
      items.push({ ...it, image: await pipeline.jpeg({ quality: 85 }).toBuffer() });
    }
    prepared.push({ name: img.name.slice(0, 200), width, height, data: upright.data, items });
  }
  await ctx.db.transaction(async (tx) => {
    for (const p of prepared) {
      const imageId = await repo.insertImage(tx, { projectId, fileName: p.name, width: p.width, height: p.height, bytes: p.data.length, image: p.data });
      await repo.insertItems(tx, p.items.map((it) => ({ projectId, imageId, tile: it.tile, x: it.x, y: it.y, w: it.w, h: it.h, scale: it.scale, image: it.image })));
    }
  });
  ctx.log.info({ projectId, images: prepared.length }, 'labelling images added');
  return { added: prepared.length, items: prepared.reduce((s, p) => s + p.items.length, 0) };
}

/** What starting would charge now: the live price of the kind's type × items × annotators. */
export async function estimate(ctx: Ctx, project: repo.ProjectRow, items: number) {
  const def = getCaptchaType(project.type)!;
  const { q } = await liveQuote(ctx, def);
  const tasks = items * project.annotators;
  return { type: project.type, priceEach: q.price, items, annotators: project.annotators, tasks, total: q.price * tasks };
}

/**
 * Starts a draft project: every item × annotator becomes a task at one price, charged with the
 * project's state change in one transaction. `expectedTotal` is the estimate the customer
 * confirmed; a different live total refuses (nothing charged) so the charge always equals it.
 * @throws AppError CONFLICT (not a draft, no images, price changed), INSUFFICIENT_FUNDS
 */
export async function startProject(ctx: Ctx, owner: UserRow, projectId: number, expectedTotal: number, ip: string) {
  return ctx.db.transaction(async (tx) => {
    const c = withDb(ctx, tx);
    const project = await ownProject(c, owner, projectId, true);
    if (project.status !== 'draft') throw new AppError('CONFLICT', 'This project has already started.');
    const items = await repo.listItems(tx, projectId);
    if (!items.length) throw new AppError('CONFLICT', 'Upload images first.');
    const est = await estimate(c, project, items.length);
    if (est.total !== expectedTotal) throw new AppError('CONFLICT', 'The live price changed since your estimate; look at the new estimate and start again.', { estimate: est });
    await queueRound(c, owner, project, items.map((i) => i.id), est.priceEach, ip);
    await repo.updateProject(tx, projectId, { status: 'running', priceEach: est.priceEach, charged: est.total, startedAt: new Date() });
    ctx.log.info({ projectId, tasks: est.tasks, charged: est.total }, 'labelling project started');
    return { charged: est.total, tasks: est.tasks };
  });
}

/** What the worker sees: the instructions (the cabinet shows `comment`, one line of up to 140 characters) and the classes. */
function taskParams(project: repo.ProjectRow) {
  const text = project.instructions.replace(/\s+/g, ' ');
  return { comment: text.length > 140 ? `${text.slice(0, 139)}…` : text, classes: project.classes, canNoAnswer: true };
}

/** Queues `annotators` tasks for each item (one group per item and round) at `price` each. */
async function queueRound(ctx: Ctx, owner: UserRow, project: repo.ProjectRow, itemIds: number[], price: number, ip: string) {
  const rows = await repo.itemsWithImages(ctx.db, itemIds);
  const items = rows.flatMap((it) => Array.from({ length: project.annotators }, () => ({ params: taskParams(project), image: it.image, groupKey: `labelling:${it.id}:${it.round}`, itemId: it.id, round: it.round })));
  let ids: number[];
  try {
    ({ ids } = await submitBatch(ctx, { customer: owner, type: project.type, items, expectedPrice: price, ip, lifetimeSeconds: TASK_LIFETIME_SECONDS }));
  } catch (err) {
    if (err instanceof TaskError) {
      if (err.code === 'ERROR_ZERO_BALANCE') throw new AppError('INSUFFICIENT_FUNDS', 'Your balance does not cover this project; top it up first.');
      throw new AppError('CONFLICT', err.message);
    }
    throw err;
  }
  await repo.insertTaskLinks(ctx.db, ids.map((taskId, i) => ({ taskId, itemId: items[i]!.itemId, round: items[i]!.round })));
  for (const it of rows) await repo.updateItem(ctx.db, it.id, { status: 'queued', result: null, disputes: null });
}

/** An annotator's answer as boxes in item pixels (points: zero-size boxes; classification: the class). */
export function answerBoxes(kind: Kind, answer: Record<string, unknown> | null): Box[] | number | null {
  if (!answer || answer.kind === 'noMatch') return kind === 'classification' ? null : [];
  if (kind === 'bbox' && Array.isArray(answer.boxes))
    {return (answer.boxes as { xMin: number; yMin: number; xMax: number; yMax: number; cls?: number }[]).map((b) => ({ x1: b.xMin, y1: b.yMin, x2: b.xMax, y2: b.yMax, cls: b.cls ?? 0 }));}
  if (kind === 'points' && Array.isArray(answer.points))
    {return (answer.points as { x: number; y: number; cls?: number }[]).map((p) => ({ x1: p.x - 8, y1: p.y - 8, x2: p.x + 8, y2: p.y + 8, cls: p.cls ?? 0 }));}
  if (kind === 'classification' && Array.isArray(answer.tiles) && answer.tiles.length === 1) return Number(answer.tiles[0]) - 1;
  return kind === 'classification' ? null : [];
}

/**
 * Decides every queued item whose current round's tasks all ended: the annotators' answers go
 * through the module's consensus; full agreement is accepted, anything disputed (or an annotator
 * who never answered) goes to review. A project with every item accepted is done. Idempotent:
 * runs from the jobs loop and before the owner reads the project.
 */
export async function syncProject(ctx: Ctx, projectId: number) {
  const project = await repo.findProject(ctx.db, projectId);
  if (!project || project.status !== 'running') return;
  const links = await repo.currentTasks(ctx.db, projectId);
  const byItem = new Map<number, number[]>();
  for (const l of links) byItem.set(l.itemId, [...(byItem.get(l.itemId) ?? []), l.taskId]);
  const results = new Map((await batchResults(ctx, project.ownerId, links.map((l) => l.taskId))).map((r) => [r.id, r]));
  for (const [itemId, taskIds] of byItem) {
    const rs = taskIds.map((id) => results.get(id));
    if (rs.some((r) => !r || (r.state !== 'solved' && r.state !== 'unsolvable'))) continue;
    const answers = rs.filter((r) => r!.state === 'solved').map((r) => answerBoxes(project.kind, r!.answer));
    let status: 'accepted' | 'review';
    let result: Box[];
    let disputes: unknown[] = [];
    if (project.kind === 'classification') {
      const votes = answers.filter((a): a is number => typeof a === 'number');
      const cls = classVote(votes, project.annotators);
      status = cls === null ? 'review' : 'accepted';
      result = cls === null ? [] : [{ x1: 0, y1: 0, x2: 0, y2: 0, cls }];
      if (cls === null) disputes = votes.map((v) => ({ cls: v }));
    } else {
      const c = boxConsensus(answers.map((a) => (Array.isArray(a) ? a : [])), project.annotators);
      result = c.agreed;
      disputes = c.disputed;
      status = disputes.length || answers.length < project.annotators ? 'review' : 'accepted';
    }
    await ctx.db.transaction(async (tx) => {
      const item = await repo.findItem(tx, itemId, { lock: true });
      if (item?.status !== 'queued') return;
      await repo.updateItem(tx, itemId, { status, result, disputes });
    });
  }
  await finishIfDone(ctx, projectId);
}

async function finishIfDone(ctx: Ctx, projectId: number) {
  const items = await repo.listItems(ctx.db, projectId);
  if (items.length && items.every((i) => i.status === 'accepted')) await repo.updateProject(ctx.db, projectId, { status: 'done', doneAt: new Date() });
}

/** The jobs loop: decide every running project's finished items. */
export async function syncRunningProjects(ctx: Ctx) {
  for (const id of await repo.runningProjectIds(ctx.db)) await syncProject(ctx, id);
}

/** The project page: settings, estimate (draft), progress, per-class counts and the items. */
export async function projectView(ctx: Ctx, owner: UserRow, projectId: number) {
  await ownProject(ctx, owner, projectId);
  await syncProject(ctx, projectId);
  const project = (await repo.findProject(ctx.db, projectId))!;
  const [images, items, settings] = await Promise.all([repo.listImages(ctx.db, projectId), repo.listItems(ctx.db, projectId), findApiSettings(ctx.db, owner.id)]);
  const progress = { pending: 0, queued: 0, review: 0, accepted: 0, rejected: 0 };
  for (const i of items) progress[i.status]++;
  const perClass = project.classes.map(() => 0);
  for (const img of await exportImages(ctx, project)) for (const b of img.boxes) perClass[b.cls] = (perClass[b.cls] ?? 0) + 1;
  return {
    project: { id: project.id, name: project.name, instructions: project.instructions, classes: project.classes, kind: project.kind, annotators: project.annotators, tiling: project.tiling, status: project.status, priceEach: project.priceEach, charged: project.charged, language: settings.defaultLanguage },
    estimate: project.status === 'draft' ? await estimate(ctx, project, items.length) : null,
    images,
    items: items.map((i) => ({ id: i.id, imageId: i.imageId, tile: i.tile, x: i.x, y: i.y, w: i.w, h: i.h, scale: i.scale, status: i.status, result: i.result, disputes: i.disputes, round: i.round })),
    progress,
    perClass,
  };
}

/** The accepted boxes of every image in original pixels: items mapped back, tile duplicates merged. */
async function exportImages(ctx: Ctx, project: repo.ProjectRow): Promise<ExportImage[]> {
  const [images, items] = await Promise.all([repo.listImages(ctx.db, project.id), repo.listItems(ctx.db, project.id)]);
  return images.map((img) => {
    const own = items.filter((i) => i.imageId === img.id && i.status === 'accepted');
    const mapped = own.flatMap((i) =>
      (i.result ?? []).map((b) => ({ tile: i.tile, box: { x1: b.x1 / i.scale + i.x, y1: b.y1 / i.scale + i.y, x2: b.x2 / i.scale + i.x, y2: b.y2 / i.scale + i.y, cls: b.cls } })),
    );
    const r2 = (n: number) => Math.round(n * 100) / 100;
    const boxes = (project.tiling ? mergeTiles(mapped) : mapped.map((m) => m.box)).map((b) => ({ x1: r2(b.x1), y1: r2(b.y1), x2: r2(b.x2), y2: r2(b.y2), cls: b.cls }));
    return { id: img.id, fileName: img.fileName, width: img.width, height: img.height, boxes };
  });
}

export type ExportFormat = 'coco' | 'yolo' | 'voc' | 'csv';

/** The project's accepted annotations as files (YOLO and VOC: several, zipped by the route). */
export async function exportProject(ctx: Ctx, owner: UserRow, projectId: number, format: ExportFormat): Promise<ExportFile[]> {
  const project = await ownProject(ctx, owner, projectId);
  const images = await exportImages(ctx, project);
  if (format === 'coco') return [toCoco(images, project.classes)];
  if (format === 'csv') return [toCsv(images, project.classes)];
  return format === 'yolo' ? toYolo(images, project.classes) : toVoc(images, project.classes);
}

/** The bytes of an item: for the project's owner, or (`reviewer`) for a trusted reviewer while it waits for review. */
export async function itemImage(ctx: Ctx, user: UserRow, itemId: number, reviewer = false) {
  if (reviewer && !(await isReviewer(ctx, user))) throw new AppError('NOT_FOUND', 'No such image.');
  const item = await repo.findItem(ctx.db, itemId);
  if (!item) throw new AppError('NOT_FOUND', 'No such image.');
  const project = await repo.findProject(ctx.db, item.projectId);
  const allowed = reviewer ? item.status === 'review' : project?.ownerId === user.id;
  if (!allowed) throw new AppError('NOT_FOUND', 'No such image.');
  return item.image;
}

/** The owner accepts an item as it stands (a reviewed or disputed item: the agreed boxes). */
export async function acceptItem(ctx: Ctx, owner: UserRow, projectId: number, itemId: number) {
  await ownProject(ctx, owner, projectId);
  await ctx.db.transaction(async (tx) => {
    const item = await repo.findItem(tx, itemId, { lock: true });
    if (!item || item.projectId !== projectId) throw new AppError('NOT_FOUND', 'No such image in this project.');
    if (item.status !== 'review' && item.status !== 'accepted') throw new AppError('CONFLICT', 'This image is still being annotated.');
    await repo.updateItem(tx, itemId, { status: 'accepted' });
  });
  await finishIfDone(ctx, projectId);
}

/**
 * The owner rejects an item's annotation: a new round of `annotators` tasks at the live price
 * (charged now, like the first round) replaces it.
 * @throws AppError CONFLICT (still being annotated), INSUFFICIENT_FUNDS
 */
export async function rejectItem(ctx: Ctx, owner: UserRow, projectId: number, itemId: number, ip: string) {
  return ctx.db.transaction(async (tx) => {
    const c = withDb(ctx, tx);
    const project = await ownProject(c, owner, projectId, true);
    const item = await repo.findItem(tx, itemId, { lock: true });
    if (!item || item.projectId !== projectId) throw new AppError('NOT_FOUND', 'No such image in this project.');
    if (item.status !== 'review' && item.status !== 'accepted') throw new AppError('CONFLICT', 'This image is still being annotated.');
    const est = await estimate(c, project, 1);
    await repo.updateItem(tx, itemId, { round: item.round + 1 });
    await queueRound(c, owner, project, [itemId], est.priceEach, ip);
    await repo.updateProject(tx, projectId, { status: 'running', charged: (project.charged ?? 0) + est.total, doneAt: null });
    return { charged: est.total };
  });
}

/** Items waiting for a trusted reviewer (trusted workers and staff). */
export async function reviewQueue(ctx: Ctx, user: UserRow) {
  if (!(await isReviewer(ctx, user))) return { reviewer: false, items: [] };
  const rows = await repo.reviewQueue(ctx.db, 20);
  const projects = new Map<number, repo.ProjectRow>();
  const out = [];
  for (const r of rows) {
    if (!projects.has(r.projectId)) projects.set(r.projectId, (await repo.findProject(ctx.db, r.projectId))!);
    const p = projects.get(r.projectId)!;
    out.push({ itemId: r.id, kind: p.kind, classes: p.classes, instructions: p.instructions, width: Math.round(r.w * r.scale), height: Math.round(r.h * r.scale), agreed: r.result ?? [], disputes: r.disputes ?? [] });
  }
  return { reviewer: true, items: out };
}

async function isReviewer(ctx: Ctx, user: UserRow) {
  return user.isAdmin || user.isModerator || (await repo.isTrusted(ctx.db, user.id));
}

async function assertReviewer(ctx: Ctx, user: UserRow) {
  if (!(await isReviewer(ctx, user))) throw new AppError('FORBIDDEN', 'Only trusted workers review labelling disputes.');
}

/** A trusted reviewer's decision: the item's final boxes (item pixels). */
export async function resolveReview(ctx: Ctx, user: UserRow, itemId: number, boxes: Box[]) {
  await assertReviewer(ctx, user);
  const projectId = await ctx.db.transaction(async (tx) => {
    const item = await repo.findItem(tx, itemId, { lock: true });
    if (!item || item.status !== 'review') throw new AppError('NOT_FOUND', 'This image is not waiting for review.');
    const project = (await repo.findProject(tx, item.projectId))!;
    if (boxes.some((b) => b.cls >= project.classes.length || b.x2 > Math.round(item.w * item.scale) + 1 || b.y2 > Math.round(item.h * item.scale) + 1)) throw new AppError('VALIDATION_FAILED', 'A box is outside the image or has an unknown class.');
    await repo.updateItem(tx, itemId, { status: 'accepted', result: boxes, reviewedBy: user.id });
    return item.projectId;
  });
  await finishIfDone(ctx, projectId);
}
