/**
 * The protocol's temporary bans (api-protocol.md §3.3), kept in this process's memory: they
 * protect the process from floods and need no cross-node precision. Switched off with
 * RATE_LIMITS=false (load tests).
 *
 * - ERROR: 1004 after 5 requests with a wrong key from one IP (10 minutes);
 * - MAX_USER_TURN after more than 60 in.php submissions of one key within 3 s (10 seconds);
 * - ERROR: 1002 after 120 ERROR_ZERO_BALANCE answers to one key within a minute (5 minutes);
 * - ERROR: 1003 on submissions when a key got ERROR_NO_SLOT_AVAILABLE at least 120 times and at
 *   least 3 times as often as it uploaded captchas (30 seconds);
 * - ERROR: 1005 on result requests (res.php, any action including getbalance; v2 getTaskResult,
 *   getBalance and reports) when a key made R > 20 × C + 1200 of them, C being its uploads
 *   (5 minutes).
 *
 * 1003 and 1005 count per key in a fixed window (COMPAT_BAN_WINDOW_SECONDS, default 10 minutes):
 * the counters start with the key's first counted request and start again from zero when the
 * window has passed or when a ban begins, so a ban lasts its documented time and the client then
 * gets a fresh allowance.
 */
interface Window {
  count: number;
  startedAt: number;
  bannedUntil: number;
}

/** Per-key counters of a ratio ban: the counted answers or requests against the uploads. */
interface Ratio {
  startedAt: number;
  uploads: number;
  count: number;
  bannedUntil: number;
}

export const NO_SLOT_MIN = 120;
export const NO_SLOT_RATIO = 3;
export const NO_SLOT_BAN_MS = 30_000;
export const POLLS_PER_UPLOAD = 20;
export const POLLS_FREE = 1200;
export const POLL_BAN_MS = 300_000;

export interface CompatLimitsOptions {
  /** The counting window of 1003 and 1005, in ms. */
  ratioWindowMs?: number;
  now?: () => number;
}

export class CompatLimits {
  private readonly windows = new Map<string, Window>();
  /** 1003: ERROR_NO_SLOT_AVAILABLE answers per key; 1005: result requests per key. */
  private readonly noSlots = new Map<string, Ratio>();
  private readonly polls = new Map<string, Ratio>();
  private readonly ratioWindowMs: number;
  private readonly now: () => number;

  constructor(
    private readonly enabled: boolean,
    opts: CompatLimitsOptions = {},
  ) {
    this.ratioWindowMs = opts.ratioWindowMs ?? 600_000;
    this.now = opts.now ?? (() => Date.now());
  }

  private hit(key: string, max: number, windowMs: number, banMs: number, now = this.now()): void {
    let w = this.windows.get(key);
    if (!w || now - w.startedAt > windowMs) {
      w = { count: 0, startedAt: now, bannedUntil: w?.bannedUntil ?? 0 };
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count > max) w.bannedUntil = now + banMs;
    if (this.windows.size > 100_000) this.prune(now);
  }

  private banned(key: string, now = this.now()): boolean {
    return (this.windows.get(key)?.bannedUntil ?? 0) > now;
  }

  private prune(now: number) {
    for (const [k, w] of this.windows) if (w.bannedUntil < now && now - w.startedAt > 600_000) this.windows.delete(k);
  }

  /** The key's counters, started afresh when the window has passed. */
  private ratio(map: Map<string, Ratio>, key: string, now: number): Ratio {
    let r = map.get(key);
    if (!r) {
      if (map.size >= 100_000) {
        for (const [k, old] of map) if (now - old.startedAt > this.ratioWindowMs && old.bannedUntil < now) map.delete(k);
      }
      r = { startedAt: now, uploads: 0, count: 0, bannedUntil: 0 };
      map.set(key, r);
    } else if (now - r.startedAt > this.ratioWindowMs) {
      Object.assign(r, { startedAt: now, uploads: 0, count: 0 });
    }
    return r;
  }

  /** Counts one more for the key; past the limit, bans it and starts the counters again. */
  private count(map: Map<string, Ratio>, key: string, now: number, over: (r: Ratio) => boolean, banMs: number): boolean {
    const r = this.ratio(map, key, now);
    r.count++;
    if (!over(r)) return false;
    Object.assign(r, { startedAt: now, uploads: 0, count: 0, bannedUntil: now + banMs });
    return true;
  }

  /** The ban code in force for this IP or key, if any; counts the request where a ban counts it. */
  check(ip: string, key: string | null, isSubmit: boolean): string | null {
    if (!this.enabled) return null;
    const now = this.now();
    if (this.banned(`badkey:${ip}`, now)) return 'ERROR: 1004';
    if (key && this.banned(`zero:${key}`, now)) return 'ERROR: 1002';
    if (key && isSubmit) {
      if ((this.noSlots.get(key)?.bannedUntil ?? 0) > now) return 'ERROR: 1003';
      this.hit(`turn:${key}`, 60, 3_000, 10_000, now);
      if (this.banned(`turn:${key}`, now)) return 'MAX_USER_TURN';
    }
    if (key && !isSubmit) {
      if ((this.polls.get(key)?.bannedUntil ?? 0) > now) return 'ERROR: 1005';
      if (this.count(this.polls, key, now, (r) => r.count > POLLS_PER_UPLOAD * r.uploads + POLLS_FREE, POLL_BAN_MS)) return 'ERROR: 1005';
    }
    return null;
  }

  wrongKey(ip: string) {
    if (this.enabled) this.hit(`badkey:${ip}`, 4, 600_000, 600_000);
  }

  zeroBalance(key: string) {
    if (this.enabled) this.hit(`zero:${key}`, 119, 60_000, 300_000);
  }

  /** The outcome of a submission: null when accepted, else the refusal's code. */
  submitted(key: string, refusal: string | null) {
    if (refusal === null) this.uploaded(key);
    else if (refusal === 'ERROR_ZERO_BALANCE') this.zeroBalance(key);
    else if (refusal === 'ERROR_NO_SLOT_AVAILABLE') this.noSlot(key);
  }

  /** A captcha was accepted from this key (the C of 1003 and 1005). */
  uploaded(key: string) {
    if (!this.enabled) return;
    const now = this.now();
    this.ratio(this.noSlots, key, now).uploads++;
    this.ratio(this.polls, key, now).uploads++;
  }

  /** This key was answered ERROR_NO_SLOT_AVAILABLE; enough of them, against its uploads, ban it (1003). */
  noSlot(key: string) {
    if (this.enabled) this.count(this.noSlots, key, this.now(), (r) => r.count >= NO_SLOT_MIN && r.count >= NO_SLOT_RATIO * r.uploads, NO_SLOT_BAN_MS);
  }
}
