import { useGetTrainingQuery, workerApi } from '#web/features/worker/api.ts';
import { LoadFailed, LoadingBlock } from '#web/features/worker/states.tsx';
import { RestartTrainingButton, TrainingView } from '#web/features/worker/training.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { CabinetLayout } from './cabinet-layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(workerApi.endpoints.getTraining.initiate(undefined, { subscribe: false }));
  return null;
}

/** /cabinet/training: practice with hints and answers, then the exam that unlocks real tasks. */
export default function TrainingPage() {
  const { data, error, isLoading, refetch } = useGetTrainingQuery();
  return (
    <CabinetLayout section="training" actions={data ? <RestartTrainingButton /> : undefined}>
      {isLoading ? <LoadingBlock lines={4} height="12rem" /> : data ? <TrainingView training={data} /> : <LoadFailed error={error} onRetry={() => void refetch()} />}
    </CabinetLayout>
  );
}
