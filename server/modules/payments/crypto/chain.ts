/**
 * Where deposits are seen: a ChainWatcher per coin. Real adapters speak to an Esplora-compatible
 * HTTP API (BTC, BCH) and a TronGrid-compatible one (USDT TRC-20), each configured by URL; the
 * offline ChainSimulator (simulator.ts) stands in for them in development and tests.
 */
import type { CoinId } from '#shared/contracts/crypto.ts';
import { tronHex } from './addresses.ts';

/** One output paying an address. */
export interface ChainTransfer {
  txid: string;
  /** Output index (TRC-20: the transfer's position within its transaction, 0 almost always). */
  vout: number;
  /** Base units. */
  amount: bigint;
  /** null: unconfirmed (mempool). */
  blockHeight: number | null;
  /** The chain's time for it when known (block time), else null: the watcher's clock is used. */
  time: Date | null;
}

export interface ChainWatcher {
  readonly coin: CoinId;
  /** The height of the best block: confirmations = tip − blockHeight + 1. */
  tipHeight(): Promise<number>;
  /** Transfers into `address`, newest first, confirmed or not. */
  transfersTo(address: string): Promise<ChainTransfer[]>;
}

export type FetchFn = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown>; text(): Promise<string> }>;

const TIMEOUT_MS = 10_000;

async function call<T>(
  fetchFn: FetchFn,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  as: 'json' | 'text' = 'json',
): Promise<T> {
  const res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`chain source answered ${res.status} for ${new URL(url).pathname}`);
  return (as === 'json' ? await res.json() : await res.text()) as T;
}

interface EsploraTx {
  txid: string;
  status: { confirmed: boolean; block_height?: number; block_time?: number };
  vout: { scriptpubkey_address?: string; value: number }[];
}

/** Esplora's address form may lack the CashAddr prefix: compare without it. */
const bare = (address: string) => address.replace(/^bitcoincash:/, '');

/** Esplora-compatible HTTP (GET /blocks/tip/height, GET /address/{a}/txs) for BTC and BCH. */
export function esploraWatcher(
  coin: 'BTC' | 'BCH',
  baseUrl: string,
  fetchFn: FetchFn = fetch as unknown as FetchFn,
): ChainWatcher {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    coin,
    async tipHeight() {
      const text = await call<string>(fetchFn, `${base}/blocks/tip/height`, {}, 'text');
      const height = Number(text.trim());
      if (!Number.isInteger(height) || height < 0) throw new Error('chain source gave no tip height');
      return height;
    },
    async transfersTo(address) {
      const txs = await call<EsploraTx[]>(fetchFn, `${base}/address/${encodeURIComponent(address)}/txs`);
      const out: ChainTransfer[] = [];
      for (const tx of txs) {
        tx.vout.forEach((o, vout) => {
          if (!o.scriptpubkey_address || bare(o.scriptpubkey_address) !== bare(address) || !(o.value > 0)) return;
          out.push({
            txid: tx.txid,
            vout,
            amount: BigInt(o.value),
            blockHeight: tx.status.confirmed && tx.status.block_height !== undefined ? tx.status.block_height : null,
            time: tx.status.block_time ? new Date(tx.status.block_time * 1000) : null,
          });
        });
      }
      return out;
    },
  };
}

/** Tether's USDT contract on TRON mainnet. */
export const USDT_TRC20_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

interface TronTransfer {
  transaction_id: string;
  to: string;
  value: string;
  block_timestamp?: number;
  token_info?: { address?: string };
}

/**
 * TronGrid-compatible HTTP: GET /v1/accounts/{a}/transactions/trc20 (USDT only, incoming only),
 * POST /wallet/gettransactioninfobyid for a transfer's block, POST /wallet/getnowblock for the tip.
 */
export function tronGridWatcher(
  baseUrl: string,
  apiKey?: string,
  fetchFn: FetchFn = fetch as unknown as FetchFn,
  contract = USDT_TRC20_CONTRACT,
): ChainWatcher {
  const base = baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
    ...(apiKey ? { 'TRON-PRO-API-KEY': apiKey } : {}),
  };
  const blocks = new Map<string, number>(); // txid → block number, once known it does not change
  return {
    coin: 'USDT_TRC20',
    async tipHeight() {
      const block = await call<{ block_header?: { raw_data?: { number?: number } } }>(
        fetchFn,
        `${base}/wallet/getnowblock`,
        { method: 'POST', headers, body: '{}' },
      );
      const height = block.block_header?.raw_data?.number;
      if (typeof height !== 'number') throw new Error('chain source gave no tip height');
      return height;
    },
    async transfersTo(address) {
      const query = new URLSearchParams({ only_to: 'true', limit: '50', contract_address: contract });
      const page = await call<{ data?: TronTransfer[] }>(
        fetchFn,
        `${base}/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`,
        { headers },
      );
      const out: ChainTransfer[] = [];
      const seen = new Map<string, number>();
      for (const t of page.data ?? []) {
        if (t.to !== address || (t.token_info?.address && t.token_info.address !== contract)) continue;
        const amount = BigInt(t.value);
        if (amount <= 0n) continue;
        let height = blocks.get(t.transaction_id) ?? null;
        if (height === null) {
          const info = await call<{ blockNumber?: number }>(fetchFn, `${base}/wallet/gettransactioninfobyid`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ value: t.transaction_id }),
          });
          if (typeof info.blockNumber === 'number') blocks.set(t.transaction_id, (height = info.blockNumber));
        }
        const vout = seen.get(t.transaction_id) ?? 0;
        seen.set(t.transaction_id, vout + 1);
        out.push({
          txid: t.transaction_id,
          vout,
          amount,
          blockHeight: height,
          time: t.block_timestamp ? new Date(t.block_timestamp) : null,
        });
      }
      return out;
    },
  };
}

/** The hex form TronGrid's JSON uses for the USDT contract (kept for the adapter's tests). */
export const USDT_TRC20_CONTRACT_HEX = tronHex(USDT_TRC20_CONTRACT);
