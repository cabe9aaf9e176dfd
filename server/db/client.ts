import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { APP_ROOT } from '../lib/root.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

// int8 and numeric come back as strings from pg but numbers from PGlite; money and ids are
// read as numbers in both (ids stay below 2^53, money is stored in integer micro-units).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Schema = typeof schema;
/** One database type for both drivers: their query builders are the same PgDatabase. */
export type Db = NodePgDatabase<Schema>;

export interface Database {
  db: Db;
  /**
   * The solving loop's own connections (claims, answers, skips of /ws workers): a worker's offer
   * never waits for a connection behind submission batches, page loaders or result reads. On
   * PGlite (one connection anyway) it is `db`.
   */
  dispatchDb: Db;
  kind: 'postgres' | 'pglite';
  /** The connection string, on PostgreSQL (another node can open the same database). */
  url?: string;
  ping(): Promise<void>;
  /**
   * LISTEN on a channel (one dedicated connection on PostgreSQL); returns the unlisten.
   * `onLost` is called if that connection fails: notifications may have been missed from then on.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: (err?: Error) => void): Promise<() => Promise<void>>;
  /** The connection pools' state (PostgreSQL; none on PGlite): open, idle, and queries waiting for one. */
  pools?(): { name: string; total: number; idle: number; waiting: number }[];
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(APP_ROOT, 'server/db/migrations');

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An existing PGlite (tests clone a migrated snapshot). */
  pglite?: PGlite;
  poolSize?: number;
  /** Connections of `dispatchDb` on PostgreSQL (default 6). */
  dispatchPoolSize?: number;
  migrate?: boolean;
}

/**
 * Opens PostgreSQL when a URL is given, otherwise embedded PGlite in the data directory,
 * and applies the committed migrations.
 * @throws DataDirLockedError when another process uses the data directory.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const migrate = opts.migrate ?? true;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = retryDeadlocks(drizzlePg(pool, { schema }));
    if (migrate) await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    const dispatchPool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.dispatchPoolSize ?? 6 });
    const dispatchDb = retryDeadlocks(drizzlePg(dispatchPool, { schema }));
    const listeners: pg.Client[] = [];
    return {
      db,
      dispatchDb,
      kind: 'postgres',
      url: opts.databaseUrl,
      ping: async () => void (await pool.query('select 1')),
      pools: () =>
        [['main', pool] as const, ['dispatch', dispatchPool] as const].map(([name, p]) => ({ name, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount })),
      listen: async (channel, onPayload, onLost) => {
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        let closing = false;
        client.on('error', (err) => onLost?.(err));
        client.on('end', () => closing || onLost?.());
        await client.connect();
        client.on('notification', (msg) => msg.channel === channel && onPayload(msg.payload ?? ''));
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        listeners.push(client);
        return async () => {
          closing = true;
          listeners.splice(listeners.indexOf(client), 1);
          await client.end();
        };
      },
      close: async () => {
        await Promise.all(listeners.splice(0).map((c) => c.end()));
        await Promise.all([pool.end(), dispatchPool.end()]);
      },
    };
  }
  let release = () => {};
  let client = opts.pglite;
  if (!client) {
    const dir = path.resolve(opts.dataDir ?? './data', 'pglite');
    release = lockDataDir(path.dirname(dir));
    try {
      client = await PGlite.create(dir);
    } catch (err) {
      release();
      throw err;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (migrate) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  const pglite = client;
  return {
    db,
    dispatchDb: db,
    kind: 'pglite',
    ping: async () => void (await pglite.query('select 1')),
    listen: async (channel, onPayload) => pglite.listen(channel, onPayload),
    close: async () => {
      await pglite.close();
      release();
    },
  };
}

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back whole. */
const RETRYABLE = new Set(['40P01', '40001']);
const TRANSACTION_ATTEMPTS = 3;

function sqlState(err: unknown): string | undefined {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * Runs a top-level transaction again (up to three times, after a short random pause) when
 * PostgreSQL aborted it as a deadlock victim or for a serialization failure. Lock order is kept
 * by id everywhere money moves between accounts; this is the guard for the orders no code path
 * controls (foreign-key checks, index pages). A retried transaction starts from scratch, so
 * nothing of the aborted try remains. Savepoints (tx.transaction) are not retried.
 */
function retryDeadlocks(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Db['transaction']>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(...args);
      } catch (err) {
        if (attempt >= TRANSACTION_ATTEMPTS || !RETRYABLE.has(sqlState(err) ?? '')) throw err;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  }) as Db['transaction'];
  return db;
}
