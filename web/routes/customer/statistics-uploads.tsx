import { useTranslation } from '#web/lib/i18n-react.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { customerLogsApi } from '#web/features/customer/logs-api.ts';
import { UploadsTable } from '#web/features/customer/uploads-table.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(customerLogsApi.endpoints.listUploads.initiate(undefined, { subscribe: false }));
  return null;
}

/** /statistics/uploads */
export default function Page() {
  const { t } = useTranslation('customer');
  return (
    <CustomerLayout title={t('nav.items.uploads')} lead={t('uploads.lead')}>
      <UploadsTable />
    </CustomerLayout>
  );
}
