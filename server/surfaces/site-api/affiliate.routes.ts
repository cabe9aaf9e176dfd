import type { FastifyInstance } from 'fastify';
import { ReferralListQuerySchema } from '#shared/contracts/affiliate.ts';
import * as affiliate from '#server/modules/affiliate/affiliate.service.ts';
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
}
