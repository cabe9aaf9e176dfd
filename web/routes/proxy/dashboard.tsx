import { useTranslation } from '#web/lib/i18n-react.ts';
import { proxyApi } from '#web/features/proxy/api.ts';
import { ProxyDashboard } from '#web/features/proxy/dashboard.tsx';
import { ProxyLayout } from '#web/features/proxy/proxy-layout.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await Promise.all([
    store.dispatch(proxyApi.endpoints.getProxyOverview.initiate(undefined, { subscribe: false, forceRefetch: true })),
    store.dispatch(proxyApi.endpoints.getProxySubUsers.initiate(undefined, { subscribe: false, forceRefetch: true })),
    store.dispatch(proxyApi.endpoints.getProxyPrices.initiate({ currency: 'USD' }, { subscribe: false })),
  ]);
  return null;
}

/** /proxy: the proxy console's dashboard. */
export default function Page() {
  const { t } = useTranslation('proxy');
  return (
    <ProxyLayout title={t('dashboard.title')} lead={t('dashboard.lead')}>
      <ProxyDashboard />
    </ProxyLayout>
  );
}
