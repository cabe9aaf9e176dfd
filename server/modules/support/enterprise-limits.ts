import type { Db } from '#server/db/client.ts';
import { activeKeys } from './enterprise.repo.ts';
import { PLANS } from './enterprise.service.ts';

/**
 * The compatible API's request limits per key are multiplied for enterprise-support customers
 * (Business ×3, Enterprise ×10). The hot path asks synchronously, so each node keeps the keys of
 * running plans in memory, re-read every `REFRESH_MS` (a purchase, renewal or expiry on any node
 * takes effect within that time).
 */
export const REFRESH_MS = 5_000;

export class EnterpriseKeys {
  private multipliers = new Map<string, number>();

  /** The limit multiplier of an API key: 1 without a running plan. */
  of(apiKey: string): number {
    return this.multipliers.get(apiKey) ?? 1;
  }

  async refresh(db: Db): Promise<void> {
    const rows = await activeKeys(db);
    this.multipliers = new Map(rows.map((r) => [r.apiKey, PLANS[r.plan].rateLimitMultiplier]));
  }

  /** Refreshes now and every REFRESH_MS until the returned stop is called. */
  watch(db: Db, onError: (err: unknown) => void): () => void {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      this.refresh(db).catch(onError).finally(() => (running = false));
    };
    tick();
    const timer = setInterval(tick, REFRESH_MS);
    timer.unref();
    return () => clearInterval(timer);
  }
}
