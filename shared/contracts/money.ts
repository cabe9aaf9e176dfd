import { z } from 'zod';

/** USD with at most two decimals, e.g. "25" or "12.50". */
const UsdAmount = z.string().trim().regex(/^\d{1,6}(\.\d{1,2})?$/, 'An amount in dollars with at most two decimals.');
const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD.');

// ---- /pay/history_day -------------------------------------------------------------------------

/** The longest range /pay/history_day answers, and the default (the last 30 days). */
export const HISTORY_MAX_DAYS = 366;
export const HISTORY_DEFAULT_DAYS = 30;

export const HistoryDayQuerySchema = z.object({ from: IsoDay.optional(), to: IsoDay.optional() });
export type HistoryDayQuery = z.infer<typeof HistoryDayQuerySchema>;

/**
 * One day's money on the balance, USD decimal strings. spend = charges minus refunds (what the
 * captchas cost); refunds are also shown alone; other = kinds not listed (commission, holds,
 * payouts, promo credits…); net = the sum of every entry of the day (the balance's change).
 */
export interface HistoryDayFigures {
  topups: string;
  spend: string;
  refunds: string;
  earnings: string;
  transfersIn: string;
  transfersOut: string;
  vouchers: string;
  adjustments: string;
  other: string;
  net: string;
}
export const HISTORY_COLUMNS = ['topups', 'spend', 'refunds', 'earnings', 'transfersIn', 'transfersOut', 'vouchers', 'adjustments', 'other', 'net'] as const satisfies readonly (keyof HistoryDayFigures)[];

export interface HistoryDayView {
  from: string;
  to: string;
  /** The IANA zone the days are cut in (the account's time zone). */
  timezone: string;
  /** Days with at least one entry, newest first. */
  days: (HistoryDayFigures & { day: string })[];
  totals: HistoryDayFigures;
}

// ---- transfers (/pay/send_user) ---------------------------------------------------------------

/** A transfer is $0.01 to $1,000, and one sender sends at most $1,000 in any 24 hours. */
export const TRANSFER_MIN_USD = 0.01;
export const TRANSFER_DAILY_LIMIT_USD = 1_000;
/** Hours a mailed confirmation link stays valid. */
export const TRANSFER_LINK_HOURS = 24;

export const TransferRequestSchema = z.object({
  /** The recipient's e-mail address or account id ("1234" or "#1234"). */
  recipient: z.string().trim().min(1).max(254),
  amount: UsdAmount,
});
export type TransferRequest = z.infer<typeof TransferRequestSchema>;

export const TransferLinkSchema = z.object({
  hash: z.string().min(10).max(100),
  userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export type TransferStatus = 'pending' | 'confirmed' | 'expired' | 'refused';

export interface TransferView {
  id: number;
  direction: 'sent' | 'received';
  /** Sent: what the sender typed; received: the sender's account id. */
  counterparty: string;
  amount: string;
  status: TransferStatus;
  createdAt: string;
  expiresAt: string;
  confirmedAt: string | null;
}

export interface TransfersView {
  transfers: TransferView[];
  /** USD still sendable in the current 24-hour window. */
  remainingToday: string;
  dailyLimit: string;
}

// ---- vouchers (/pay/paypal_voucher) -----------------------------------------------------------

/** 16 characters from 31 without look-alikes (no 0/O, 1/I/L): about 79 bits, shown as XXXX-XXXX-XXXX-XXXX. */
export const VOUCHER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VOUCHER_LENGTH = 16;
export const VOUCHER_BATCH_MAX = 1_000;
export const VOUCHER_AMOUNT_MAX_USD = 10_000;

/** Upper-cases and drops spaces and dashes, so a code can be typed grouped or not. */
export function normalizeVoucherCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

export const RedeemVoucherSchema = z.object({ code: z.string().trim().min(1).max(64) });

export interface VoucherRedemptionView {
  /** The code's last four characters. */
  hint: string;
  amount: string;
  redeemedAt: string;
}

export const IssueVoucherBatchSchema = z.object({
  amount: UsdAmount,
  count: z.coerce.number().int().min(1).max(VOUCHER_BATCH_MAX),
  /** The last day the codes work (inclusive, UTC end of day). */
  expiresOn: IsoDay,
  note: z.string().trim().max(200).default(''),
});
export type IssueVoucherBatch = z.input<typeof IssueVoucherBatchSchema>;

export interface VoucherBatchView {
  id: number;
  amount: string;
  count: number;
  redeemed: number;
  note: string;
  expiresAt: string;
  createdAt: string;
}

/** The issuance answer: the only time the codes are shown (only their hashes are stored). */
export interface IssuedVoucherBatchView extends VoucherBatchView {
  codes: string[];
}
