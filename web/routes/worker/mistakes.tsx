import { useGetMistakesQuery, workerApi } from '#web/features/worker/api.ts';
import { MistakesTable } from '#web/features/worker/mistakes-table.tsx';
import { LoadFailed, LoadingBlock } from '#web/features/worker/states.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { CabinetLayout } from './cabinet-layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(workerApi.endpoints.getMistakes.initiate(undefined, { subscribe: false }));
  return null;
}

/** /cabinet/mistakes: answers customers reported as wrong. */
export default function MistakesPage() {
  const { data, error, isLoading, refetch } = useGetMistakesQuery();
  return (
    <CabinetLayout section="mistakes">
      {isLoading ? <LoadingBlock lines={5} /> : data ? <MistakesTable rows={data} /> : <LoadFailed error={error} onRetry={() => void refetch()} />}
    </CabinetLayout>
  );
}
