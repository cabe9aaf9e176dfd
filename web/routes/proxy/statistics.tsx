import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import type { ProxyStatsQuery } from '#shared/contracts/proxy.ts';
import { proxyApi } from '#web/features/proxy/api.ts';
import { ProxyLayout } from '#web/features/proxy/proxy-layout.tsx';
import { ProxyStatistics } from '#web/features/proxy/statistics.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function rangeOf(params: URLSearchParams): ProxyStatsQuery {
  const from = params.get('from');
  const to = params.get('to');
  return { ...(from && DAY.test(from) ? { from } : {}), ...(to && DAY.test(to) ? { to } : {}) };
}

export async function loader({ store, request }: PageLoaderArgs) {
  await store.dispatch(proxyApi.endpoints.getProxyStatistics.initiate(rangeOf(new URL(request.url).searchParams), { subscribe: false, forceRefetch: true }));
  return null;
}

/** /proxy/statistics: traffic per day and sub-user. */
export default function Page() {
  const { t } = useTranslation('proxy');
  const [params] = useSearchParams();
  return (
    <ProxyLayout title={t('stats.title')} lead={t('stats.lead')}>
      <ProxyStatistics initial={rangeOf(params)} />
    </ProxyLayout>
  );
}
