import type { FastifyInstance } from 'fastify';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import type { Ctx } from './lib/ctx.ts';
import { pruneOldApiErrors } from './modules/apilog/apilog.service.ts';
import { pruneDemoChallenges } from './modules/demo/demo.service.ts';
import { payDueRewards } from './modules/hub/hub.service.ts';
import { syncRunningProjects } from './modules/labelling/labelling.service.ts';
import { syncAll as syncCryptoInvoices } from './modules/payments/crypto/crypto.service.ts';
import { FULL_LOAD } from './modules/pricing/pricing.service.ts';
import { deliverDuePingbacks } from './modules/tasks/pingback.service.ts';
import { countQueuedByTypeUpTo } from './modules/tasks/tasks.repo.ts';
import { sweepTasks } from './modules/tasks/tasks.service.ts';
import { renewOrExpire } from './modules/support/enterprise.service.ts';
import { autoCloseQuiet, postUsageReports } from './modules/support/support.service.ts';
import { nodeName, rollUpStatistics, sampleLoad } from './modules/statistics/statistics.service.ts';

/** Live load per type: queued tasks per idle worker of this node, refreshed by the jobs. */
export class Market {
  private loads: Record<string, number> = {};
  loadOf(type: string): number {
    return this.loads[type] ?? 0;
  }
  set(queued: Record<string, number>, idleWorkers: number) {
    const per = Math.max(1, idleWorkers);
    this.loads = Object.fromEntries(Object.entries(queued).map(([t, n]) => [t, n / per]));
  }
}

const CAPTCHA_SLUGS = CAPTCHA_TYPES.map((t) => t.slug);

/** Runs `job` every `ms`, never twice at once; the stop waits for a run in progress. */
function every(ms: number, job: () => Promise<unknown>, onError: (err: unknown) => void) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = job().catch(onError).finally(() => (running = null));
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * The background work every node runs: the task sweeper (leases, lifetimes, refunds), pingback
 * deliveries with retries, and the load behind live prices. Each claims its rows with SKIP
 * LOCKED, so any number of nodes can run them.
 */
export function startJobs(app: FastifyInstance): () => Promise<void> {
  const ctx = (): Ctx => ({ db: app.database.db, log: app.log, config: app.config, mailer: app.mailer, market: app.market });
  const onError = (err: unknown) => app.log.error({ err }, 'background job failed');
  const node = nodeName();
  const stops = [
    every(1_000, () => sweepTasks(ctx()), onError),
    every(2_000, () => deliverDuePingbacks(ctx(), undefined, undefined, (outcome) => app.metrics.pingbacks.inc({ outcome })), onError),
    // The customers' API error log keeps 30 days (the per-account cap is applied as rows are written).
    every(60_000, () => pruneOldApiErrors(ctx()), onError),
    // Demo captchas a day past their expiry (issue 14; recognition examples keep their own copy)
    every(3_600_000, () => pruneDemoChallenges(ctx()), onError),
    every(2_000, async () => {
      const idle = app.workerHub.idleCount;
      // Past FULL_LOAD queued per idle worker the price is at its cap: counting further changes nothing.
      app.market.set(await countQueuedByTypeUpTo(app.database.db, CAPTCHA_SLUGS, FULL_LOAD * Math.max(1, idle)), idle);
    }, onError),
    // Public statistics: this node's load sample once a minute (the first write of a minute wins),
    // and the hourly roll-ups: the tasks journal applied to stats_hourly (one node at a time; the first run backfills).
    every(20_000, () => sampleLoad(ctx(), node, app.workerHub.workerCounts), onError),
    every(60_000, () => rollUpStatistics(ctx()), onError),
    // Support (issue 18): quiet answered/waiting tickets close; enterprise periods renew from the balance or end.
    every(60_000, () => autoCloseQuiet(ctx(), app.config.SUPPORT_AUTOCLOSE_HOURS), onError),
    every(60_000, () => renewOrExpire(ctx()), onError),
    // Enterprise plans' monthly usage report (one per user and month; checked hourly).
    every(3_600_000, () => postUsageReports(ctx()), onError),
    // Labelling projects: items whose annotators all answered are decided (consensus or review).
    every(10_000, () => syncRunningProjects(ctx()), onError),
    // Worker hub rewards (issue 19): streak, accuracy-tier and milestone bonuses, each paid once whatever the nodes.
    every(300_000, () => payDueRewards(ctx()), onError),
  ];
  // Crypto invoices: poll each configured coin's chain for deposits and credit them (exactly once on any number of nodes).
  const crypto = app.payments.crypto;
  if (crypto) stops.push(every(app.config.CRYPTO_POLL_SECONDS * 1000, () => syncCryptoInvoices(ctx(), crypto), onError));
  const firstRollUp = setTimeout(() => void rollUpStatistics(ctx()).catch(onError), 3_000);
  firstRollUp.unref();
  stops.push(async () => clearTimeout(firstRollUp));
  // A clean shutdown waits for the runs in progress (a pingback being posted, a sweep), then
  // delivers the pingbacks already due once more, so a restart does not hold them back a retry.
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    await deliverDuePingbacks(ctx(), undefined, undefined, (outcome) => app.metrics.pingbacks.inc({ outcome })).catch(onError);
  };
}
