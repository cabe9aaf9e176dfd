import { timingSafeEqual } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { PROXY_PLAN_TYPES, SESSION_LIFETIME, parseProxyUsername, type GatewayError, type ProxyPlanType, type ProxyTarget } from '#shared/proxy/catalog.ts';
import { inRange, parseRange, plainAddress, type Range } from '#server/modules/proxy/cidr.ts';
import { hashProxyPassword, type GatewaySnapshot } from '#server/modules/proxy/proxy.service.ts';
import type { UsageItem } from '#server/modules/proxy/proxy.repo.ts';

type SubUser = GatewaySnapshot['subUsers'][number];

/** Who a connection is counted to, and where it wants to go. */
export interface Grant {
  sub: SubUser;
  planType: ProxyPlanType;
  target: ProxyTarget;
}

export type Decision = { ok: true; grant: Grant } | { ok: false; error: GatewayError };

/** What the meter needs from the outside: the database's view and a place to write counters. */
export interface GatewayControl {
  snapshot(): Promise<GatewaySnapshot>;
  record(items: UsageItem[]): Promise<void>;
}

interface Conn {
  socket: Duplex & { bytesRead: number; bytesWritten: number };
  grant: Grant;
  up: number;
  down: number;
  closed: boolean;
}

interface Pending {
  subUserId: number;
  userId: number;
  planType: ProxyPlanType;
  day: string;
  bytesUp: number;
  bytesDown: number;
  connections: number;
}

/**
 * Authentication and metering of the gateway. Decisions are made from an in-memory snapshot of
 * sub-users, whitelist and allowances, refreshed after every flush (every `flushMs`). Bytes are
 * read from each client socket's own counters (bytesRead = up, bytesWritten = down) on every chunk
 * either way, so a sub-user at its cap or an account out of traffic is cut off at the chunk that
 * crossed the line; the counts wait in memory and are written in one transaction per flush.
 */
export class Meter {
  private byLogin = new Map<string, SubUser>();
  private byId = new Map<number, SubUser>();
  private ranges: { range: Range; subUserId: number }[] = [];
  private allowance = new Map<string, { bytesLeft: number; ips: number }>();
  /** Not yet in the snapshot: bytes per sub-user and per account×type (pending + being flushed). */
  private localBySub = new Map<number, number>();
  private localByAccount = new Map<string, number>();
  private pending = new Map<string, Pending>();
  private inflight: Pending[] = [];
  private readonly open = new Map<number, Set<Conn>>();
  private readonly bySocket = new WeakMap<object, Conn>();
  private readonly verified = new Map<number, string>();
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> = Promise.resolve();
  private serial: Promise<void> = Promise.resolve();
  loaded = false;
  cutOffs = 0;

  constructor(
    private readonly control: GatewayControl,
    private readonly opts: { flushMs: number; onError: (err: unknown) => void },
  ) {}

  async start(): Promise<void> {
    await this.refresh();
    const tick = () => {
      this.loop = this.cycle().finally(() => {
        if (this.timer !== null) this.timer = setTimeout(tick, this.opts.flushMs);
      });
    };
    this.timer = setTimeout(tick, this.opts.flushMs);
  }

  /** Stops the loop and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop;
    await this.serial;
    for (const set of this.open.values()) for (const c of set) this.count(c);
    await this.flush();
  }

  /** One flush then one snapshot; calls queue behind each other, so cycles never overlap. */
  cycle(): Promise<void> {
    const run = async () => {
      try {
        for (const set of this.open.values()) for (const c of set) this.count(c);
        await this.flush();
        await this.refresh();
      } catch (err) {
        this.opts.onError(err);
      }
    };
    this.serial = this.serial.then(run, run);
    return this.serial;
  }

  private async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    this.inflight = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.control.record(this.inflight);
    } catch (err) {
      // Not written: back into pending for the next flush.
      for (const p of this.inflight) {
        const key = `${p.subUserId}:${p.planType}:${p.day}`;
        const q = this.pending.get(key);
        if (!q) this.pending.set(key, p);
        else {
          q.bytesUp += p.bytesUp;
          q.bytesDown += p.bytesDown;
          q.connections += p.connections;
        }
      }
      this.inflight = [];
      throw err;
    }
  }

  private async refresh(): Promise<void> {
    const snap = await this.control.snapshot();
    this.byLogin = new Map(snap.subUsers.map((s) => [s.login, s]));
    this.byId = new Map(snap.subUsers.map((s) => [s.id, s]));
    this.ranges = snap.whitelist.flatMap((w) => {
      const range = parseRange(w.cidr);
      return range ? [{ range, subUserId: w.subUserId }] : [];
    });
    this.allowance = new Map(snap.allowances.map((a) => [`${a.userId}:${a.planType}`, { bytesLeft: a.bytesLeft, ips: a.ips }]));
    // The snapshot now holds what was flushed; what is local is only the pending part.
    this.inflight = [];
    this.localBySub = new Map();
    this.localByAccount = new Map();
    for (const p of this.pending.values()) {
      const bytes = p.bytesUp + p.bytesDown;
      this.localBySub.set(p.subUserId, (this.localBySub.get(p.subUserId) ?? 0) + bytes);
      const key = `${p.userId}:${p.planType}`;
      this.localByAccount.set(key, (this.localByAccount.get(key) ?? 0) + bytes);
    }
    // Swap live connections to the fresh rows (a disabled or newly capped sub-user is cut now).
    for (const [subId, set] of this.open) {
      const fresh = this.byId.get(subId);
      for (const c of set) {
        if (fresh) c.grant.sub = fresh;
        this.enforce(c);
      }
    }
    this.loaded = true;
  }

  /** Username and password (and the targeting in the username). */
  authenticate(username: string, password: string): Decision {
    const target = parseProxyUsername(username);
    if (!target) return { ok: false, error: 'ERROR_BAD_USERNAME' };
    const sub = this.byLogin.get(target.login);
    if (!sub) return { ok: false, error: 'ERROR_WRONG_CREDENTIALS' };
    if (this.verified.get(sub.id) !== `${sub.hash}:${password}`) {
      const given = Buffer.from(hashProxyPassword(sub.salt, password), 'hex');
      const stored = Buffer.from(sub.hash, 'hex');
      if (given.length !== stored.length || !timingSafeEqual(given, stored)) return { ok: false, error: 'ERROR_WRONG_CREDENTIALS' };
      // The last password that matched each sub-user's current hash: a rotation changes the hash.
      this.verified.set(sub.id, `${sub.hash}:${password}`);
    }
    return this.admit(sub, target);
  }

  /** A client without credentials: its address must be on a whitelist. */
  byAddress(address: string): Decision {
    const addr = plainAddress(address);
    const hit = this.ranges.find((r) => inRange(r.range, addr));
    if (!hit) return { ok: false, error: 'ERROR_IP_NOT_WHITELISTED' };
    const sub = this.byId.get(hit.subUserId);
    if (!sub) return { ok: false, error: 'ERROR_IP_NOT_WHITELISTED' };
    return this.admit(sub, { login: sub.login });
  }

  private admit(sub: SubUser, target: ProxyTarget): Decision {
    if (sub.disabled) return { ok: false, error: 'ERROR_SUB_USER_DISABLED' };
    const planType = target.planType ?? PROXY_PLAN_TYPES.find((t) => this.hasTraffic(sub.userId, t)) ?? 'residential';
    if (!this.allowance.has(`${sub.userId}:${planType}`)) return { ok: false, error: 'ERROR_NO_PLAN' };
    if (!this.hasTraffic(sub.userId, planType)) return { ok: false, error: 'ERROR_TRAFFIC_EXHAUSTED' };
    if (this.overCap(sub)) return { ok: false, error: 'ERROR_SUB_USER_LIMIT_REACHED' };
    return { ok: true, grant: { sub, planType, target } };
  }

  private hasTraffic(userId: number, planType: ProxyPlanType): boolean {
    const key = `${userId}:${planType}`;
    const a = this.allowance.get(key);
    if (!a) return false;
    return a.ips > 0 || a.bytesLeft - (this.localByAccount.get(key) ?? 0) > 0;
  }

  private overCap(sub: SubUser): boolean {
    return sub.trafficLimit !== null && sub.bytesUsed + (this.localBySub.get(sub.id) ?? 0) >= sub.trafficLimit;
  }

  /** Sticky-session key and lifetime of a grant, if its username asked for one. */
  static session(grant: Grant): { key: string; lifetimeMs: number } | undefined {
    if (!grant.target.session) return undefined;
    return { key: `${grant.sub.id}:${grant.planType}:${grant.target.country ?? '*'}:${grant.target.session}`, lifetimeMs: (grant.target.lifetime ?? SESSION_LIFETIME.default) * 60_000 };
  }

  /** The client socket this grant rides on (already tracked: the same connection, nothing to reserve). */
  tracked(socket: object): Grant | undefined {
    const c = this.bySocket.get(socket);
    return c && !c.closed ? c.grant : undefined;
  }

  /**
   * Starts counting a client socket. Refuses past the sub-user's concurrent-connection limit.
   * @returns an error code when refused.
   */
  track(socket: Duplex & { bytesRead: number; bytesWritten: number }, grant: Grant): GatewayError | null {
    const existing = this.bySocket.get(socket);
    if (existing && !existing.closed) {
      existing.grant = grant;
      return null;
    }
    let set = this.open.get(grant.sub.id);
    if (!set) this.open.set(grant.sub.id, (set = new Set()));
    if (set.size >= grant.sub.maxConnections) return 'ERROR_TOO_MANY_CONNECTIONS';
    // Bytes already moved (the proxy request itself) belong to this connection too; from here on
    // each chunk is added as it passes (reading socket.bytesWritten walks the write queue, too slow
    // per chunk), and the socket's own counters settle the sum at each flush and at close.
    const conn: Conn = { socket, grant, up: 0, down: 0, closed: false };
    set.add(conn);
    this.bySocket.set(socket, conn);
    this.addPending(grant.sub.id, grant.sub.userId, grant.planType, 0, 0, 1);
    this.count(conn);
    socket.on('data', (chunk: Buffer) => this.add(conn, chunk.length, 0));
    const write = socket.write;
    const added = (bytes: number) => this.add(conn, 0, bytes);
    socket.write = function (this: typeof socket, ...args: Parameters<typeof write>) {
      const result = write.apply(this, args);
      const chunk = args[0] as unknown;
      const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk, typeof args[1] === 'string' ? (args[1] as BufferEncoding) : 'utf8') : (chunk as Uint8Array).byteLength;
      added(bytes);
      return result;
    } as typeof write;
    socket.once('close', () => {
      this.count(conn);
      conn.closed = true;
      set.delete(conn);
      if (set.size === 0 && this.open.get(grant.sub.id) === set) this.open.delete(grant.sub.id);
    });
    return null;
  }

  /** Counts what moved on a connection since last time and cuts it off when a limit is crossed. */
  count(c: Conn): void {
    this.add(c, c.socket.bytesRead - c.up, c.socket.bytesWritten - c.down);
  }

  /** Adds what moved on a connection and cuts it off when a limit is crossed. */
  add(c: Conn, dUp: number, dDown: number): void {
    if (dUp <= 0 && dDown <= 0) return;
    const up = Math.max(0, dUp);
    const down = Math.max(0, dDown);
    c.up += up;
    c.down += down;
    const g = c.grant;
    this.addPending(g.sub.id, g.sub.userId, g.planType, up, down, 0);
    this.enforce(c);
  }

  private enforce(c: Conn): void {
    if (c.closed) return;
    const g = c.grant;
    if (g.sub.disabled || this.overCap(g.sub) || !this.hasTraffic(g.sub.userId, g.planType)) {
      this.cutOffs++;
      // Every connection of the sub-user (or of the account's type) goes, not only this one.
      for (const set of this.open.values()) {
        for (const other of set) {
          const o = other.grant;
          if (other.closed) continue;
          if (o.sub.id === g.sub.id || (o.sub.userId === g.sub.userId && o.planType === g.planType && !this.hasTraffic(o.sub.userId, o.planType))) {
            other.closed = true;
            other.socket.destroy();
          }
        }
      }
    }
  }

  private dayAt = 0;
  private dayText = '';
  /** Today's date (UTC), recomputed at most once a second (it is asked for on every chunk). */
  private today(): string {
    const now = Date.now();
    if (now - this.dayAt >= 1000) {
      this.dayAt = now;
      this.dayText = new Date(now).toISOString().slice(0, 10);
    }
    return this.dayText;
  }

  private addPending(subUserId: number, userId: number, planType: ProxyPlanType, up: number, down: number, connections: number, day = this.today()): void {
    const key = `${subUserId}:${planType}:${day}`;
    let p = this.pending.get(key);
    if (!p) this.pending.set(key, (p = { subUserId, userId, planType, day, bytesUp: 0, bytesDown: 0, connections: 0 }));
    p.bytesUp += up;
    p.bytesDown += down;
    p.connections += connections;
    const bytes = up + down;
    if (bytes > 0) {
      this.localBySub.set(subUserId, (this.localBySub.get(subUserId) ?? 0) + bytes);
      const akey = `${userId}:${planType}`;
      this.localByAccount.set(akey, (this.localByAccount.get(akey) ?? 0) + bytes);
    }
  }

  /** Open client connections (all sub-users). */
  openConnections(): number {
    let n = 0;
    for (const set of this.open.values()) n += set.size;
    return n;
  }
}
