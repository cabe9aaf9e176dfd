import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '#shared/i18n/languages.ts';
import { ReferralListQuerySchema } from '#shared/contracts/affiliate.ts';
import * as affiliate from '#server/modules/affiliate/affiliate.service.ts';
import { BANNER_SIZES, renderBanner } from '#server/modules/affiliate/banners.ts';
import { read, userOf } from './reads.ts';

/** The affiliate programme (issue 12 §4): public terms for /affiliate, the referrer's /partner pages. */
export async function affiliateRoutes(app: FastifyInstance) {
  read(app, { path: '/v2/affiliate/terms', access: 'public', cacheControl: 'public, max-age=60', handler: (call) => affiliate.termsOf(call.ctx) });
  read(app, { path: '/v2/affiliate/dashboard', access: 'user', handler: (call) => affiliate.dashboard(call.ctx, userOf(call).id) });
  read(app, {
    path: '/v2/affiliate/referrals',
    access: 'user',
    query: ReferralListQuerySchema,
    handler: (call) => affiliate.invitedReferrals(call.ctx, userOf(call).id, call.query.page),
  });
  read(app, { path: '/v2/affiliate/sources', access: 'user', handler: (call) => affiliate.referralSources(call.ctx, userOf(call).id) });

  // The banner images partners embed on their sites: a stable address, an SVG that runs no script.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/v2/affiliate/banners/:file',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ file: z.enum(BANNER_SIZES.map((s) => `${s}.svg`) as [string, ...string[]]) }),
        querystring: z.object({ lang: z.enum(LANGUAGES).default('en') }),
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(renderBanner(req.params.file.replace('.svg', '') as (typeof BANNER_SIZES)[number], req.query.lang, req.ctx.config.BRAND_NAME)),
  );
}
