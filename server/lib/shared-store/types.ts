/**
 * One store for the limits and bans every node must agree on (issue 22): the compatible API's
 * temporary bans and counters (surfaces/compat/limits.ts) and the site's per-route rate limits.
 * Nodes never ask the store on a request: `SharedLimiter` (limiter.ts) counts locally and adds
 * its counts to the store in one batch per flush, and bans reach every node as they start.
 */

/** What one node counted for a window counter since its last flush. */
export interface CounterDelta {
  key: string;
  /** When the window began as this node knows it (ms since the epoch). */
  startedAt: number;
  windowMs: number;
  delta: number;
}

/** A counter's state in the store after a flush: the whole cluster's count in its window. */
export interface CounterState {
  key: string;
  startedAt: number;
  count: number;
}

/** A ban: refused until `until`; the counters in `reset` start again from zero. */
export interface Ban {
  key: string;
  until: number;
  reset: string[];
}

export interface SharedStore {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /**
   * Adds each delta to its counter in one round trip and returns the counters' totals. A counter
   * whose window has passed at `now` starts again with the delta (window started at the delta's
   * `startedAt`, or `now` when that has passed too).
   */
  add(deltas: CounterDelta[], now: number): Promise<CounterState[]>;
  /** Records the ban, resets its counters and announces it to every node (itself included). */
  ban(ban: Ban): Promise<void>;
  /** The bans still running at `now` (a node starting, or one whose announcements were lost). */
  activeBans(now: number): Promise<Ban[]>;
  /** Calls back for every ban announced from now on, by any node; returns the unsubscribe. */
  subscribe(onBan: (ban: Ban) => void): Promise<() => Promise<void>>;
  /** Drops what expired before `now` (windows and bans). */
  prune(now: number): Promise<void>;
  close(): Promise<void>;
}

/** Whether a stored window has passed at `now`. */
export const windowPassed = (startedAt: number, windowMs: number, now: number) => now - startedAt > windowMs;
