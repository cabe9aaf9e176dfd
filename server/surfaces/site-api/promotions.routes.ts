import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CheckPromoCodeSchema, CreateCampaignSchema, CreatePromoCodeSchema, PromotionIdParamsSchema, RedeemPromoCodeSchema, SetPausedSchema } from '#shared/contracts/promotions.ts';
import * as campaigns from '#server/modules/promotions/campaigns.service.ts';
import * as promo from '#server/modules/promotions/promo-codes.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read } from './reads.ts';

/**
 * Promo codes and discount campaigns (issue 11 §6): a customer checks a code before paying and
 * redeems fixed-credit codes; anyone lists the running campaigns; admins create, pause and see usage.
 */
export async function promotionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Guessing codes is the abuse to slow down: few tries per minute.
  const tries = { max: 20, timeWindow: '1 minute' };

  r.post('/v2/promo-codes/check', { config: { access: 'user', rateLimit: tries }, schema: { body: CheckPromoCodeSchema } }, async (req) =>
    promo.checkPromoCode(req.ctx, currentUser(req).id, req.body),
  );
  r.post('/v2/promo-codes/redeem', { config: { access: 'user', rateLimit: tries }, schema: { body: RedeemPromoCodeSchema } }, async (req) =>
    promo.redeemPromoCode(req.ctx, currentUser(req).id, req.body.code),
  );

  read(app, {
    path: '/v2/discount-campaigns',
    access: 'public',
    // Campaigns start and end on the minute at most; the page cache is cleared at each.
    cacheControl: 'public, max-age=15',
    handler: ({ ctx }) => campaigns.runningCampaigns(ctx),
  });

  const access = 'admin' as const;
  read(app, { path: '/v2/admin/promo-codes', access, handler: ({ ctx }) => promo.listPromoCodesForAdmin(ctx) });
  r.post('/v2/admin/promo-codes', { config: { access }, schema: { body: CreatePromoCodeSchema } }, async (req) => promo.createPromoCode(req.ctx, req.body, currentUser(req).id));
  r.put('/v2/admin/promo-codes/:id/paused', { config: { access }, schema: { params: PromotionIdParamsSchema, body: SetPausedSchema } }, async (req) =>
    promo.setPromoCodePaused(req.ctx, req.params.id, req.body.paused, currentUser(req).id),
  );
  read(app, { path: '/v2/admin/discount-campaigns', access, handler: ({ ctx }) => campaigns.listCampaignsForAdmin(ctx) });
  r.post('/v2/admin/discount-campaigns', { config: { access }, schema: { body: CreateCampaignSchema } }, async (req) => campaigns.createCampaign(req.ctx, req.body, currentUser(req).id));
  r.put('/v2/admin/discount-campaigns/:id/paused', { config: { access }, schema: { params: PromotionIdParamsSchema, body: SetPausedSchema } }, async (req) =>
    campaigns.setCampaignPaused(req.ctx, req.params.id, req.body.paused, currentUser(req).id),
  );
}
