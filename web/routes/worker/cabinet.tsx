import { useGetWorkerSummaryQuery, workerApi } from '#web/features/worker/api.ts';
import { LoadFailed } from '#web/features/worker/states.tsx';
import { WorkDesk } from '#web/features/worker/work-desk.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { CabinetLayout } from './cabinet-layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(workerApi.endpoints.getWorkerSummary.initiate(undefined, { subscribe: false }));
  return null;
}

/** /cabinet: live work, one task at a time. */
export default function CabinetPage() {
  const { lang } = useCurrentPage();
  const { data: summary, error, refetch } = useGetWorkerSummaryQuery();
  return (
    <CabinetLayout section="work">
      {error && !summary && <LoadFailed error={error} onRetry={() => void refetch()} />}
      <WorkDesk summary={summary} lang={lang} />
    </CabinetLayout>
  );
}
