import { redirect } from 'react-router';
import { localizedPath } from '#shared/i18n/routing.ts';
import { HubLayout } from '#web/features/hub/hub-layout.tsx';
import { PracticeRound } from '#web/features/hub/practice.tsx';
import { userApi } from '#web/features/user/api.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';

/** Signed-in workers have real tasks waiting: they go to the cabinet. */
export function loader({ store, lang }: PageLoaderArgs) {
  const { hasSession, hostLanguage } = store.getState().app;
  const user = hasSession ? userApi.endpoints.getUser.select()(store.getState()).data : undefined;
  if (user?.profile.userType === 'worker') throw redirect(localizedPath(lang, '/cabinet', hostLanguage));
  return null;
}

/** /play-and-earn/play: a practice round in the browser with a score, then the invitation to register. */
export default function PlayPage() {
  return (
    <HubLayout page="play">
      <PracticeRound />
    </HubLayout>
  );
}
