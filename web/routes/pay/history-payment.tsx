import { useTranslation } from '#web/lib/i18n-react.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { paymentsApi } from '#web/features/payments/api.ts';
import { PaymentHistory } from '#web/features/payments/history-table.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(paymentsApi.endpoints.getPayments.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /pay/history_payment: every top-up with its method, status and amount. */
export default function Page() {
  const { t } = useTranslation('payments');
  const { lang } = useCurrentPage();
  return (
    <CustomerLayout title={t('history.title')} lead={t('history.lead')}>
      <PaymentHistory lang={lang} />
    </CustomerLayout>
  );
}
