/**
 * The payouts specs' seed (e2e/payouts): their workers read only their own task language, so they
 * never take other specs' tasks; the payout worker starts with earnings from solving before the
 * run (a ledger 'earning', withdrawable), since one captcha pays a fraction of a cent and the
 * smallest payout is $5. The spec still earns in /cabinet on top of it.
 */
import type { Ctx } from '#server/lib/ctx.ts';
import { postLedgerEntry } from '#server/modules/billing/billing.service.ts';
import { setWorkerLanguages } from '#server/modules/workers/workers.service.ts';

export const PAYOUT_LANGUAGE = 'pl';
export const REFERRAL_LANGUAGE = 'ko';
/** What the payout worker has earned before the run, micro-USD. */
export const SEEDED_EARNINGS = 12_000_000;

export async function seedPayouts(ctx: Ctx, ids: { payoutWorker: number; partnerJudge: number }): Promise<void> {
  await setWorkerLanguages(ctx, ids.payoutWorker, [PAYOUT_LANGUAGE]);
  await setWorkerLanguages(ctx, ids.partnerJudge, [REFERRAL_LANGUAGE]);
  await postLedgerEntry(ctx, { userId: ids.payoutWorker, amount: SEEDED_EARNINGS, kind: 'earning', reason: 'earnings from solving before the e2e run (seed)' });
}
