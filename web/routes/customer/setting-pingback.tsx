import { useTranslation } from '#web/lib/i18n-react.ts';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { customerApi, useGetApiSettingsQuery } from '#web/features/customer/api.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { PingbackHostsCard } from '#web/features/customer/settings.tsx';
import { LoadFailed } from '#web/features/customer/states.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(customerApi.endpoints.getApiSettings.initiate(undefined, { subscribe: false }));
  return null;
}

/** /setting/pingback: registered pingback domains and IPs. */
export default function PingbackPage() {
  const { t } = useTranslation('customer');
  const { data, error, isLoading, refetch } = useGetApiSettingsQuery();
  return (
    <CustomerLayout title={t('settings.pingback.heading')} lead={t('settings.pingback.lead')}>
      {isLoading ? <LoadingBlock /> : data ? <PingbackHostsCard settings={data} /> : <LoadFailed error={error} onRetry={() => void refetch()} />}
    </CustomerLayout>
  );
}
