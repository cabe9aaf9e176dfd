import type { FastifyBaseLogger } from 'fastify';
import type { Ban, CounterDelta, SharedStore } from './types.ts';
import { windowPassed } from './types.ts';

interface Entry {
  windowMs: number;
  startedAt: number;
  /** The cluster's count at this node's last flush of the counter (its own counts included). */
  known: number;
  /** Counted here and sent, answer not back yet. */
  inflight: number;
  /** Counted here since the last flush. */
  pending: number;
  /** Called with the cluster-wide total after each flush (a rule that may start a ban). */
  onTotal?: OnTotal;
}

/** A limit rule run on a counter's flushed total: bans at once when the cluster is over the limit. */
export type OnTotal = (key: string, total: number, now: number) => void;

export interface SharedLimiterOptions {
  /** How often local counts go to the store (ms). */
  flushMs?: number;
  now?: () => number;
  log?: FastifyBaseLogger;
}

/**
 * This node's view of the shared counters and bans, read synchronously on the hot path.
 *
 * A request counts locally (a Map update); every `flushMs` the node sends what it counted since
 * the last flush to the store in ONE round trip and learns each counter's cluster-wide total.
 * A counter's value here is that total plus what this node counted since. Bans are local at once
 * on the node that starts them and reach the others through the store's announcement (NOTIFY or
 * PUBLISH, milliseconds), and are re-read from the store every 10 flushes in case one was lost.
 *
 * Overshoot bound: a node sees the other nodes' counts at most `flushMs` + one store round trip
 * late, so the cluster accepts at most the requests all nodes together receive in that time
 * beyond a limit (at 100 ms and N nodes each taking r requests/s: about N × r × 0.1 s) before the
 * first node sees the total over the limit and bans; the ban then reaches the others within
 * milliseconds. With the memory store (one process) counting is exact.
 *
 * Windows start with a counter's first count (on any node, as the store first saw it) and start
 * again when they have passed; nodes compare times by their clocks (keep them NTP-synchronised).
 */
export class SharedLimiter {
  private readonly entries = new Map<string, Entry>();
  private readonly bans = new Map<string, number>();
  private readonly flushMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private unsubscribe: (() => Promise<void>) | null = null;
  private rounds = 0;
  private failures = 0;

  constructor(
    readonly store: SharedStore,
    private readonly opts: SharedLimiterOptions = {},
  ) {
    this.flushMs = opts.flushMs ?? 100;
    this.now = opts.now ?? (() => Date.now());
  }

  get kind() {
    return this.store.kind;
  }

  /** Subscribes to bans, loads those running, and starts flushing. */
  async start(): Promise<void> {
    this.unsubscribe = await this.store.subscribe((ban) => this.applyBan(ban));
    for (const ban of await this.store.activeBans(this.now())) this.applyBan(ban);
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  private entry(key: string, windowMs: number, now: number): Entry {
    let e = this.entries.get(key);
    if (!e) {
      e = { windowMs, startedAt: now, known: 0, inflight: 0, pending: 0 };
      this.entries.set(key, e);
    } else if (windowPassed(e.startedAt, windowMs, now)) {
      Object.assign(e, { windowMs, startedAt: now, known: 0, inflight: 0, pending: 0 });
    }
    return e;
  }

  /**
   * Counts `n` more on the counter and returns its value (cluster-wide, as far as known).
   * `onTotal` (pass a function made once, not a new closure per call) also runs on the total each
   * flush brings back, so the node that learns the cluster is over a limit bans at once.
   */
  add(key: string, windowMs: number, n = 1, now = this.now(), onTotal?: OnTotal): number {
    const e = this.entry(key, windowMs, now);
    e.pending += n;
    if (onTotal) e.onTotal = onTotal;
    return e.known + e.inflight + e.pending;
  }

  /** The counter's value without counting. */
  get(key: string, windowMs: number, now = this.now()): number {
    const e = this.entries.get(key);
    if (!e || windowPassed(e.startedAt, windowMs, now)) return 0;
    return e.known + e.inflight + e.pending;
  }

  /** When the counter's window started (for a Retry-After), or now when it has none. */
  startedAt(key: string, now = this.now()): number {
    return this.entries.get(key)?.startedAt ?? now;
  }

  bannedUntil(key: string): number {
    return this.bans.get(key) ?? 0;
  }

  /** Bans `key` until `until` here at once and on every node through the store; resets `reset`. */
  ban(key: string, until: number, reset: string[] = []): void {
    const ban = { key, until, reset };
    this.applyBan(ban);
    this.store.ban(ban).catch((err: unknown) => this.opts.log?.warn({ err, key }, 'shared store: ban not shared'));
  }

  private applyBan(ban: Ban) {
    if ((this.bans.get(ban.key) ?? 0) < ban.until) this.bans.set(ban.key, ban.until);
    for (const k of ban.reset) this.entries.delete(k);
  }

  /** Sends what was counted since the last flush; one at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.doFlush().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async doFlush(): Promise<void> {
    const now = this.now();
    const sent: { entry: Entry; delta: CounterDelta }[] = [];
    for (const [key, e] of this.entries) {
      if (e.pending > 0) {
        sent.push({ entry: e, delta: { key, startedAt: e.startedAt, windowMs: e.windowMs, delta: e.pending } });
        e.inflight += e.pending;
        e.pending = 0;
      } else if (e.inflight === 0 && windowPassed(e.startedAt, e.windowMs, now)) this.entries.delete(key);
    }
    for (const [key, until] of this.bans) if (until <= now) this.bans.delete(key);
    let applied = false;
    try {
      if (sent.length) {
        const states = await this.store.add(sent.map((s) => s.delta), now);
        applied = true;
        const byKey = new Map(states.map((st) => [st.key, st]));
        for (const { entry, delta } of sent) {
          entry.inflight = Math.max(0, entry.inflight - delta.delta);
          const state = byKey.get(delta.key);
          // The entry started a new window (or was reset by a ban) meanwhile: the answer is stale.
          if (!state || this.entries.get(delta.key) !== entry || entry.startedAt !== delta.startedAt) continue;
          entry.known = Math.max(0, state.count - entry.inflight);
          entry.startedAt = state.startedAt;
        }
        for (const { entry, delta } of sent) {
          if (entry.onTotal && this.entries.get(delta.key) === entry) entry.onTotal(delta.key, entry.known + entry.inflight + entry.pending, now);
        }
      }
      if (++this.rounds % 10 === 0) {
        for (const ban of await this.store.activeBans(now)) this.applyBan(ban);
        if (this.rounds % 600 === 0) await this.store.prune(now);
      }
      this.failures = 0;
    } catch (err) {
      // The store is away: the counts stay local (each node limits on its own) until it is back.
      if (!applied) {
        for (const { entry, delta } of sent) {
          entry.inflight = Math.max(0, entry.inflight - delta.delta);
          if (this.entries.get(delta.key) === entry) entry.known += delta.delta;
        }
      }
      if (this.failures++ % 100 === 0) this.opts.log?.warn({ err }, 'shared store unreachable: limits count on this node only');
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    await this.unsubscribe?.();
    this.unsubscribe = null;
    await this.store.close();
  }
}
