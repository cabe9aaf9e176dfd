import { z } from 'zod';
import { PromoCodeSchema } from './promotions.ts';

/** Top-ups in USD: $1 to $10,000, whole cents (field research §2.6: $1 minimum). */
export const TOPUP_MIN_USD = 1;
export const TOPUP_MAX_USD = 10_000;
export const TOPUP_PRESETS_USD = [5, 10, 25, 50, 100, 500] as const;

export const TopUpRequestSchema = z.object({
  /** USD with at most two decimals, e.g. "25" or "12.50". */
  amount: z.string().regex(/^\d{1,5}(\.\d{1,2})?$/, 'An amount in dollars with at most two decimals.'),
  provider: z.string().min(1).max(40),
  /** The payer's page language: the provider's page and the return pages use it. */
  language: z.string().min(2).max(5).optional(),
  /** A bonus promo code (modules/promotions): checked now, its bonus credited with the top-up. */
  promoCode: PromoCodeSchema.optional(),
});
export type TopUpRequest = z.input<typeof TopUpRequestSchema>;

export const PaymentStatusSchema = z.enum(['created', 'pending', 'succeeded', 'failed', 'canceled', 'expired']);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export interface PaymentView {
  id: number;
  provider: string;
  status: PaymentStatus;
  /** Credited amount, USD decimal string. */
  amount: string;
  currency: string;
  failure: string | null;
  createdAt: string;
  creditedAt: string | null;
  /** The bonus promo code entered with this top-up, if any. */
  promoCode: string | null;
  /**
   * Crypto: how the invoice ended (underpaid, overpaid), or a deposit credited on its own: late
   * (after the invoice expired, at the rate of its arrival) or extra (after it was settled).
   */
  note: 'underpaid' | 'overpaid' | 'late' | 'extra' | null;
  /** Crypto: the invoice this payment is, or the invoice a late or extra deposit was sent to. */
  invoiceId: number | null;
}

/** Admins' payment search (/p/admin, tab Payments). */
export const AdminPaymentQuerySchema = z.object({
  /** A payment id (#70001), a user id or part of an e-mail address. */
  q: z.string().trim().max(254).default(''),
  provider: z.string().max(40).optional(),
  status: PaymentStatusSchema.optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type AdminPaymentQuery = z.infer<typeof AdminPaymentQuerySchema>;
export const ADMIN_PAYMENTS_PAGE_SIZE = 50;

export interface AdminPaymentRow extends PaymentView {
  userId: number;
  email: string;
  providerRef: string | null;
}

export interface AdminPaymentEventView {
  eventId: string;
  type: string;
  outcome: string;
  receivedAt: string;
}

export interface AdminPaymentDetail {
  payment: AdminPaymentRow;
  events: AdminPaymentEventView[];
  /** Adjustments admins wrote against this payment (manual credits and refunds). */
  adjustments: { amount: string; reason: string; actorId: number | null; createdAt: string }[];
}

export interface PaymentProviderView {
  name: string;
  /** Minimum and maximum in USD, and the fee the payer pays on top (none so far). */
  minUsd: number;
  maxUsd: number;
  feePercent: number;
}

export interface SandboxCheckoutView {
  ref: string;
  amount: string;
  currency: string;
  description: string;
  status: 'open' | 'approved' | 'declined';
}
