import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

/**
 * Counts every answered request by surface, route pattern and status, with its duration
 * (captchahub_http_requests_total, captchahub_http_request_duration_seconds). Each route's
 * surface is the one being registered when the route appears (`surface(name)` before each
 * surface's registration); unmatched requests count as route "unmatched".
 */
export function httpMetrics(app: FastifyInstance, metrics: Metrics) {
  let current = 'ops';
  const surfaces = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) surfaces.set(`${method} ${route.url}`, current);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url;
    let surface = route === undefined ? 'unmatched' : (surfaces.get(`${req.method} ${route}`) ?? 'ops');
    // The browser-facing surfaces register together: the site API is /api/*, the rest pages and assets.
    if (surface === 'web') surface = route!.startsWith('/api/') ? 'site-api' : 'ssr';
    const name = route ?? 'unmatched';
    metrics.httpRequests.inc({ surface, route: name, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ surface, route: name }, reply.elapsedTime / 1000);
    done();
  });
  return (name: string) => {
    current = name;
  };
}
