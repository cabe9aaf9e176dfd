import { profileApi, useGetProfileQuery } from '#web/features/profile/api.ts';
import { ProfileLayout } from '#web/features/profile/profile-layout.tsx';
import { LoadFailed, LoadingBlock } from '#web/features/profile/states.tsx';
import { TwoFactorPanel } from '#web/features/profile/two-factor.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(profileApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
  return null;
}

export default function ProfileAuthenticationPage() {
  const { data: profile, error, isLoading, refetch } = useGetProfileQuery();
  return (
    <ProfileLayout section="security">
      {isLoading ? (
        <LoadingBlock />
      ) : !profile ? (
        <LoadFailed error={error} onRetry={() => void refetch()} />
      ) : (
        <TwoFactorPanel enabled={profile.twoFactorEnabled} email={profile.email} />
      )}
    </ProfileLayout>
  );
}
