import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '#server/db/client.ts';
import { MIGRATIONS_DIR } from '#server/db/client.ts';
import type { MetricSources } from '#server/lib/metrics.ts';
import { lastAppliedMigration, ledgerSince, queueByType, taskTotalsByType } from './ops.repo.ts';

/** Database figures are cached this long per node: a scrape every few seconds costs one query each. */
const CACHE_MS = 10_000;

function cached<T>(load: () => Promise<T>): () => Promise<T> {
  let at = 0;
  let value: Promise<T> | null = null;
  return () => {
    if (!value || Date.now() - at > CACHE_MS) {
      at = Date.now();
      value = load().catch((err: unknown) => {
        at = 0; // ask again at the next scrape
        throw err;
      });
    }
    return value;
  };
}

/**
 * The scrape-time sources of /metrics: the queue and task totals from the database, the ledger's
 * money flows summed incrementally (a cursor over entry ids: each scrape reads only new entries),
 * the worker hub's counts, the pools.
 */
export function metricSources(database: Database, workers: () => { online: number; busy: number }): MetricSources {
  const totals = new Map<string, { credit: number; debit: number }>();
  let cursor = 0;
  return {
    queue: cached(() => queueByType(database.db)),
    tasks: cached(() => taskTotalsByType(database.db)),
    money: cached(async () => {
      for (const row of await ledgerSince(database.db, cursor)) {
        const t = totals.get(row.kind) ?? { credit: 0, debit: 0 };
        t.credit += row.credit;
        t.debit += row.debit;
        totals.set(row.kind, t);
        cursor = Math.max(cursor, row.last);
      }
      return [...totals].map(([kind, t]) => ({ kind, ...t }));
    }),
    workers,
    pools: () => database.pools?.() ?? [],
  };
}

/** The newest migration this build carries (its journal's last `when`). */
export const newestMigration = (() => {
  let value: number | null = null;
  return () => {
    value ??= Math.max(0, ...(JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }).entries.map((e) => e.when));
    return value;
  };
})();

/** Why this node is not ready, or null: the database unreachable, or migrations of this build not applied. */
export async function notReadyReason(database: Database): Promise<string | null> {
  try {
    await database.ping();
  } catch {
    return 'database unreachable';
  }
  try {
    if ((await lastAppliedMigration(database.db)) < newestMigration()) return 'migrations pending';
  } catch {
    return 'migrations pending';
  }
  return null;
}
