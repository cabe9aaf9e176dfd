import { useTranslation } from '#web/lib/i18n-react.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { customerLogsApi } from '#web/features/customer/logs-api.ts';
import { PingbackLog } from '#web/features/customer/logs-views.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(customerLogsApi.endpoints.listPingbacks.initiate(undefined, { subscribe: false }));
  return null;
}

/** /setting/pingback_log */
export default function Page() {
  const { t } = useTranslation('customer');
  return (
    <CustomerLayout title={t('nav.items.pingbackLog')} lead={t('logs.pingbacks.lead')}>
      <PingbackLog />
    </CustomerLayout>
  );
}
