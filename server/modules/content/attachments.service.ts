import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { ATTACHMENT_MAX_BYTES, type Attachment } from '#shared/contracts/content.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import * as repo from './content.repo.ts';
import { announce } from './content.service.ts';
import { attachmentUrl } from './render.ts';

/** Raster images only, recognised by their bytes: SVG (scriptable) and anything else are refused. */
const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);
/** The web sizes made of every upload (never larger than the original). */
export const WEB_WIDTHS = [480, 960, 1600] as const;
/** Decompression bombs stop here (about 40 megapixels). */
const MAX_PIXELS = 40_000_000;

function dirOf(ctx: Ctx, id: number): string {
  return path.join(ctx.config.DATA_DIR, 'content', String(id));
}

function toAttachment(row: repo.AttachmentRow): Attachment {
  return { id: row.id, url: attachmentUrl(row.id, Math.max(...row.widths)), width: row.width, height: row.height, widths: row.widths, bytes: row.bytes };
}

/**
 * Stores an uploaded image: the type is read from the bytes (the name and the declared type are
 * not trusted), the image is decoded, turned upright, stripped of metadata and re-encoded as WebP
 * at the web widths. Nothing is stored unless every step succeeds.
 * @throws AppError PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE
 */
export async function uploadAttachment(ctx: Ctx, data: Buffer, userId: number, articleId: number | null): Promise<Attachment> {
  if (data.length > ATTACHMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `Images may be at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB.`);
  const type = await fileTypeFromBuffer(data);
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PNG, JPEG, WebP, GIF or AVIF images can be attached (the file\'s content is not one of them).');
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read; it may be damaged.');
  }
  if (!meta.width || !meta.height) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read; it may be damaged.');
  // EXIF orientations 5–8 swap width and height once the image is turned upright.
  const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (articleId !== null && !(await repo.findArticle(ctx.db, articleId))) throw new AppError('NOT_FOUND', 'No such article.');
  const widths = [...new Set(WEB_WIDTHS.map((w) => Math.min(w, width)))];
  let files: { width: number; data: Buffer }[];
  try {
    files = await Promise.all(
      widths.map(async (w) => ({
        width: w,
        data: await sharp(data, { limitInputPixels: MAX_PIXELS, animated: false }).rotate().resize({ width: w, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be converted; it may be damaged.');
  }
  const row = await repo.insertAttachment(ctx.db, {
    articleId,
    sha256: createHash('sha256').update(data).digest('hex'),
    mime: type.mime,
    width,
    height,
    bytes: data.length,
    widths,
    createdBy: userId,
  });
  const dir = dirOf(ctx, row.id);
  try {
    await mkdir(dir, { recursive: true });
    await Promise.all(files.map((f) => writeFile(path.join(dir, `${f.width}.webp`), f.data)));
  } catch (err) {
    await repo.deleteAttachment(ctx.db, row.id);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  ctx.log.info({ attachmentId: row.id, userId, bytes: data.length, width, height }, 'content image stored');
  return toAttachment(row);
}

/** A stored web size of an image; null when it does not exist. */
export async function attachmentFile(ctx: Ctx, id: number, width: number): Promise<Buffer | null> {
  const row = await repo.findAttachment(ctx.db, id);
  if (!row || !row.widths.includes(width)) return null;
  try {
    return await readFile(path.join(dirOf(ctx, id), `${width}.webp`));
  } catch {
    return null;
  }
}

/** @throws AppError NOT_FOUND */
export async function deleteAttachment(ctx: Ctx, id: number, userId: number): Promise<{ deleted: true }> {
  const row = await ctx.db.transaction(async (tx) => {
    await repo.clearCover(tx, id);
    return repo.deleteAttachment(tx, id);
  });
  if (!row) throw new AppError('NOT_FOUND', 'No such attachment.');
  await rm(dirOf(ctx, id), { recursive: true, force: true });
  await announce(ctx, `attachment/${id}`);
  ctx.log.info({ attachmentId: id, userId }, 'content image deleted');
  return { deleted: true };
}
