import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParamsSchema,
  ListingInputSchema,
  ModerationListQuerySchema,
  PageQuerySchema,
  ReasonBodySchema,
  ReplyBodySchema,
  ReviewBodySchema,
  ReviewModerationQuerySchema,
  SlugParamsSchema,
  SoftwareIdParamsSchema,
  SoftwareListQuerySchema,
  StatisticsQuerySchema,
} from '#shared/contracts/software.ts';
import { AppError } from '#server/lib/app-error.ts';
import * as software from '#server/modules/software/software.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read, userOf } from './reads.ts';

const SCREENSHOT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The software catalogue (issue 16, spec §7): public reads under /v1/catalog, reviews by signed-in
 * users, listings by their owners (any user with a user type), moderation by staff, and the public
 * per-software statistics under /v2/software/statistics.
 */
export async function softwareRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = 'staff' as const;
  const viewerOf = (call: { auth: { user: Parameters<typeof software.softwareBySlug>[2] } | null }) => call.auth?.user ?? null;

  // Public (spec §7)
  read(app, { path: '/v1/catalog/categories', access: 'public', handler: ({ ctx }) => software.listCategories(ctx) });
  read(app, { path: '/v1/catalog/software', access: 'public', query: SoftwareListQuerySchema, handler: ({ ctx, query }) => software.listSoftware(ctx, query) });
  read(app, { path: '/v1/catalog/softlist', access: 'public', handler: ({ ctx }) => software.softlist(ctx) });
  read(app, {
    path: '/v1/catalog/software/:slug',
    access: 'public',
    params: SlugParamsSchema,
    query: z.object({ language: z.string().max(8).optional() }),
    cacheControl: 'private, no-cache',
    handler: (call) => software.softwareBySlug(call.ctx, call.params.slug, viewerOf(call), call.query.language),
  });
  read(app, {
    path: '/v1/catalog/software/:slug/reviews',
    access: 'public',
    params: SlugParamsSchema,
    query: PageQuerySchema,
    handler: (call) => software.listReviews(call.ctx, call.params.slug, call.query.page, viewerOf(call)),
  });
  read(app, {
    path: '/v2/software/statistics/:slug/public',
    access: 'public',
    params: SlugParamsSchema,
    query: StatisticsQuerySchema,
    handler: (call) => software.publicStatistics(call.ctx, call.params.slug, call.query, viewerOf(call)),
  });
  r.get('/v1/catalog/screenshots/:id/:file', { config: { access: 'public' }, schema: { params: IdParamsSchema.extend({ file: z.enum(['full.webp', 'thumb.webp']) }) } }, async (req, reply) => {
    const data = await software.screenshotFile(req.ctx, req.params.id, req.params.file === 'full.webp' ? 'full' : 'thumb');
    if (!data) throw new AppError('NOT_FOUND', 'No such screenshot.');
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(data);
  });

  // Reviews: signed-in users with a user type (who may review is decided in the service)
  const reviewLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };
  r.post('/v1/catalog/software/:softwareId/reviews', { config: { access: 'userType', ...reviewLimit }, schema: { params: SoftwareIdParamsSchema, body: ReviewBodySchema } }, async (req) =>
    software.addReview(req.ctx, req.params.softwareId, currentUser(req), req.body.review),
  );
  r.put('/v1/catalog/reviews/:id', { config: { access: 'userType', ...reviewLimit }, schema: { params: IdParamsSchema, body: ReviewBodySchema } }, async (req) =>
    software.editReview(req.ctx, req.params.id, currentUser(req), req.body.review),
  );
  r.post('/v1/catalog/reviews/:id/reply', { config: { access: 'userType', ...reviewLimit }, schema: { params: IdParamsSchema, body: ReplyBodySchema } }, async (req) =>
    software.replyToReview(req.ctx, req.params.id, currentUser(req), req.body.text),
  );

  // Developers: their listings, soft_ids and revenue
  const owner = 'userType' as const;
  read(app, { path: '/v1/catalog/my-software', access: owner, cacheControl: 'no-store', handler: (call) => software.myListings(call.ctx, userOf(call)) });
  read(app, { path: '/v1/catalog/my-software/:slug', access: owner, params: SlugParamsSchema, cacheControl: 'no-store', handler: (call) => software.ownListing(call.ctx, call.params.slug, userOf(call)) });
  read(app, { path: '/v1/catalog/my-software/:slug/statistics', access: owner, params: SlugParamsSchema, cacheControl: 'no-store', handler: (call) => software.ownerStatistics(call.ctx, call.params.slug, userOf(call)) });
  r.post('/v1/catalog/software', { config: { access: owner, rateLimit: { max: 10, timeWindow: '1 minute' } }, schema: { body: z.object({ software: ListingInputSchema }) } }, async (req) =>
    software.createListing(req.ctx, currentUser(req), req.body.software),
  );
  r.put('/v1/catalog/software/:id', { config: { access: owner }, schema: { params: IdParamsSchema, body: z.object({ software: ListingInputSchema }) } }, async (req) =>
    software.updateListing(req.ctx, req.params.id, currentUser(req), req.body.software),
  );
  // The image as the multipart field `screenshot`.
  r.post('/v1/catalog/software/:softwareId/screenshots', { config: { access: owner, rateLimit: { max: 20, timeWindow: '1 minute' } }, schema: { params: SoftwareIdParamsSchema } }, async (req) => {
    if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
    const file = await req.file({ limits: { fileSize: SCREENSHOT_MAX_BYTES, files: 1, fields: 2 } });
    if (!file || file.fieldname !== 'screenshot') throw new AppError('VALIDATION_FAILED', 'Send the image in the field "screenshot".');
    const data = await file.toBuffer();
    return software.addScreenshot(req.ctx, req.params.softwareId, currentUser(req), data);
  });
  r.delete('/v1/catalog/software/:softwareId/screenshots/:screenshotId', { config: { access: owner }, schema: { params: SoftwareIdParamsSchema.extend({ screenshotId: z.coerce.number().int().positive() }) } }, async (req) =>
    software.removeScreenshot(req.ctx, req.params.softwareId, req.params.screenshotId, currentUser(req)),
  );

  // Moderation: moderators and admins
  read(app, { path: '/v1/catalog/moderation/software', access: staff, query: ModerationListQuerySchema, cacheControl: 'no-store', handler: ({ ctx, query }) => software.moderationListings(ctx, query.status) });
  r.post('/v1/catalog/moderation/software/:id/approve', { config: { access: staff }, schema: { params: IdParamsSchema } }, async (req) => software.approveListing(req.ctx, req.params.id, currentUser(req)));
  r.post('/v1/catalog/moderation/software/:id/reject', { config: { access: staff }, schema: { params: IdParamsSchema, body: ReasonBodySchema } }, async (req) =>
    software.rejectListing(req.ctx, req.params.id, req.body.reason, currentUser(req)),
  );
  r.post('/v1/catalog/moderation/software/:id/hide', { config: { access: staff }, schema: { params: IdParamsSchema } }, async (req) => software.hideListing(req.ctx, req.params.id, currentUser(req)));
  read(app, { path: '/v1/catalog/moderation/reviews', access: staff, query: ReviewModerationQuerySchema, cacheControl: 'no-store', handler: ({ ctx, query }) => software.moderationReviews(ctx, query.status) });
  r.post('/v1/catalog/moderation/reviews/:id/approve', { config: { access: staff }, schema: { params: IdParamsSchema } }, async (req) => software.moderateReview(req.ctx, req.params.id, 'approve', currentUser(req)));
  r.post('/v1/catalog/moderation/reviews/:id/reject', { config: { access: staff }, schema: { params: IdParamsSchema, body: ReasonBodySchema } }, async (req) =>
    software.moderateReview(req.ctx, req.params.id, 'reject', currentUser(req), req.body.reason),
  );
}
