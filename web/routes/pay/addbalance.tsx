import { useTranslation } from 'react-i18next';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { paymentsApi } from '#web/features/payments/api.ts';
import { TopUpForm } from '#web/features/payments/top-up-form.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(paymentsApi.endpoints.getPaymentProviders.initiate(undefined, { subscribe: false }));
  return null;
}

/** /addbalance and /pay: top up the balance through one of the configured payment methods. */
export default function Page() {
  const { t } = useTranslation('payments');
  const { lang } = useCurrentPage();
  return (
    <CustomerLayout title={t('form.title')} lead={t('form.lead')}>
      <TopUpForm lang={lang} />
    </CustomerLayout>
  );
}
