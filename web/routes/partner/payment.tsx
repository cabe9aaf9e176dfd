import { payoutsApi } from '#web/features/payouts/api.ts';
import { PayoutPanel } from '#web/features/payouts/payout-form.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { PartnerLayout } from './layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(payoutsApi.endpoints.payoutSummary.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /partner/payment: withdrawable money and the payout request (or, for depositors, the return-funds request). */
export default function PaymentPage() {
  const { lang } = useCurrentPage();
  return (
    <PartnerLayout section="payment">
      <PayoutPanel lang={lang} />
    </PartnerLayout>
  );
}
