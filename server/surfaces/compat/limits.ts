/**
 * The protocol's temporary bans (api-protocol.md §3.3), kept in this process's memory: they
 * protect the process from floods and need no cross-node precision. Switched off with
 * RATE_LIMITS=false (load tests).
 *
 * - ERROR: 1004 after 5 requests with a wrong key from one IP (10 minutes);
 * - MAX_USER_TURN after more than 60 in.php submissions of one key within 3 s (10 seconds);
 * - ERROR: 1002 after 120 ERROR_ZERO_BALANCE answers to one key within a minute (5 minutes).
 */
interface Window {
  count: number;
  startedAt: number;
  bannedUntil: number;
}

export class CompatLimits {
  private readonly windows = new Map<string, Window>();
  constructor(private readonly enabled: boolean) {}

  private hit(key: string, max: number, windowMs: number, banMs: number, now = Date.now()): void {
    let w = this.windows.get(key);
    if (!w || now - w.startedAt > windowMs) {
      w = { count: 0, startedAt: now, bannedUntil: w?.bannedUntil ?? 0 };
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count > max) w.bannedUntil = now + banMs;
    if (this.windows.size > 100_000) this.prune(now);
  }

  private banned(key: string, now = Date.now()): boolean {
    return (this.windows.get(key)?.bannedUntil ?? 0) > now;
  }

  private prune(now: number) {
    for (const [k, w] of this.windows) if (w.bannedUntil < now && now - w.startedAt > 600_000) this.windows.delete(k);
  }

  /** The ban code in force for this IP or key, if any. */
  check(ip: string, key: string | null, isSubmit: boolean): string | null {
    if (!this.enabled) return null;
    if (this.banned(`badkey:${ip}`)) return 'ERROR: 1004';
    if (key && this.banned(`zero:${key}`)) return 'ERROR: 1002';
    if (key && isSubmit) {
      this.hit(`turn:${key}`, 60, 3_000, 10_000);
      if (this.banned(`turn:${key}`)) return 'MAX_USER_TURN';
    }
    return null;
  }

  wrongKey(ip: string) {
    if (this.enabled) this.hit(`badkey:${ip}`, 4, 600_000, 600_000);
  }

  zeroBalance(key: string) {
    if (this.enabled) this.hit(`zero:${key}`, 119, 60_000, 300_000);
  }
}
