import { useTranslation } from '#web/lib/i18n-react.ts';
import { moderationApi } from '#web/features/moderation/api.ts';
import { FlaggedExams } from '#web/features/moderation/flagged-exams.tsx';
import { ReviewQueue } from '#web/features/moderation/review-queue.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await Promise.all([
    store.dispatch(moderationApi.endpoints.blockedWorkers.initiate(undefined, { subscribe: false })),
    store.dispatch(moderationApi.endpoints.flaggedExams.initiate(undefined, { subscribe: false })),
  ]);
  return null;
}

/** /p/moderator: the review queue of paused workers and the flagged training exams (moderators and admins). */
export default function ModeratorPage() {
  const { t } = useTranslation('moderation');
  return (
    <div className="console-page">
      <title>{t('meta.title')}</title>
      <div className="container stack">
        <header className="console__header">
          <div className="console__heading">
            <h1 className="console__title">{t('title')}</h1>
          </div>
        </header>
        <ReviewQueue />
        <FlaggedExams />
      </div>
    </div>
  );
}
