import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { PROXY_PLAN_TYPES } from '#shared/proxy/catalog.ts';
import { bearerMatches } from '#server/lib/metrics.ts';
import { gatewaySnapshot, recordUsage } from '#server/modules/proxy/proxy.service.ts';

const UsageSchema = z.object({
  items: z
    .array(
      z.object({
        subUserId: z.number().int().positive(),
        userId: z.number().int().positive(),
        planType: z.enum(PROXY_PLAN_TYPES),
        day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        bytesUp: z.number().int().min(0),
        bytesDown: z.number().int().min(0),
        connections: z.number().int().min(0),
      }),
    )
    .max(100_000),
});

/**
 * The proxy gateway's control channel (issue 17), for a gateway in its own process that cannot
 * open the database itself (embedded PGlite is one process's): GET /internal/proxy/snapshot and
 * POST /internal/proxy/usage, only with `Authorization: Bearer <PROXY_CONTROL_TOKEN>`, and only
 * registered when that token is configured. Outside the browser surfaces (no session, no CSRF).
 */
export const proxyControl = fp(
  async (app: FastifyInstance, opts: { token: string }) => {
    await app.register(async (r) => {
      r.addHook('onRequest', async (req, reply) => {
        if (!bearerMatches(req.headers.authorization, opts.token)) return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
      });
      r.get('/internal/proxy/snapshot', async (req, reply) => reply.header('cache-control', 'no-store').send(await gatewaySnapshot(req.ctx)));
      r.post('/internal/proxy/usage', { bodyLimit: 16 * 1024 * 1024 }, async (req, reply) => {
        const parsed = UsageSchema.safeParse(req.body);
        if (!parsed.success) return reply.code(400).send({ error: 'bad usage batch' });
        await recordUsage(req.ctx, parsed.data.items);
        return { ok: true };
      });
    });
  },
  { name: 'proxy-control' },
);
