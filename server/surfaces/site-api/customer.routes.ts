import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiSettingsSchema, SoftwareSchema, type ApiSettings } from '#shared/contracts/customer.ts';
import { MAX_PINGBACK_HOSTS, PingbackHostSchema, pingbackHostOf } from '#shared/contracts/pingback.ts';
import { formatMoney, parseMoney } from '#shared/money.ts';
import { findApiSettings, upsertApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { listSoftware, registerSoftware } from '#server/modules/tasks/software.service.ts';
import { currentUser } from '#server/plugins/access.ts';
import { AppError } from '#server/lib/app-error.ts';
import { addPingbackHost, listPingbackHosts, removePingbackHost } from '#server/modules/tasks/pingback.service.ts';
import { read, userOf } from './reads.ts';

/** /api/v2/customer/api-settings, /pingback-hosts and /api/v2/developer/software: what the API key may do. */
export async function customerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'userType' as const;

  const present = async (userId: number): Promise<ApiSettings> => {
    const s = await findApiSettings(app.database.db, userId);
    return {
      allowedIps: s.allowedIps,
      maxBidPer1000: s.maxBidPer1000 === null ? null : formatMoney(s.maxBidPer1000),
      sandbox: s.sandbox,
      pingbackHosts: s.pingbackHosts,
      consensus: s.consensus ? { minAttempts: s.consensus.minAttempts, maxAttempts: s.consensus.maxAttempts, minMatches: s.consensus.minMatches } : null,
      defaultLanguage: s.defaultLanguage,
    };
  };
  read(app, { path: '/v2/customer/api-settings', access, handler: (call) => present(userOf(call).id) });
  r.put('/v2/customer/api-settings', { config: { access }, schema: { body: ApiSettingsSchema } }, async (req) => {
    const userId = currentUser(req).id;
    await upsertApiSettings(req.ctx.db, userId, {
      allowedIps: [...new Set(req.body.allowedIps)],
      maxBidPer1000: req.body.maxBidPer1000 === null ? null : parseMoney(req.body.maxBidPer1000),
      sandbox: req.body.sandbox,
      ...(req.body.consensus !== undefined ? { consensus: req.body.consensus } : {}),
      ...(req.body.defaultLanguage !== undefined ? { defaultLanguage: req.body.defaultLanguage } : {}),
    });
    return present(userId);
  });

  // Pingback hosts: the same list res.php add_pingback / del_pingback manage (pingback.service).
  r.post('/v2/customer/pingback-hosts', { config: { access }, schema: { body: PingbackHostSchema } }, async (req) => {
    const userId = currentUser(req).id;
    const failure = await addPingbackHost(req.ctx, userId, req.body.address);
    if (failure === 'not_public') throw new AppError('FORBIDDEN', 'Pingbacks can only go to public internet addresses.');
    if (failure === 'full') throw new AppError('VALIDATION_FAILED', `At most ${MAX_PINGBACK_HOSTS} pingback hosts can be registered.`);
    if (failure === 'format') throw new AppError('VALIDATION_FAILED', 'Not a domain, IP address or URL.');
    return present(userId);
  });
  r.delete('/v2/customer/pingback-hosts/:host', { config: { access }, schema: { params: z.object({ host: z.string().min(1).max(300) }) } }, async (req) => {
    const userId = currentUser(req).id;
    const host = pingbackHostOf(req.params.host);
    if (!host || !(await listPingbackHosts(req.ctx, userId)).includes(host)) throw new AppError('NOT_FOUND', 'This host is not registered.');
    await removePingbackHost(req.ctx, userId, host);
    return present(userId);
  });

  read(app, { path: '/v2/developer/software', access, handler: (call) => listSoftware(call.ctx, userOf(call).id) });
  r.post('/v2/developer/software', { config: { access }, schema: { body: SoftwareSchema } }, async (req) =>
    registerSoftware(req.ctx, currentUser(req).id, req.body.name),
  );
}
