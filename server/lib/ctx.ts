import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '#server/modules/mail/mail.service.ts';

/** What every service call receives: the database (or the open transaction), logger, config, mailer. */
export interface Ctx {
  db: Db;
  log: FastifyBaseLogger;
  config: Config;
  mailer: Mailer;
  /** Live load per captcha type (queued per idle worker); absent means no load (floor prices). */
  market?: { loadOf(type: string): number };
}

/** The same context inside a transaction. */
export function withDb(ctx: Ctx, db: Db): Ctx {
  return { ...ctx, db };
}
