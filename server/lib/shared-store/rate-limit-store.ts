import type { SharedLimiter } from './limiter.ts';

type Callback = (err: Error | null, res: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit (its `store` option: a class it constructs, with `child` per
 * route) that counts in the shared limiter, so N nodes allow a client the limit once, not N times.
 */
export function sharedRateLimitStore(limiter: SharedLimiter) {
  return class SharedRateLimitStore {
    private readonly prefix: string;
    constructor(_params?: unknown, prefix = 'rl:') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      const now = Date.now();
      const name = this.prefix + key;
      const current = limiter.add(name, timeWindow, 1, now);
      cb(null, { current, ttl: Math.max(0, limiter.startedAt(name, now) + timeWindow - now) });
    }

    read(key: string, cb: Callback, timeWindow: number) {
      const now = Date.now();
      const name = this.prefix + key;
      const current = limiter.get(name, timeWindow, now);
      cb(null, { current, ttl: current ? Math.max(0, limiter.startedAt(name, now) + timeWindow - now) : 0 });
    }

    /** Per route: the plugin passes the route's merged options with `routeInfo` (its method and URL). */
    child(routeOptions: object) {
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new SharedRateLimitStore(undefined, `${this.prefix}${[info.method ?? ''].flat().join(',')}${info.url ?? ''}:`);
    }
  };
}
