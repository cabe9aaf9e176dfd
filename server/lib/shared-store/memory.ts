import type { Ban, CounterDelta, CounterState, SharedStore } from './types.ts';
import { windowPassed } from './types.ts';

/**
 * The single-process store (the embedded default): counters and bans in this process's memory.
 * Several apps in one process may share an instance (tests of the shared behaviour).
 */
export class MemoryStore implements SharedStore {
  readonly kind = 'memory';
  private readonly counters = new Map<string, { startedAt: number; windowMs: number; count: number }>();
  private readonly bans = new Map<string, Ban>();
  private readonly subscribers = new Set<(ban: Ban) => void>();

  add(deltas: CounterDelta[], now: number): Promise<CounterState[]> {
    return Promise.resolve(
      deltas.map((d) => {
        let c = this.counters.get(d.key);
        if (!c || windowPassed(c.startedAt, d.windowMs, now)) {
          c = { startedAt: windowPassed(d.startedAt, d.windowMs, now) ? now : d.startedAt, windowMs: d.windowMs, count: 0 };
          this.counters.set(d.key, c);
        }
        c.count += d.delta;
        return { key: d.key, startedAt: c.startedAt, count: c.count };
      }),
    );
  }

  ban(ban: Ban): Promise<void> {
    this.bans.set(ban.key, ban);
    for (const key of ban.reset) this.counters.delete(key);
    for (const s of this.subscribers) s(ban);
    return Promise.resolve();
  }

  activeBans(now: number): Promise<Ban[]> {
    return Promise.resolve([...this.bans.values()].filter((b) => b.until > now));
  }

  subscribe(onBan: (ban: Ban) => void): Promise<() => Promise<void>> {
    this.subscribers.add(onBan);
    return Promise.resolve(() => {
      this.subscribers.delete(onBan);
      return Promise.resolve();
    });
  }

  prune(now: number): Promise<void> {
    for (const [k, c] of this.counters) if (windowPassed(c.startedAt, c.windowMs, now)) this.counters.delete(k);
    for (const [k, b] of this.bans) if (b.until <= now) this.bans.delete(k);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.subscribers.clear();
    return Promise.resolve();
  }
}
