import { useTranslation } from '#web/lib/i18n-react.ts';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { customerApi, useGetApiSettingsQuery } from '#web/features/customer/api.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { ApiSettingsForm, DeveloperCard } from '#web/features/customer/settings.tsx';
import { LoadFailed } from '#web/features/customer/states.tsx';
import { ApiKeyCard } from '#web/features/profile/api-key.tsx';
import { profileApi, useGetProfileQuery } from '#web/features/profile/api.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await Promise.all([
    store.dispatch(profileApi.endpoints.getProfile.initiate(undefined, { subscribe: false })),
    store.dispatch(customerApi.endpoints.getApiSettings.initiate(undefined, { subscribe: false })),
    store.dispatch(customerApi.endpoints.listSoftware.initiate(undefined, { subscribe: false })),
  ]);
  return null;
}

/** /setting: the API key (copy, rotate), maximum bid, sandbox, default language, soft_id. */
export default function SettingPage() {
  const { t } = useTranslation('customer');
  const { lang } = useCurrentPage();
  const profile = useGetProfileQuery();
  const settings = useGetApiSettingsQuery();
  return (
    <CustomerLayout title={t('settings.api.heading')} lead={t('settings.api.lead')}>
      <div className="stack stack--lg">
        {profile.isLoading ? <LoadingBlock lines={1} /> : profile.data ? <ApiKeyCard apiKey={profile.data.apiKey} /> : <LoadFailed error={profile.error} onRetry={() => void profile.refetch()} />}
        {settings.isLoading ? (
          <LoadingBlock />
        ) : settings.data ? (
          <ApiSettingsForm settings={settings.data} lang={lang} />
        ) : (
          <LoadFailed error={settings.error} onRetry={() => void settings.refetch()} />
        )}
        <DeveloperCard />
      </div>
    </CustomerLayout>
  );
}
