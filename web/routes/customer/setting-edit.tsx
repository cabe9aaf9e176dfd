import { useTranslation } from '#web/lib/i18n-react.ts';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { LoadFailed } from '#web/features/customer/states.tsx';
import { profileApi, useGetProfileQuery } from '#web/features/profile/api.ts';
import { ChangeEmailForm, ProfileDetailsForm } from '#web/features/profile/edit-forms.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(profileApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
  return null;
}

/**
 * /setting/edit: the customer's account details (name, time zone — which also sets the
 * dashboard's "today" — and e-mail), the same forms as /profile/edit inside the customer console.
 */
export default function SettingEditPage() {
  const { t } = useTranslation('customer');
  const { data: profile, error, isLoading, refetch } = useGetProfileQuery();
  return (
    <CustomerLayout title={t('settings.account.heading')} lead={t('settings.account.lead')}>
      {isLoading ? (
        <LoadingBlock />
      ) : !profile ? (
        <LoadFailed error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="stack stack--lg">
          <ProfileDetailsForm profile={profile} />
          <ChangeEmailForm profile={profile} />
        </div>
      )}
    </CustomerLayout>
  );
}
