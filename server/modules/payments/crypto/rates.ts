/**
 * USD per coin, in micro-USD per 1 whole coin (an integer). Fixed rates from CRYPTO_RATES, or a
 * spot-price API in Coinbase's shape (CRYPTO_RATES_URL), cached for a minute. USDT is 1 USD unless
 * configured otherwise. The invoice locks the rate it was created with.
 */
import { COINS, type CoinId } from '#shared/contracts/crypto.ts';
import type { FetchFn } from './chain.ts';

export interface RateSource {
  /** Micro-USD per 1 coin. @throws when the rate is unknown or the source fails */
  microsPerCoin(coin: CoinId): Promise<number>;
  /** Whether a rate can be had for the coin at all (a coin without one is not offered). */
  has(coin: CoinId): boolean;
}

/** "65000.5" → 65_000_500_000 micro-USD, exactly. */
export function usdToMicros(usd: string): number {
  const match = /^(\d{1,9})(?:\.(\d{1,12}))?$/.exec(usd.trim());
  if (!match) throw new RangeError(`not a USD amount: ${usd}`);
  return Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0').slice(0, 6));
}

export function parseFixedRates(text: string | undefined): Map<string, number> {
  const rates = new Map<string, number>([['USDT', 1_000_000]]);
  for (const part of (text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [sym, value] = part.split('=').map((s) => s.trim());
    const micros = usdToMicros(value!);
    if (micros > 0) rates.set(sym!.toUpperCase(), micros);
  }
  return rates;
}

const CACHE_MS = 60_000;

export function rateSource(opts: { fixed?: string; url?: string; fetchFn?: FetchFn }): RateSource {
  const fixed = parseFixedRates(opts.fixed);
  const cache = new Map<string, { micros: number; at: number }>();
  const fetchFn = opts.fetchFn ?? (fetch as unknown as FetchFn);
  return {
    has: (coin) => Boolean(opts.url) || fixed.has(COINS[coin].symbol),
    async microsPerCoin(coin) {
      const sym = COINS[coin].symbol;
      if (!opts.url || (sym === 'USDT' && fixed.has(sym))) {
        const rate = fixed.get(sym);
        if (!rate) throw new Error(`no rate configured for ${sym}`);
        return rate;
      }
      const hit = cache.get(sym);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.micros;
      const res = await fetchFn(`${opts.url.replace(/\/+$/, '')}/prices/${sym}-USD/spot`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`rate source answered ${res.status}`);
      const body = (await res.json()) as { data?: { amount?: string } };
      const micros = usdToMicros(String(body.data?.amount ?? ''));
      if (micros <= 0) throw new Error('rate source gave no rate');
      cache.set(sym, { micros, at: Date.now() });
      return micros;
    },
  };
}
