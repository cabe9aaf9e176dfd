import { hubApi } from '#web/features/hub/api.ts';
import { HubLayout } from '#web/features/hub/hub-layout.tsx';
import { HubProfileView } from '#web/features/hub/profile.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(hubApi.endpoints.getHubProfile.initiate(undefined, { subscribe: false }));
  return null;
}

/** /play-and-earn/profile: the signed-in worker's level, badges, streak, accuracy and rewards. */
export default function HubProfilePage() {
  const { lang } = useCurrentPage();
  return (
    <HubLayout page="profile">
      <HubProfileView lang={lang} />
    </HubLayout>
  );
}
