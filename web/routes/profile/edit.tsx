import { profileApi, useGetProfileQuery } from '#web/features/profile/api.ts';
import { ChangeEmailForm, ProfileDetailsForm } from '#web/features/profile/edit-forms.tsx';
import { ProfileLayout } from '#web/features/profile/profile-layout.tsx';
import { LoadFailed, LoadingBlock } from '#web/features/profile/states.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(profileApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
  return null;
}

export default function ProfileEditPage() {
  const { data: profile, error, isLoading, refetch } = useGetProfileQuery();
  return (
    <ProfileLayout section="edit">
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
    </ProfileLayout>
  );
}
