import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { SharedLimiter } from './limiter.ts';
import { MemoryStore } from './memory.ts';
import { PostgresStore } from './postgres.ts';
import { RedisStore } from './redis.ts';
import type { SharedStore } from './types.ts';

export { SharedLimiter } from './limiter.ts';
export { MemoryStore } from './memory.ts';
export { PostgresStore } from './postgres.ts';
export { RedisStore } from './redis.ts';
export type { Ban, SharedStore } from './types.ts';

/** The configured store: SHARED_STORE, else Redis with REDIS_URL, PostgreSQL with DATABASE_URL, memory. */
export function createSharedStore(config: Config, database: Database): SharedStore {
  const kind = config.SHARED_STORE ?? (config.REDIS_URL ? 'redis' : database.kind === 'postgres' ? 'postgres' : 'memory');
  if (kind === 'redis') {
    if (!config.REDIS_URL) throw new Error('SHARED_STORE=redis needs REDIS_URL');
    return new RedisStore(config.REDIS_URL, config.REDIS_PREFIX);
  }
  if (kind === 'postgres') return new PostgresStore(database);
  return new MemoryStore();
}

/** The store behind a started limiter (closed with it). */
export async function startSharedLimiter(config: Config, database: Database, log: FastifyBaseLogger, store = createSharedStore(config, database)): Promise<SharedLimiter> {
  const limiter = new SharedLimiter(store, { flushMs: config.SHARED_STORE_FLUSH_MS, log });
  await limiter.start();
  return limiter;
}
