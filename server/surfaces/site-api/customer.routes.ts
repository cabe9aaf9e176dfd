import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiSettingsSchema, SoftwareSchema, type ApiSettings } from '#shared/contracts/customer.ts';
import { formatMoney, parseMoney } from '#shared/money.ts';
import { findApiSettings, upsertApiSettings } from '#server/modules/tasks/tasks.repo.ts';
import { listSoftware, registerSoftware } from '#server/modules/tasks/software.service.ts';
import { currentUser } from '#server/plugins/access.ts';

/** /api/v2/customer/api-settings and /api/v2/developer/software: what the API key may do. */
export async function customerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'userType' as const;

  const present = async (userId: number): Promise<ApiSettings> => {
    const s = await findApiSettings(app.database.db, userId);
    return { allowedIps: s.allowedIps, maxBidPer1000: s.maxBidPer1000 === null ? null : formatMoney(s.maxBidPer1000), sandbox: s.sandbox, pingbackHosts: s.pingbackHosts };
  };
  r.get('/v2/customer/api-settings', { config: { access } }, async (req) => present(currentUser(req).id));
  r.put('/v2/customer/api-settings', { config: { access }, schema: { body: ApiSettingsSchema } }, async (req) => {
    const userId = currentUser(req).id;
    await upsertApiSettings(req.ctx.db, userId, {
      allowedIps: [...new Set(req.body.allowedIps)],
      maxBidPer1000: req.body.maxBidPer1000 === null ? null : parseMoney(req.body.maxBidPer1000),
      sandbox: req.body.sandbox,
    });
    return present(userId);
  });

  r.get('/v2/developer/software', { config: { access } }, async (req) => listSoftware(req.ctx, currentUser(req).id));
  r.post('/v2/developer/software', { config: { access }, schema: { body: SoftwareSchema } }, async (req) =>
    registerSoftware(req.ctx, currentUser(req).id, req.body.name),
  );
}
