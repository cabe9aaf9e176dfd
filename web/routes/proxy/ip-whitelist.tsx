import { useTranslation } from '#web/lib/i18n-react.ts';
import { proxyApi } from '#web/features/proxy/api.ts';
import { ProxyLayout } from '#web/features/proxy/proxy-layout.tsx';
import { IpWhitelist } from '#web/features/proxy/whitelist.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await Promise.all([
    store.dispatch(proxyApi.endpoints.getProxyWhitelist.initiate(undefined, { subscribe: false, forceRefetch: true })),
    store.dispatch(proxyApi.endpoints.getProxySubUsers.initiate(undefined, { subscribe: false, forceRefetch: true })),
  ]);
  return null;
}

/** /proxy/ip-whitelist: addresses allowed without a password. */
export default function Page() {
  const { t } = useTranslation('proxy');
  return (
    <ProxyLayout title={t('whitelist.title')} lead={t('whitelist.lead')}>
      <IpWhitelist />
    </ProxyLayout>
  );
}
