import { z } from 'zod';

/**
 * Money out (issue 12): payout wallets per method, payout requests and, for accounts that
 * deposited, "return funds" requests. Amounts on the wire are USD decimal strings.
 */
export const PAYOUT_METHODS = ['usdt-trc20', 'btc', 'paypal', 'bank'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** USD with at most two decimals, e.g. "25" or "12.50". */
const UsdAmount = z.string().trim().regex(/^\d{1,6}(\.\d{1,2})?$/, 'An amount in dollars with at most two decimals.');

export const WalletRequestSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  address: z.string().trim().min(3).max(300),
});
export type WalletRequest = z.infer<typeof WalletRequestSchema>;

export const WalletIdSchema = z.object({ id: z.coerce.number().int().positive() });

export const PayoutRequestSchema = z.object({ method: z.enum(PAYOUT_METHODS), amount: UsdAmount });
export type PayoutRequest = z.infer<typeof PayoutRequestSchema>;

export const FundsReturnRequestSchema = z.object({ amount: UsdAmount, details: z.string().trim().min(5).max(2000) });
export type FundsReturnRequest = z.infer<typeof FundsReturnRequestSchema>;

export type WalletStatus = 'pending' | 'active' | 'replaced' | 'cancelled';
export type PayoutStatus = 'requested' | 'approved' | 'sent' | 'rejected';

export interface PayoutMethodView {
  method: PayoutMethod;
  enabled: boolean;
  minAmount: string;
  feeFixed: string;
  /** Percent of the amount, e.g. "2" (on top of the fixed fee). */
  feePercent: string;
}

export interface WalletView {
  id: number;
  method: PayoutMethod;
  address: string;
  status: WalletStatus;
  requestedAt: string;
  confirmedAt: string | null;
  /** When payouts may use it (the hold after a change); null while pending. */
  usableAt: string | null;
  /** Active and past the hold. */
  usable: boolean;
}

export interface WalletEventView {
  id: number;
  walletId: number;
  method: PayoutMethod;
  address: string;
  event: 'requested' | 'confirmed' | 'cancelled' | 'replaced';
  ip: string | null;
  createdAt: string;
}

export interface WalletsView {
  methods: PayoutMethodView[];
  /** Current (active) and pending wallets, one of each at most per method. */
  wallets: WalletView[];
  /** The wallet security log, newest first. */
  events: WalletEventView[];
  holdHours: number;
  holdSeconds: number;
}

/** What the payout page needs: how much may leave, and whether this account may withdraw at all. */
export interface PayoutSummaryView {
  balance: string;
  withdrawable: string;
  /** Money on the balance that cannot leave as a payout (deposits, vouchers, promo and admin credits). */
  nonWithdrawable: string;
  /** Amount held by payouts not yet sent (requested or approved). */
  pending: string;
  /** An account that deposited is a customer: no payouts, a "return funds" request instead. */
  mode: 'payout' | 'return_funds';
  methods: (PayoutMethodView & { wallet: WalletView | null })[];
}

export interface PayoutView {
  id: number;
  method: PayoutMethod;
  address: string;
  amount: string;
  fee: string;
  /** What the wallet receives: amount − fee. */
  net: string;
  status: PayoutStatus;
  reference: string | null;
  rejectReason: string | null;
  requestedAt: string;
  approvedAt: string | null;
  sentAt: string | null;
  rejectedAt: string | null;
}

export interface FundsReturnView {
  id: number;
  amount: string;
  details: string;
  status: 'open' | 'closed';
  staffNote: string | null;
  createdAt: string;
  closedAt: string | null;
}

export interface PayoutHistoryView {
  payouts: PayoutView[];
  returns: FundsReturnView[];
}

// ---- admins ----------------------------------------------------------------------------------

export const AdminPayoutQuerySchema = z.object({
  status: z.enum(['requested', 'approved', 'sent', 'rejected', 'open']).default('open'),
  method: z.enum(PAYOUT_METHODS).optional(),
  user: z.string().trim().max(200).optional(),
});
export type AdminPayoutQuery = z.infer<typeof AdminPayoutQuerySchema>;

export const PayoutIdSchema = z.object({ id: z.coerce.number().int().positive() });
export const MarkSentSchema = z.object({ reference: z.string().trim().min(3).max(200) });
export const RejectPayoutSchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const CloseReturnSchema = z.object({ note: z.string().trim().min(3).max(1000) });
export const PayoutMethodUpdateSchema = z.object({
  enabled: z.boolean(),
  minAmount: UsdAmount,
  feeFixed: UsdAmount,
  feePercent: z.string().trim().regex(/^\d{1,2}(\.\d{1,2})?$/, 'A percentage, at most 50.'),
});
export const PayoutMethodParamsSchema = z.object({ method: z.enum(PAYOUT_METHODS) });

/** What an admin weighs before sending: how risky the worker looks. */
export interface PayoutRiskView {
  accountAgeDays: number;
  /** Upheld mistakes over answers, percent with one decimal; null without answers. */
  mistakeRate: string | null;
  answers: number;
  /** The wallet was confirmed within the last 7 days. */
  walletChangedRecently: boolean;
  walletConfirmedAt: string | null;
  earned: string;
  paidOut: string;
}

export interface AdminPayoutView extends PayoutView {
  userId: number;
  email: string;
  risk: PayoutRiskView;
}

export interface AdminPayoutsView {
  payouts: AdminPayoutView[];
  returns: (FundsReturnView & { userId: number; email: string })[];
  totals: { requested: string; approved: string };
  /** The provider that sends each method's payouts; a method missing here is paid by hand. */
  providers: Partial<Record<PayoutMethod, string>>;
}
