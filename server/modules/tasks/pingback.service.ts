import { and, eq, sql } from 'drizzle-orm';
import { MAX_PINGBACK_HOSTS, pingbackHostOf } from '#shared/contracts/pingback.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { pingbacks } from '#server/db/schema/index.ts';
import { findApiSettings, upsertApiSettings } from './tasks.repo.ts';

export { pingbackHostOf };

export async function listPingbackHosts(ctx: Ctx, userId: number): Promise<string[]> {
  return (await findApiSettings(ctx.db, userId)).pingbackHosts;
}

/**
 * Registers the host of `addr` (res.php add_pingback and the settings page). Returns false when
 * `addr` has no usable host or the list is full (MAX_PINGBACK_HOSTS); a known host is a no-op.
 */
export async function addPingbackHost(ctx: Ctx, userId: number, addr: string): Promise<boolean> {
  const host = pingbackHostOf(addr);
  if (!host) return false;
  const hosts = await listPingbackHosts(ctx, userId);
  if (hosts.includes(host)) return true;
  if (hosts.length >= MAX_PINGBACK_HOSTS) return false;
  await upsertApiSettings(ctx.db, userId, { pingbackHosts: [...hosts, host] });
  return true;
}

/** Removes one host, or every host with `all`. */
export async function removePingbackHost(ctx: Ctx, userId: number, addr: string) {
  const hosts = await listPingbackHosts(ctx, userId);
  const host = addr === 'all' ? null : pingbackHostOf(addr);
  await upsertApiSettings(ctx.db, userId, { pingbackHosts: addr === 'all' ? [] : hosts.filter((h) => h !== host) });
}

/** Queues the POST of `id` and `code` to a task's pingback URL, in the caller's transaction. */
export async function enqueuePingback(ctx: Ctx, taskId: number, url: string, code: string) {
  await ctx.db.insert(pingbacks).values({ taskId, url, body: new URLSearchParams({ id: String(taskId), code }).toString() });
}

/** Retries back off: 10 s, 30 s, 1.5 min, 4.5 min, … up to 8 attempts in about an hour. */
export const PINGBACK_MAX_ATTEMPTS = 8;
const backoffSeconds = (attempt: number) => 10 * 3 ** (attempt - 1);

/**
 * Delivers due pingbacks (claimed with SKIP LOCKED, so safe on many nodes). Any 2xx is delivered;
 * anything else is logged on the row and retried later.
 */
export async function deliverDuePingbacks(ctx: Ctx, fetchImpl: typeof fetch = fetch, batch = 20): Promise<number> {
  const due = await ctx.db.transaction(async (tx) => {
    const res = await tx.execute(sql`
      update pingbacks set next_attempt_at = now() + interval '60 seconds'
      where id in (select id from pingbacks where delivered_at is null and attempts < ${PINGBACK_MAX_ATTEMPTS} and next_attempt_at <= now()
                   order by next_attempt_at limit ${batch} for update skip locked)
      returning id, url, body, attempts`);
    return res.rows as { id: number; url: string; body: string; attempts: number }[];
  });
  await Promise.all(
    due.map(async (p) => {
      const attempt = Number(p.attempts) + 1;
      let error: string | null = null;
      try {
        const res = await fetchImpl(p.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: p.body,
          signal: AbortSignal.timeout(5_000),
          redirect: 'manual',
        });
        if (res.status < 200 || res.status > 299) error = `HTTP ${res.status}`;
      } catch (err) {
        error = err instanceof Error ? err.message.slice(0, 200) : 'failed';
      }
      await ctx.db
        .update(pingbacks)
        .set(
          error === null
            ? { attempts: attempt, deliveredAt: new Date(), lastError: null }
            : { attempts: attempt, lastError: error, nextAttemptAt: new Date(Date.now() + backoffSeconds(attempt) * 1000) },
        )
        .where(and(eq(pingbacks.id, Number(p.id))));
      if (error) ctx.log.warn({ pingbackId: p.id, attempt, error }, 'pingback delivery failed');
    }),
  );
  return due.length;
}
