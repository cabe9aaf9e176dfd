import { useSearchParams } from 'react-router';
import { hubApi } from '#web/features/hub/api.ts';
import { HubLayout } from '#web/features/hub/hub-layout.tsx';
import { LeaderboardView, periodFrom } from '#web/features/hub/leaderboard.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store, request }: PageLoaderArgs) {
  await store.dispatch(hubApi.endpoints.getHubLeaderboard.initiate(periodFrom(new URL(request.url).searchParams), { subscribe: false }));
  return null;
}

/** /play-and-earn/leaderboard: day, week and month, pseudonymous names. */
export default function LeaderboardPage() {
  const [search] = useSearchParams();
  const { lang } = useCurrentPage();
  return (
    <HubLayout page="leaderboard">
      <LeaderboardView period={periodFrom(search)} lang={lang} />
    </HubLayout>
  );
}
