/**
 * Payout providers (issue 12 §3): what sends an approved payout's money out and answers with the
 * provider's reference. Each provider serves some payout methods; a method without a provider is
 * paid by hand (the mass-payout CSV, then "mark sent" with the reference), which is also how the
 * crypto methods are paid until an operator configures a sending provider for them: the product
 * holds no hot wallet keys.
 *
 * Every send carries an idempotency key (`payout-<id>`): a provider that sees the same key twice
 * answers the first send's reference and moves no more money, so two admins pressing "send" at
 * once, or a retry after a lost answer, pay once.
 */
import { createHash } from 'node:crypto';
import { PAYOUT_METHODS, type PayoutMethod } from '#shared/contracts/payouts.ts';
import type { Config } from '#server/config.ts';

export interface PayoutSendRequest {
  idempotencyKey: string;
  method: PayoutMethod;
  /** The confirmed wallet: an address, a PayPal e-mail or the bank details. */
  address: string;
  /** The net amount to send, in cents. */
  amountMinor: number;
  currency: 'USD';
}

/** The provider refused or failed; the payout stays approved and nothing was sent. */
export class PayoutSendError extends Error {}

export interface PayoutProvider {
  readonly name: string;
  readonly methods: readonly PayoutMethod[];
  /** @throws PayoutSendError */
  send(request: PayoutSendRequest): Promise<{ reference: string }>;
}

/**
 * The sandbox: accepts every method, moves no money, and answers a reference derived from the
 * idempotency key (so a repeated send answers the same reference). A destination containing
 * "decline" is refused, to exercise the failure path.
 */
export const sandboxPayoutProvider: PayoutProvider = {
  name: 'sandbox',
  methods: PAYOUT_METHODS,
  async send(request) {
    if (/decline/i.test(request.address)) throw new PayoutSendError('The sandbox declined this destination.');
    const digest = createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 20);
    return { reference: `sandbox-${digest}` };
  },
};

/** The providers this installation sends with: the sandbox when PAYOUTS_SANDBOX is on (default with the embedded database). */
export function payoutProviders(config: Pick<Config, 'PAYOUTS_SANDBOX' | 'DATABASE_URL'>): PayoutProvider[] {
  return (config.PAYOUTS_SANDBOX ?? !config.DATABASE_URL) ? [sandboxPayoutProvider] : [];
}

/** The provider that sends a method's payouts, or null when that method is paid by hand. */
export function providerFor(config: Pick<Config, 'PAYOUTS_SANDBOX' | 'DATABASE_URL'>, method: PayoutMethod): PayoutProvider | null {
  return payoutProviders(config).find((p) => p.methods.includes(method)) ?? null;
}
