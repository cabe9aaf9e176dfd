import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LABELLING_EXPORTS, ProjectBodySchema, ReviewBodySchema, StartBodySchema } from '#shared/contracts/labelling.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as labelling from '#server/modules/labelling/labelling.service.ts';
import { writeZip } from '#server/modules/labelling/zip.ts';
import type { UserRow } from '#server/modules/users/users.repo.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read } from './reads.ts';

const Id = z.object({ id: z.coerce.number().int().positive().max(2 ** 53) });
const ItemParams = Id.extend({ itemId: z.coerce.number().int().positive().max(2 ** 53) });

/**
 * Labelling projects (issue 19): the owner's projects (any signed-in user with a user type),
 * uploads, start, gallery actions and export downloads; the dispute review for trusted workers
 * and staff (checked in the service).
 */
export async function labellingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = 'userType' as const;

  // Reads: also served in-process to the page renderer (reads.ts); access is checked before the handler.
  const userOf = (auth: { user: UserRow | null } | null) => auth!.user!;
  read(app, { path: '/v2/labelling/projects', access: owner, cacheControl: 'no-store', handler: async ({ ctx, auth }) => ({ projects: await labelling.listProjects(ctx, userOf(auth)) }) });
  r.post('/v2/labelling/projects', { config: { access: owner }, schema: { body: ProjectBodySchema } }, async (req) => labelling.createProject(req.ctx, currentUser(req), req.body));
  read(app, { path: '/v2/labelling/projects/:id', access: owner, params: Id, cacheControl: 'no-store', handler: ({ ctx, auth, params }) => labelling.projectView(ctx, userOf(auth), params.id) });
  // Many files in the multipart field `files` (images or zip archives).
  r.post('/v2/labelling/projects/:id/images', { config: { access: owner, rateLimit: { max: 30, timeWindow: '1 minute' } }, schema: { params: Id } }, async (req) => {
    if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the images as multipart/form-data.');
    const files: { name: string; data: Buffer }[] = [];
    try {
      for await (const part of req.files({ limits: { fileSize: labelling.MAX_ZIP_BYTES, files: 100, fields: 0 } })) {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', `${part.filename}: too large.`);
        files.push({ name: part.filename || 'image', data });
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      const code = (err as { code?: string }).code ?? '';
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') throw new AppError('PAYLOAD_TOO_LARGE', 'Too many or too large files.');
      throw err;
    }
    if (!files.length) throw new AppError('VALIDATION_FAILED', 'Send at least one file in the field "files".');
    return labelling.addFiles(req.ctx, currentUser(req), req.params.id, files);
  });
  r.post('/v2/labelling/projects/:id/start', { config: { access: owner }, schema: { params: Id, body: StartBodySchema } }, async (req) =>
    labelling.startProject(req.ctx, currentUser(req), req.params.id, req.body.expectedTotal, req.ip),
  );
  r.post('/v2/labelling/projects/:id/items/:itemId/accept', { config: { access: owner }, schema: { params: ItemParams } }, async (req) => {
    await labelling.acceptItem(req.ctx, currentUser(req), req.params.id, req.params.itemId);
    return { ok: true };
  });
  r.post('/v2/labelling/projects/:id/items/:itemId/reject', { config: { access: owner }, schema: { params: ItemParams } }, async (req) =>
    labelling.rejectItem(req.ctx, currentUser(req), req.params.id, req.params.itemId, req.ip),
  );
  r.get('/v2/labelling/items/:id/image', { config: { access: owner }, schema: { params: Id } }, async (req, reply) => {
    const data = await labelling.itemImage(req.ctx, currentUser(req), req.params.id);
    return reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').header('x-content-type-options', 'nosniff').send(data);
  });
  r.get('/v2/labelling/projects/:id/export/:format', { config: { access: owner }, schema: { params: Id.extend({ format: z.enum(LABELLING_EXPORTS) }) } }, async (req, reply) => {
    const files = await labelling.exportProject(req.ctx, currentUser(req), req.params.id, req.params.format);
    reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
    const base = `project-${req.params.id}-${req.params.format}`;
    if (files.length === 1) {
      const f = files[0]!;
      const type = f.name.endsWith('.json') ? 'application/json' : 'text/csv; charset=utf-8';
      return reply.type(type).header('content-disposition', `attachment; filename="${base}${f.name.endsWith('.json') ? '.json' : '.csv'}"`).send(f.content);
    }
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${base}.zip"`).send(writeZip(files));
  });

  // Disputes: trusted workers and staff.
  r.get('/v2/labelling/review', { config: { access: 'user' } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return labelling.reviewQueue(req.ctx, currentUser(req));
  });
  r.get('/v2/labelling/review/:id/image', { config: { access: 'user' }, schema: { params: Id } }, async (req, reply) => {
    const data = await labelling.itemImage(req.ctx, currentUser(req), req.params.id, true);
    return reply.type('image/jpeg').header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(data);
  });
  r.post('/v2/labelling/review/:id', { config: { access: 'user' }, schema: { params: Id, body: ReviewBodySchema } }, async (req) => {
    await labelling.resolveReview(req.ctx, currentUser(req), req.params.id, req.body.boxes);
    return { ok: true };
  });
}
