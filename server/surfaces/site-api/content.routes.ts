import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  ArticleBodySchema,
  ArticleIndexQuerySchema,
  ArticleListQuerySchema,
  BySlugParamsSchema,
  BySlugQuerySchema,
  COLLECTIONS,
  COLLECTION_INFO,
  DomainBodySchema,
  DomainParamsSchema,
  EditorListQuerySchema,
  IdParamsSchema,
  PreviewBodySchema,
  RevisionParamsSchema,
} from '#shared/contracts/content.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as attachments from '#server/modules/content/attachments.service.ts';
import * as content from '#server/modules/content/content.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read } from './reads.ts';

/**
 * Blog, tutorials and software articles (issue 15, spec §7): the public reads of each collection
 * under its own path, the editor's reads, and one set of editor mutations for all three. Editors
 * are moderators or admins (`staff`); the hosts screen is admin-only.
 */
export async function contentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const editor = 'staff' as const;

  for (const collection of COLLECTIONS) {
    const { api, editorApi } = COLLECTION_INFO[collection];
    read(app, { path: `/${api}/index`, access: 'public', query: ArticleIndexQuerySchema, handler: ({ ctx, query }) => content.articleIndex(ctx, collection, query) });
    read(app, { path: `/${api}`, access: 'public', query: ArticleListQuerySchema, handler: ({ ctx, query }) => content.listArticles(ctx, collection, query) });
    read(app, {
      path: `/${api}/by-slug/:slug`,
      access: 'public',
      params: BySlugParamsSchema,
      query: BySlugQuerySchema.extend({ hostname: z.string().max(253).optional() }),
      handler: ({ ctx, params, query }) => content.articleBySlug(ctx, collection, params.slug, query),
    });
    read(app, { path: `/${editorApi}`, access: editor, query: EditorListQuerySchema, cacheControl: 'no-store', handler: ({ ctx, query }) => content.listForEditor(ctx, collection, query) });
    read(app, { path: `/${editorApi}/by-slug/:slug`, access: editor, params: BySlugParamsSchema, cacheControl: 'no-store', handler: ({ ctx, params }) => content.editorArticleBySlug(ctx, collection, params.slug) });
  }

  // Views for "popular": sent by the article page once shown (cached pages never reach a read).
  r.post('/v1/articles/:id/view', { config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { params: IdParamsSchema } }, async (req) => content.recordView(req.ctx, req.params.id));

  // Images: public, immutable (a new upload gets a new id).
  r.get('/v1/articles/attachments/:id/:file', { config: { access: 'public' }, schema: { params: z.object({ id: z.coerce.number().int().positive(), file: z.string().regex(/^\d{1,5}\.webp$/) }) } }, async (req, reply) => {
    const data = await attachments.attachmentFile(req.ctx, req.params.id, Number.parseInt(req.params.file, 10));
    if (!data) throw new AppError('NOT_FOUND', 'No such image.');
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(data);
  });

  // The editor
  read(app, { path: '/v1/editor/articles/:id', access: editor, params: IdParamsSchema, cacheControl: 'no-store', handler: ({ ctx, params }) => content.editorArticle(ctx, params.id) });
  read(app, { path: '/v1/editor/articles/:id/revisions', access: editor, params: IdParamsSchema, cacheControl: 'no-store', handler: ({ ctx, params }) => content.listRevisions(ctx, params.id) });
  r.post('/v1/editor/articles/new', { config: { access: editor }, schema: { body: ArticleBodySchema } }, async (req) => content.createArticle(req.ctx, req.body.article, currentUser(req).id));
  r.put('/v1/editor/articles/:id', { config: { access: editor }, schema: { params: IdParamsSchema, body: ArticleBodySchema.extend({ autosave: z.boolean().optional() }) } }, async (req) =>
    content.updateArticle(req.ctx, req.params.id, req.body.article, currentUser(req).id, req.body.autosave ?? false),
  );
  r.delete('/v1/editor/articles/:id', { config: { access: editor }, schema: { params: IdParamsSchema } }, async (req) => content.deleteArticle(req.ctx, req.params.id, currentUser(req).id));
  r.post('/v1/editor/articles/:id/revisions/:revisionId/restore', { config: { access: editor }, schema: { params: RevisionParamsSchema } }, async (req) =>
    content.restoreRevision(req.ctx, req.params.id, req.params.revisionId, currentUser(req).id),
  );
  r.post('/v1/editor/articles/preview', { config: { access: editor }, schema: { body: PreviewBodySchema } }, async (req) => content.preview(req.ctx, req.body.body));

  // Spec §7: PUT …/attachments with the file as the multipart field `attachment` (optional field articleId).
  r.put('/v1/editor/articles/attachments', { config: { access: editor, rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (req) => {
    if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
    const file = await req.file({ limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 5 } });
    if (!file || file.fieldname !== 'attachment') throw new AppError('VALIDATION_FAILED', 'Send the image in the field "attachment".');
    const data = await file.toBuffer();
    const field = file.fields.articleId;
    const raw = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : '';
    const articleId = /^\d{1,15}$/.test(raw) ? Number(raw) : null;
    return attachments.uploadAttachment(req.ctx, data, currentUser(req).id, articleId);
  });
  r.delete('/v1/editor/articles/attachments/:id', { config: { access: editor }, schema: { params: IdParamsSchema } }, async (req) => attachments.deleteAttachment(req.ctx, req.params.id, currentUser(req).id));

  // Hosts and what each shows: admins only (spec: one editor screen is admin-only).
  read(app, { path: '/v1/editor/manual-domains', access: 'admin', cacheControl: 'no-store', handler: ({ ctx }) => content.listDomains(ctx) });
  r.put('/v1/editor/manual-domains/:host', { config: { access: 'admin' }, schema: { params: DomainParamsSchema, body: DomainBodySchema } }, async (req) => content.saveDomain(req.ctx, req.params.host, req.body, currentUser(req).id));
}
