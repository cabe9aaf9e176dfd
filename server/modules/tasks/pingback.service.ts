import { and, eq, sql } from 'drizzle-orm';
import { MAX_PINGBACK_HOSTS, pingbackHostOf } from '#shared/contracts/pingback.ts';
import type { Ctx } from '#server/lib/ctx.ts';
import { pingbacks } from '#server/db/schema/index.ts';
import { findApiSettings, upsertApiSettings } from './tasks.repo.ts';
import { DestinationRefused, pingbackHostPermitted, postForm, systemResolver, type Resolver, type TargetPolicy } from './pingback-target.ts';

export { pingbackHostOf };

/** The destination rule of this process (pingback-target.ts); `resolve` is a test seam. */
export function targetPolicy(ctx: Ctx, resolve: Resolver = systemResolver): TargetPolicy {
  return { allowPrivate: ctx.config.PINGBACK_ALLOW_PRIVATE, resolve };
}

/** Why an address cannot be registered. */
export type AddHostFailure = 'format' | 'not_public' | 'full';

export async function listPingbackHosts(ctx: Ctx, userId: number): Promise<string[]> {
  return (await findApiSettings(ctx.db, userId)).pingbackHosts;
}

/**
 * Registers the host of `addr` (res.php add_pingback and the settings page). Returns null when
 * registered (a known host is a no-op), else why not: no usable host, a destination that is not
 * public (loopback, private, metadata… pingback-target.ts), or the list is full (MAX_PINGBACK_HOSTS).
 */
export async function addPingbackHost(ctx: Ctx, userId: number, addr: string, resolve?: Resolver): Promise<AddHostFailure | null> {
  const host = pingbackHostOf(addr);
  if (!host) return 'format';
  if (!(await pingbackHostPermitted(host, targetPolicy(ctx, resolve)))) return 'not_public';
  const hosts = await listPingbackHosts(ctx, userId);
  if (hosts.includes(host)) return null;
  if (hosts.length >= MAX_PINGBACK_HOSTS) return 'full';
  await upsertApiSettings(ctx.db, userId, { pingbackHosts: [...hosts, host] });
  return null;
}

/** True when `addr` names a host that pingbacks may never go to (loopback, private, metadata…). */
export async function pingbackAddressRefused(ctx: Ctx, addr: string, resolve?: Resolver): Promise<boolean> {
  const host = pingbackHostOf(addr);
  return host !== null && !(await pingbackHostPermitted(host, targetPolicy(ctx, resolve)));
}

/**
 * May a submission name `url` as its pingback (in.php pingback, v2 callbackUrl)? Its host must be
 * registered (protocol §4) and still a permitted destination (hosts registered before the rule,
 * or names now resolving elsewhere, are refused here too).
 */
export async function pingbackUrlAllowed(ctx: Ctx, hosts: readonly string[], url: string, resolve?: Resolver): Promise<boolean> {
  const host = pingbackHostOf(url);
  if (!host || !/^https?:\/\//i.test(url) || !hosts.includes(host)) return false;
  return pingbackHostPermitted(host, targetPolicy(ctx, resolve));
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
 * What the customer's pingback log shows for a failed attempt: the HTTP status their own server
 * answered, or one of these generic reasons. Never the transport's error text, which would tell
 * a caller about the network behind the server (open or closed ports, timeouts).
 */
export const PINGBACK_FAILURE = { refused: 'refused', unreachable: 'unreachable' } as const;

/**
 * Delivers due pingbacks (claimed with SKIP LOCKED, so safe on many nodes). Any 2xx is delivered;
 * anything else is logged on the row and retried later. The destination is checked again here
 * (pingback-target.ts) and the connection made to the checked address; a refused destination is
 * never retried.
 */
export async function deliverDuePingbacks(
  ctx: Ctx,
  resolve: Resolver = systemResolver,
  batch = 20,
  /** Each attempt's outcome (the metrics' pingback counter). */
  onAttempt?: (outcome: 'delivered' | 'failed' | 'refused') => void,
): Promise<number> {
  const due = await ctx.db.transaction(async (tx) => {
    const res = await tx.execute(sql`
      update pingbacks set next_attempt_at = now() + interval '60 seconds'
      where id in (select id from pingbacks where delivered_at is null and attempts < ${PINGBACK_MAX_ATTEMPTS} and next_attempt_at <= now()
                   order by next_attempt_at limit ${batch} for update skip locked)
      returning id, url, body, attempts, task_id, (select t.request_id from tasks t where t.id = pingbacks.task_id) as req_id`);
    return res.rows as { id: number; url: string; body: string; attempts: number; task_id: number; req_id: string | null }[];
  });
  await Promise.all(
    due.map(async (p) => {
      const attempt = Number(p.attempts) + 1;
      let error: string | null = null;
      let detail: string | null = null;
      try {
        const status = await postForm(p.url, p.body, targetPolicy(ctx, resolve));
        if (status < 200 || status > 299) error = `HTTP ${status}`;
      } catch (err) {
        error = err instanceof DestinationRefused ? PINGBACK_FAILURE.refused : PINGBACK_FAILURE.unreachable;
        detail = err instanceof Error ? err.message.slice(0, 200) : String(err);
      }
      // A refused destination stays refused: the row gives up at once.
      const attempts = error === PINGBACK_FAILURE.refused ? PINGBACK_MAX_ATTEMPTS : attempt;
      await ctx.db
        .update(pingbacks)
        .set(
          error === null
            ? { attempts, deliveredAt: new Date(), lastError: null }
            : { attempts, lastError: error, nextAttemptAt: new Date(Date.now() + backoffSeconds(attempt) * 1000) },
        )
        .where(and(eq(pingbacks.id, Number(p.id))));
      onAttempt?.(error === null ? 'delivered' : error === PINGBACK_FAILURE.refused ? 'refused' : 'failed');
      // reqId is the submitting request's: the task's log lines share it from in.php to here.
      const about = { reqId: p.req_id, taskId: Number(p.task_id), pingbackId: p.id, attempt };
      if (error) ctx.log.warn({ ...about, error, detail }, 'pingback delivery failed');
      else ctx.log.info(about, 'pingback delivered');
    }),
  );
  return due.length;
}
