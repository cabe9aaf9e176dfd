import type { UserRow } from '#server/modules/users/users.repo.ts';
import type { ApiSettingsRow } from '#server/modules/tasks/tasks.repo.ts';

/** What an API key stands for; `user.balance` is a snapshot and must not be read from here. */
export interface ApiAccount {
  user: UserRow;
  settings: ApiSettingsRow;
}

/**
 * API key → account, per process. Result polling is most of the API's traffic, and each poll
 * would otherwise cost two queries before it even looks at the task.
 *
 * Correctness rests on the database: triggers (migration 0007) announce on the `accounts`
 * channel every change of a user's key, block or deletion and of their API settings, and every
 * node drops that account. Until the listener is connected, and whenever it reports a problem,
 * the cache is off (every lookup goes to the database). Entries also age out after `ttlMs`.
 */
export class AccountCache {
  private readonly byKey = new Map<string, { account: ApiAccount; at: number }>();
  private readonly keyOfUser = new Map<number, string>();
  private live = false;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 50_000,
  ) {}

  /** The listener is connected (true) or lost (false: cache off and emptied). */
  setLive(live: boolean) {
    this.live = live;
    if (!live) this.clear();
  }

  get(apiKey: string, now = Date.now()): ApiAccount | undefined {
    if (!this.live) return undefined;
    const hit = this.byKey.get(apiKey);
    if (!hit) return undefined;
    if (now - hit.at > this.ttlMs) {
      this.forget(hit.account.user.id);
      return undefined;
    }
    return hit.account;
  }

  /**
   * Stores a lookup made at `readAt`; skipped when the account changed since (an announcement
   * arrived while the lookup was in flight).
   */
  set(apiKey: string, account: ApiAccount, readAt: number) {
    if (!this.live || (this.changedAt.get(account.user.id) ?? -1) >= readAt) return;
    if (this.byKey.size >= this.maxEntries) this.clear();
    this.forget(account.user.id);
    this.byKey.set(apiKey, { account, at: Date.now() });
    this.keyOfUser.set(account.user.id, apiKey);
  }

  /** Recent announcements (a few seconds' worth) so an in-flight lookup is not stored stale. */
  private readonly changedAt = new Map<number, number>();
  private tick = 0;

  /** A monotonic stamp to pass to `set`. */
  stamp(): number {
    return ++this.tick;
  }

  /** An `accounts` announcement: the user's key, block or settings changed. */
  changed(userId: number) {
    this.changedAt.set(userId, ++this.tick);
    if (this.changedAt.size > 10_000) {
      // Only in-flight lookups care; anything older than the oldest of those is irrelevant.
      const cutoff = this.tick - 5_000;
      for (const [id, t] of this.changedAt) if (t < cutoff) this.changedAt.delete(id);
    }
    this.forget(userId);
  }

  private forget(userId: number) {
    const key = this.keyOfUser.get(userId);
    if (key !== undefined) this.byKey.delete(key);
    this.keyOfUser.delete(userId);
  }

  clear() {
    this.byKey.clear();
    this.keyOfUser.clear();
  }
}
