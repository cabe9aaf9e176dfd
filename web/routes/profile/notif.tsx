import { profileApi, useGetProfileQuery } from '#web/features/profile/api.ts';
import { NotificationsForm } from '#web/features/profile/notifications.tsx';
import { ProfileLayout } from '#web/features/profile/profile-layout.tsx';
import { LoadFailed, LoadingBlock } from '#web/features/profile/states.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(profileApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
  return null;
}

export default function ProfileNotificationsPage() {
  const { data: profile, error, isLoading, refetch } = useGetProfileQuery();
  return (
    <ProfileLayout section="notifications">
      {isLoading ? (
        <LoadingBlock lines={5} />
      ) : !profile ? (
        <LoadFailed error={error} onRetry={() => void refetch()} />
      ) : (
        <NotificationsForm initial={profile.notifications} />
      )}
    </ProfileLayout>
  );
}
