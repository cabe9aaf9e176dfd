/**
 * The offline chain simulator: a deterministic stand-in for a coin's chain (no network). Payments
 * are "sent" to addresses and sit in the mempool until blocks are mined; a reorg drops the tip
 * block and returns its transactions to the mempool. Transaction ids are derived from a counter,
 * so a run is reproducible. It serves tests and development (CRYPTO_CHAIN=simulator), never money.
 */
import { createHash } from 'node:crypto';
import type { CoinId } from '#shared/contracts/crypto.ts';
import type { ChainTransfer, ChainWatcher } from './chain.ts';

interface SimTx {
  txid: string;
  address: string;
  amount: bigint;
  blockHeight: number | null;
  time: Date;
}

export class ChainSimulator implements ChainWatcher {
  private height: number;
  private seq = 0;
  private readonly txs: SimTx[] = [];
  /** The clock the simulated chain stamps blocks with (tests move it). */
  now: () => Date = () => new Date();

  constructor(
    readonly coin: CoinId,
    startHeight = 800_000,
  ) {
    this.height = startHeight;
  }

  /** Sends `amount` base units to `address` (into the mempool); returns the txid. */
  send(address: string, amount: bigint): string {
    if (amount <= 0n) throw new RangeError('amount must be positive');
    const txid = createHash('sha256').update(`${this.coin}:${++this.seq}`).digest('hex');
    this.txs.push({ txid, address, amount, blockHeight: null, time: this.now() });
    return txid;
  }

  /** Mines `n` blocks; the first takes every mempool transaction. */
  mine(n = 1): number {
    for (let i = 0; i < n; i++) {
      this.height++;
      for (const tx of this.txs) {
        if (tx.blockHeight === null) {
          tx.blockHeight = this.height;
          tx.time = this.now();
        }
      }
    }
    return this.height;
  }

  /** A one-block reorg: the tip block is dropped and its transactions go back to the mempool. */
  dropTip(): void {
    for (const tx of this.txs) if (tx.blockHeight === this.height) tx.blockHeight = null;
    this.height--;
  }

  tipHeight(): Promise<number> {
    return Promise.resolve(this.height);
  }

  transfersTo(address: string): Promise<ChainTransfer[]> {
    return Promise.resolve(
      this.txs
        .filter((tx) => tx.address === address)
        .reverse()
        .map((tx) => ({
          txid: tx.txid,
          vout: 0,
          amount: tx.amount,
          blockHeight: tx.blockHeight,
          time: tx.blockHeight === null ? null : tx.time,
        })),
    );
  }
}
