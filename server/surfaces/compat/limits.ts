import { MemoryStore } from '#server/lib/shared-store/memory.ts';
import { SharedLimiter } from '#server/lib/shared-store/limiter.ts';

/**
 * The protocol's temporary bans (api-protocol.md §3.3), counted and enforced across nodes through
 * the shared store (lib/shared-store: memory on one process, PostgreSQL or Redis with several;
 * counted locally, flushed every SHARED_STORE_FLUSH_MS, bans announced to every node at once).
 * Switched off with RATE_LIMITS=false (load tests).
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
  /** The node's view of the shared store; without one, this process's memory alone. */
  limiter?: SharedLimiter;
  /** A key's limit multiplier (enterprise support, issue 18): MAX_USER_TURN's 60 and 1005's allowance scale by it. */
  multiplierOf?: (key: string) => number;
}

/** Counter and ban names in the shared store. */
const K = {
  badKey: (ip: string) => `compat:badkey:${ip}`,
  zero: (key: string) => `compat:zero:${key}`,
  turn: (key: string) => `compat:turn:${key}`,
  noSlot: (key: string) => `compat:noslot:${key}`,
  noSlotUploads: (key: string) => `compat:noslot-up:${key}`,
  polls: (key: string) => `compat:polls:${key}`,
  pollUploads: (key: string) => `compat:polls-up:${key}`,
};

/** A limit's check, run on each count and on each flushed total (an OnTotal): over the limit, it bans. */
type Over = (name: string, total: number, now: number) => boolean;

/** A plain window limit: its window and its check. */
interface Rule {
  windowMs: number;
  over: Over;
}

export class CompatLimits {
  private readonly limiter: SharedLimiter;
  private readonly ratioWindowMs: number;
  private readonly now: () => number;
  private readonly multiplierOf: (key: string) => number;

  constructor(
    private readonly enabled: boolean,
    opts: CompatLimitsOptions = {},
  ) {
    this.ratioWindowMs = opts.ratioWindowMs ?? 600_000;
    this.now = opts.now ?? (() => Date.now());
    this.limiter = opts.limiter ?? new SharedLimiter(new MemoryStore(), { now: this.now });
    this.multiplierOf = opts.multiplierOf ?? (() => 1);
  }

  private banned(name: string, now: number): boolean {
    return this.limiter.bannedUntil(name) > now;
  }

  /** Counts one on a plain window counter; past `max`, bans the counter's name for `banMs`. */
  private hit(name: string, rule: Rule, now = this.now()): boolean {
    return rule.over(name, this.limiter.add(name, rule.windowMs, 1, now, rule.over), now);
  }

  /** A plain limit: more than `max` in `windowMs` bans the counter's name for `banMs`. */
  private rule(max: number, windowMs: number, banMs: number): Rule {
    return {
      windowMs,
      over: (name, total, now) => {
        if (total <= max) return false;
        if (this.limiter.bannedUntil(name) <= now) this.limiter.ban(name, now + banMs);
        return true;
      },
    };
  }

  private readonly badKeyRule = this.rule(4, 600_000, 600_000);
  private readonly zeroRule = this.rule(119, 60_000, 300_000);
  /** MAX_USER_TURN: more than 60 (× the key's multiplier) submissions in 3 s ban for 10 s. */
  private readonly turnRule: Rule = {
    windowMs: 3_000,
    over: (name, total, now) => {
      if (total <= 60 * this.multiplierOf(name.slice(K.turn('').length))) return false;
      if (this.limiter.bannedUntil(name) <= now) this.limiter.ban(name, now + 10_000);
      return true;
    },
  };
  /** 1005 on the flushed totals too (the key's polls counted on all nodes). */
  private readonly pollsOver: Over = (name, polls, now) => {
    const key = name.slice(K.polls('').length);
    const m = this.multiplierOf(key);
    if (polls <= m * (POLLS_PER_UPLOAD * this.limiter.get(K.pollUploads(key), this.ratioWindowMs, now) + POLLS_FREE)) return false;
    // The ban starts the counters again: after it the client has a fresh allowance.
    if (this.limiter.bannedUntil(name) <= now) this.limiter.ban(name, now + POLL_BAN_MS, [name, K.pollUploads(key)]);
    return true;
  };
  private readonly noSlotOver: Over = (name, count, now) => {
    const key = name.slice(K.noSlot('').length);
    if (count < NO_SLOT_MIN || count < NO_SLOT_RATIO * this.limiter.get(K.noSlotUploads(key), this.ratioWindowMs, now)) return false;
    if (this.limiter.bannedUntil(name) <= now) this.limiter.ban(name, now + NO_SLOT_BAN_MS, [name, K.noSlotUploads(key)]);
    return true;
  };

  /** The ban code in force for this IP or key, if any; counts the request where a ban counts it. */
  check(ip: string, key: string | null, isSubmit: boolean): string | null {
    if (!this.enabled) return null;
    const now = this.now();
    if (this.banned(K.badKey(ip), now)) return 'ERROR: 1004';
    if (key && this.banned(K.zero(key), now)) return 'ERROR: 1002';
    if (key && isSubmit) {
      if (this.banned(K.noSlot(key), now)) return 'ERROR: 1003';
      if (this.banned(K.turn(key), now) || this.hit(K.turn(key), this.turnRule, now)) return 'MAX_USER_TURN';
    }
    if (key && !isSubmit) {
      if (this.banned(K.polls(key), now)) return 'ERROR: 1005';
      const name = K.polls(key);
      if (this.pollsOver(name, this.limiter.add(name, this.ratioWindowMs, 1, now, this.pollsOver), now)) return 'ERROR: 1005';
    }
    return null;
  }

  wrongKey(ip: string) {
    if (this.enabled) this.hit(K.badKey(ip), this.badKeyRule);
  }

  zeroBalance(key: string) {
    if (this.enabled) this.hit(K.zero(key), this.zeroRule);
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
    this.limiter.add(K.noSlotUploads(key), this.ratioWindowMs, 1, now);
    this.limiter.add(K.pollUploads(key), this.ratioWindowMs, 1, now);
  }

  /** This key was answered ERROR_NO_SLOT_AVAILABLE; enough of them, against its uploads, ban it (1003). */
  noSlot(key: string) {
    if (!this.enabled) return;
    const now = this.now();
    const name = K.noSlot(key);
    this.noSlotOver(name, this.limiter.add(name, this.ratioWindowMs, 1, now, this.noSlotOver), now);
  }
}
