import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';

/** What every service call receives: the database (or the open transaction) and a logger. */
export interface Ctx {
  db: Db;
  log: FastifyBaseLogger;
}
