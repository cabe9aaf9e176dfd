import { payoutsApi } from '#web/features/payouts/api.ts';
import { PayoutHistory } from '#web/features/payouts/history.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { PartnerLayout } from './layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(payoutsApi.endpoints.payoutHistory.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /partner/history_payment: every payout with its status, and return-funds requests. */
export default function HistoryPaymentPage() {
  const { lang } = useCurrentPage();
  return (
    <PartnerLayout section="history">
      <PayoutHistory lang={lang} />
    </PartnerLayout>
  );
}
