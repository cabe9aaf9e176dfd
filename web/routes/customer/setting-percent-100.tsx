import { useTranslation } from '#web/lib/i18n-react.ts';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { customerApi, useGetApiSettingsQuery } from '#web/features/customer/api.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { ConsensusForm } from '#web/features/customer/settings.tsx';
import { LoadFailed } from '#web/features/customer/states.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(customerApi.endpoints.getApiSettings.initiate(undefined, { subscribe: false }));
  return null;
}

/** /setting/percent_100: 100% recognition (min attempts, max attempts, min matches) and its price. */
export default function PercentPage() {
  const { t } = useTranslation('customer');
  const { lang } = useCurrentPage();
  const { data, error, isLoading, refetch } = useGetApiSettingsQuery();
  return (
    <CustomerLayout title={t('settings.consensus.heading')} lead={t('settings.consensus.lead')}>
      {isLoading ? <LoadingBlock /> : data ? <ConsensusForm settings={data} lang={lang} /> : <LoadFailed error={error} onRetry={() => void refetch()} />}
    </CustomerLayout>
  );
}
