import { useTranslation } from '#web/lib/i18n-react.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { defaultGraphArgs, GraphsView } from '#web/features/customer/graphs-view.tsx';
import { customerLogsApi } from '#web/features/customer/logs-api.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(customerLogsApi.endpoints.getGraph.initiate(defaultGraphArgs(), { subscribe: false }));
  return null;
}

/** /statistics/graph_captures */
export default function Page() {
  const { t } = useTranslation('customer');
  return (
    <CustomerLayout title={t('nav.items.graphs')} lead={t('graphs.lead')}>
      <GraphsView initial={defaultGraphArgs()} />
    </CustomerLayout>
  );
}
