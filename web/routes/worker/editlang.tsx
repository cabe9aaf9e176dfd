import { Card } from '#web/components/ui/card.tsx';
import { useGetWorkerSummaryQuery, workerApi } from '#web/features/worker/api.ts';
import { LanguageForm } from '#web/features/worker/language-form.tsx';
import { LoadFailed, LoadingBlock } from '#web/features/worker/states.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { CabinetLayout } from './cabinet-layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(workerApi.endpoints.getWorkerSummary.initiate(undefined, { subscribe: false }));
  return null;
}

/** /cabinet/editlang: the languages the worker reads. */
export default function EditLanguagesPage() {
  const { data, error, isLoading, refetch } = useGetWorkerSummaryQuery();
  return (
    <CabinetLayout section="languages">
      {isLoading ? (
        <LoadingBlock lines={6} />
      ) : data ? (
        <Card>
          <LanguageForm initial={data.languages} />
        </Card>
      ) : (
        <LoadFailed error={error} onRetry={() => void refetch()} />
      )}
    </CabinetLayout>
  );
}
