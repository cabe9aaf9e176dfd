import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * This process's Prometheus metrics: one registry per app (tests build several in one process).
 * Every family is declared here, in one place, so `GET /metrics` and its test see them all; a new
 * family is one more field below, observed where the thing happens.
 */
export function createMetrics() {
  const registry = new Registry();
  // Node's defaults: event-loop delay (nodejs_eventloop_lag_*), heap, GC, CPU, handles.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  return {
    registry,
    /** From a task's queueing (its row's created_at) to its offer reaching a worker's socket. */
    offerLatency: new Histogram({
      name: 'captchahub_offer_latency_seconds',
      help: 'Time from a task being queued to its offer being sent to a worker over /ws.',
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    /** Submissions that reached the group commit: written, or refused because it was full. */
    submissions: new Counter({
      name: 'captchahub_submissions_total',
      help: 'Submissions by outcome: accepted (queued and charged) or refused_overload (ERROR_NO_SLOT_AVAILABLE, nothing written).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    /** Page and site-API requests answered 503 because the event loop ran late (plugins/load-shedding.ts). */
    shed: new Counter({
      name: 'captchahub_requests_shed_total',
      help: 'Browser-facing requests answered 503 at once while the event loop lagged beyond SHED_LAG_MS.',
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** `Authorization: Bearer <token>` compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
