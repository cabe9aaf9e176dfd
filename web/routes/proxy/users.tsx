import { useTranslation } from '#web/lib/i18n-react.ts';
import { proxyApi } from '#web/features/proxy/api.ts';
import { ProxyLayout } from '#web/features/proxy/proxy-layout.tsx';
import { SubUsers } from '#web/features/proxy/sub-users.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(proxyApi.endpoints.getProxySubUsers.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /proxy/users: sub-users. */
export default function Page() {
  const { t } = useTranslation('proxy');
  return (
    <ProxyLayout title={t('users.title')} lead={t('users.lead')}>
      <SubUsers />
    </ProxyLayout>
  );
}
