/**
 * Crypto invoices (modules/payments/crypto): coins, their pages and what the invoice page shows.
 * Amounts on chain are integers in the coin's base unit (satoshi; USDT's 6-decimal unit), sent
 * as decimal strings so no precision is lost in JSON.
 */
import { z } from 'zod';

export const COIN_IDS = ['BTC', 'BCH', 'USDT_TRC20'] as const;
export type CoinId = (typeof COIN_IDS)[number];

export interface CoinInfo {
  id: CoinId;
  /** The payment provider's short name (payments.provider). */
  provider: string;
  /** The coin's page: /pay/{shortname} (spec §2). */
  page: string;
  /** The ticker shown to payers. */
  symbol: string;
  /** Decimals of the base unit (8: satoshi; 6: USDT). */
  decimals: number;
  /** The network the payer must send on. */
  network: string;
}

export const COINS: Record<CoinId, CoinInfo> = {
  BTC: {
    id: 'BTC',
    provider: 'btc',
    page: '/pay/cryptocurrency-btc-BTC',
    symbol: 'BTC',
    decimals: 8,
    network: 'Bitcoin',
  },
  BCH: {
    id: 'BCH',
    provider: 'bch',
    page: '/pay/cryptocurrency-bch-BCH',
    symbol: 'BCH',
    decimals: 8,
    network: 'Bitcoin Cash',
  },
  USDT_TRC20: {
    id: 'USDT_TRC20',
    provider: 'usdt_trc20',
    page: '/pay/cryptocurrency-tron-USDT',
    symbol: 'USDT',
    decimals: 6,
    network: 'TRON (TRC-20)',
  },
};

export const coinOfProvider = (provider: string): CoinInfo | undefined =>
  Object.values(COINS).find((c) => c.provider === provider);

/** Base units → "0.00123400" style decimal (all decimals kept: the payer copies it exactly). */
export function formatCoin(units: bigint | string, decimals: number): string {
  const v = BigInt(units);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(decimals, '0');
  return `${neg ? '-' : ''}${whole}${decimals ? `.${fraction}` : ''}`;
}

/**
 * open: waiting for the payment; confirming: enough seen, waiting for confirmations;
 * paid / overpaid / underpaid: credited (underpaid: what arrived, at the locked rate);
 * expired: nothing arrived in time (a late payment is still credited, at its arrival's rate).
 */
export type InvoiceStatus = 'open' | 'confirming' | 'paid' | 'overpaid' | 'underpaid' | 'expired';

export interface DepositView {
  txid: string;
  /** Base units, decimal string. */
  amount: string;
  confirmations: number;
  required: number;
  /** Arrived after the invoice expired: credited at the rate of its arrival. */
  late: boolean;
  /** USD credited for it, or null while unconfirmed. */
  creditedUsd: string | null;
  seenAt: string;
}

export interface InvoiceView {
  paymentId: number;
  coin: CoinId;
  address: string;
  /** Due, in base units (decimal string) and as a decimal of the coin. */
  amountDue: string;
  amountDueText: string;
  /** What was ordered, USD. */
  usd: string;
  /** USD per 1 coin, locked for the invoice's life. */
  rate: string;
  /** BIP21 (bitcoin:, bitcoincash:) or tron: URI, also in the QR code. */
  uri: string;
  /** The QR code of `uri`, an SVG document. */
  qrSvg: string;
  expiresAt: string;
  status: InvoiceStatus;
  /** Received so far (seen, confirmed or not), base units. */
  received: string;
  /** USD credited so far for this invoice (its payment and late deposits). */
  creditedUsd: string;
  requiredConfirmations: number;
  deposits: DepositView[];
  /** The offline chain simulator is this installation's chain source (development and tests). */
  simulator: boolean;
}

export const SimulateSchema = z.object({
  /** pay: send `percent` of the amount due to the invoice's address; mine: add a block. */
  action: z.enum(['pay', 'mine']),
  percent: z.coerce.number().int().min(1).max(500).default(100),
  blocks: z.coerce.number().int().min(1).max(100).default(1),
});
export type SimulateRequest = z.infer<typeof SimulateSchema>;
export type SimulateInput = z.input<typeof SimulateSchema>;
