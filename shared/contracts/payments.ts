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
