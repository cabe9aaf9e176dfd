import type { Database } from '#server/db/client.ts';
import { addCounts, BAN_CHANNEL, deleteExpired, insertBan, selectActiveBans } from './shared-store.repo.ts';
import type { Ban, CounterDelta, CounterState, SharedStore } from './types.ts';

/**
 * The PostgreSQL store (the default when DATABASE_URL is set): counters and bans in UNLOGGED
 * tables (no WAL: a crash of the database forgets them, which a limit can afford), bans announced
 * on the `shared_limits` channel. A flush is one statement on the main pool.
 */
export class PostgresStore implements SharedStore {
  readonly kind = 'postgres';
  constructor(private readonly database: Database) {}

  add(deltas: CounterDelta[], now: number): Promise<CounterState[]> {
    return deltas.length ? addCounts(this.database.db, deltas, now) : Promise.resolve([]);
  }

  ban(ban: Ban): Promise<void> {
    return insertBan(this.database.db, ban);
  }

  activeBans(now: number): Promise<Ban[]> {
    return selectActiveBans(this.database.db, now);
  }

  subscribe(onBan: (ban: Ban) => void): Promise<() => Promise<void>> {
    return this.database.listen(BAN_CHANNEL, (payload) => onBan(JSON.parse(payload) as Ban));
  }

  prune(now: number): Promise<void> {
    return deleteExpired(this.database.db, now);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
