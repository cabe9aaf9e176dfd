import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * This process's Prometheus metrics: one registry per app (tests build several in one process).
 * Every family is declared here, in one place, so `GET /metrics` and its test see them all; a new
 * family is one more field below, observed where the thing happens.
 */
export function createMetrics() {
  const registry = new Registry();
  /** What the scrape-time families read (set once the app has its database and hub: setSources). */
  let sources: MetricSources | null = null;
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
    /** Every answered request by surface (compat, site-api, ssr, realtime, webhooks, ops), route pattern and status. */
    httpRequests: new Counter({
      name: 'captchahub_http_requests_total',
      help: 'HTTP requests answered, by surface, route pattern and status code.',
      labelNames: ['surface', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'captchahub_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being written, by surface and route pattern.',
      labelNames: ['surface', 'route'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    /** Pingback POSTs to customers' servers (modules/tasks/pingback.service.ts). */
    pingbacks: new Counter({
      name: 'captchahub_pingback_deliveries_total',
      help: 'Pingback delivery attempts by outcome: delivered (2xx), failed (retried later), refused (destination not allowed, given up).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    /** Payment providers' webhooks by provider and what became of them (surfaces/webhooks). */
    paymentWebhooks: new Counter({
      name: 'captchahub_payment_webhooks_total',
      help: 'Payment webhooks received, by provider and outcome (the handler\'s outcome, bad_signature, unknown_provider or error).',
      labelNames: ['provider', 'outcome'] as const,
      registers: [registry],
    }),
    // Read at scrape time. Database figures are the whole cluster's (every node reports the same
    // values; aggregate with max, not sum), cached for 10 s per node.
    queueDepth: new Gauge({
      name: 'captchahub_queue_depth',
      help: 'Tasks waiting for a worker, by captcha type (cluster-wide).',
      labelNames: ['type'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of (await sources?.queue()) ?? []) this.set({ type: q.type }, q.depth);
      },
    }),
    queueOldest: new Gauge({
      name: 'captchahub_queue_oldest_seconds',
      help: 'Age of the oldest task waiting for a worker, by captcha type (cluster-wide).',
      labelNames: ['type'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of (await sources?.queue()) ?? []) this.set({ type: q.type }, q.oldestSeconds);
      },
    }),
    tasks: new Counter({
      name: 'captchahub_tasks_total',
      help: 'Tasks by captcha type and outcome: submitted, solved, unsolvable (cluster-wide, from the statistics journal; sandbox and re-solves left out).',
      labelNames: ['type', 'outcome'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const t of (await sources?.tasks()) ?? []) {
          this.inc({ type: t.type, outcome: 'submitted' }, t.submitted);
          this.inc({ type: t.type, outcome: 'solved' }, t.solved);
          this.inc({ type: t.type, outcome: 'unsolvable' }, t.unsolvable);
        }
      },
    }),
    money: new Counter({
      name: 'captchahub_money_micro_usd_total',
      help: 'Money moved through the ledger by entry kind (charge, refund, earning, topup, …) and direction (credit or debit), in micro-USD (cluster-wide).',
      labelNames: ['kind', 'direction'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const m of (await sources?.money()) ?? []) {
          this.inc({ kind: m.kind, direction: 'credit' }, m.credit);
          this.inc({ kind: m.kind, direction: 'debit' }, m.debit);
        }
      },
    }),
    workersOnline: new Gauge({
      name: 'captchahub_workers_online',
      help: 'Workers connected to this node over /ws and started.',
      registers: [registry],
      collect() {
        this.set(sources?.workers().online ?? 0);
      },
    }),
    workersBusy: new Gauge({
      name: 'captchahub_workers_busy',
      help: 'Workers on this node holding a task.',
      registers: [registry],
      collect() {
        this.set(sources?.workers().busy ?? 0);
      },
    }),
    dbPool: new Gauge({
      name: 'captchahub_db_pool_connections',
      help: 'This node\'s database pools: connections open (total), idle, and requests waiting for one (waiting).',
      labelNames: ['pool', 'state'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const p of sources?.pools() ?? []) {
          this.set({ pool: p.name, state: 'total' }, p.total);
          this.set({ pool: p.name, state: 'idle' }, p.idle);
          this.set({ pool: p.name, state: 'waiting' }, p.waiting);
        }
      },
    }),
    setSources(s: MetricSources) {
      sources = s;
    },
    /** Page and site-API requests answered 503 because the event loop ran late (plugins/load-shedding.ts). */
    shed: new Counter({
      name: 'captchahub_requests_shed_total',
      help: 'Browser-facing requests answered 503 at once while the event loop lagged beyond SHED_LAG_MS.',
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Where the scrape-time families read from (modules/ops wires the database and the worker hub). */
export interface MetricSources {
  queue(): Promise<{ type: string; depth: number; oldestSeconds: number }[]>;
  tasks(): Promise<{ type: string; submitted: number; solved: number; unsolvable: number }[]>;
  money(): Promise<{ kind: string; credit: number; debit: number }[]>;
  workers(): { online: number; busy: number };
  pools(): { name: string; total: number; idle: number; waiting: number }[];
}

/** `Authorization: Bearer <token>` compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
