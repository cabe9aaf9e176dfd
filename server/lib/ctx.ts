import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '#server/modules/mail/mail.service.ts';
import type { ResultCache } from '#server/modules/tasks/result-cache.ts';
import type { SubmissionQueue } from '#server/modules/tasks/submissions.ts';

/** What every service call receives: the database (or the open transaction), logger, config, mailer. */
export interface Ctx {
  db: Db;
  log: FastifyBaseLogger;
  config: Config;
  mailer: Mailer;
  /** Live load per captcha type (queued per idle worker); absent means no load (floor prices). */
  market?: { loadOf(type: string): number };
  /** Task results of this process (see result-cache.ts); absent means always read the database. */
  results?: ResultCache;
  /** This process's group-commit queue for submissions; absent means each is written alone. */
  submissions?: SubmissionQueue;
  /** The HTTP request this call serves (its `x-request-id`): a submitted task keeps it, so the logs follow the task. */
  requestId?: string;
}

/** The same context inside a transaction. */
export function withDb(ctx: Ctx, db: Db): Ctx {
  return { ...ctx, db };
}
