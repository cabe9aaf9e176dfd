import net from 'node:net';
import type { Pool } from '#server/modules/proxy/proxy-config.ts';

/**
 * The operator's upstream pools (per plan type and country, or direct egress). Rotating
 * connections take the pool's upstreams in turn; a sticky session keeps its upstream for its
 * lifetime; an upstream that fails a connection check is taken out for `deadMs` and skipped.
 */
export class Upstreams {
  private readonly dead = new Map<string, number>();
  private readonly okAt = new Map<string, number>();
  private readonly probing = new Map<string, Promise<boolean>>();
  private readonly sticky = new Map<string, { url: string | null; until: number }>();
  private readonly turn = new Map<Pool, number>();

  constructor(
    private readonly pools: Pool[],
    private readonly deadMs: number,
    /** A check passed this recently is trusted without another connection. */
    private readonly trustMs = 2_000,
  ) {}

  /** The pool of a type and country: exact, then the type's "*" pool; undefined means direct egress. */
  poolFor(type: string, country: string | undefined): Pool | undefined {
    return this.pools.find((p) => p.type === type && country !== undefined && p.country === country) ?? this.pools.find((p) => p.type === type && p.country === '*');
  }

  /** Whether any pool serves the type in that country (a country nobody configured is refused when the type has pools). */
  serves(type: string, country: string | undefined): boolean {
    const typePools = this.pools.filter((p) => p.type === type);
    return typePools.length === 0 || this.poolFor(type, country) !== undefined;
  }

  isDead(url: string, now = Date.now()): boolean {
    const until = this.dead.get(url);
    if (until === undefined) return false;
    if (until <= now) {
      this.dead.delete(url);
      return false;
    }
    return true;
  }

  markDead(url: string): void {
    this.dead.set(url, Date.now() + this.deadMs);
    this.okAt.delete(url);
    for (const [key, s] of this.sticky) if (s.url === url) this.sticky.delete(key);
  }

  deadUpstreams(): string[] {
    const now = Date.now();
    return [...this.dead.keys()].filter((u) => this.isDead(u, now));
  }

  /**
   * The upstream for a connection: null for direct egress, else an upstream URL that passed a check.
   * @returns undefined when the pool has no live upstream.
   */
  async pick(type: string, country: string | undefined, session?: { key: string; lifetimeMs: number }): Promise<string | null | undefined> {
    const pool = this.poolFor(type, country);
    if (!pool || (pool.direct && pool.upstreams.length === 0)) return null;
    const now = Date.now();
    if (session) {
      const kept = this.sticky.get(session.key);
      if (kept && kept.until > now && (kept.url === null || !this.isDead(kept.url, now))) {
        if (kept.url === null || (await this.check(kept.url))) return kept.url;
      }
    }
    const n = pool.upstreams.length;
    const start = this.turn.get(pool) ?? 0;
    this.turn.set(pool, (start + 1) % Math.max(1, n));
    for (let i = 0; i < n; i++) {
      const url = pool.upstreams[(start + i) % n]!;
      if (this.isDead(url, now)) continue;
      if (await this.check(url)) {
        if (session) this.sticky.set(session.key, { url, until: now + session.lifetimeMs });
        return url;
      }
    }
    if (pool.direct) return null;
    return undefined;
  }

  /** A TCP connection check of an upstream (shared by concurrent callers, trusted for trustMs). */
  check(url: string): Promise<boolean> {
    const ok = this.okAt.get(url);
    if (ok !== undefined && Date.now() - ok < this.trustMs) return Promise.resolve(true);
    let pending = this.probing.get(url);
    if (!pending) {
      pending = probe(url).then((alive) => {
        this.probing.delete(url);
        if (alive) this.okAt.set(url, Date.now());
        else this.markDead(url);
        return alive;
      });
      this.probing.set(url, pending);
    }
    return pending;
  }

  /** Drops expired sticky sessions (called now and then). */
  sweep(): void {
    const now = Date.now();
    for (const [key, s] of this.sticky) if (s.until <= now) this.sticky.delete(key);
  }
}

function probe(url: string, timeoutMs = 1_500): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 80) });
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * A TCP tunnel to host:port through an HTTP upstream proxy (CONNECT), for SOCKS5 clients.
 * @throws Error when the upstream refuses or cannot be reached.
 */
export function connectThrough(upstream: string, host: string, port: number, timeoutMs = 10_000): Promise<net.Socket> {
  const u = new URL(upstream);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 80) });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('upstream timeout')));
    const auth = u.username ? `Proxy-Authorization: Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}\r\n` : '';
    const target = net.isIPv6(host) ? `[${host}]:${port}` : `${host}:${port}`;
    socket.once('connect', () => socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`));
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > 16_384) socket.destroy(new Error('upstream answer too long'));
        return;
      }
      socket.off('data', onData);
      socket.off('error', reject);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head.subarray(0, end).toString('latin1'))?.[1];
      if (status !== '200') {
        socket.destroy();
        reject(new Error(`upstream answered ${status ?? 'garbage'}`));
        return;
      }
      socket.setTimeout(0);
      const rest = head.subarray(end + 4);
      socket.pause();
      if (rest.length) socket.unshift(rest);
      resolve(socket);
    };
    socket.on('data', onData);
    socket.once('error', reject);
  });
}
