import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { softwareApi } from '#web/features/software/api.ts';
import { ReviewModeration } from '#web/features/software/moderation.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(softwareApi.endpoints.moderationReviews.initiate({ status: 'pending' }, { subscribe: false }));
  return null;
}

/** /software/moderation/reviews: reviews to approve or reject, with each reviewer's history. */
export default function ReviewModerationPage() {
  const { t } = useTranslation('software');
  return (
    <div className="section">
      <title>{t('moderation.reviewsTitle')}</title>
      <div className="container stack stack--lg">
        <header className="stack stack--sm">
          <h1>{t('moderation.reviewsTitle')}</h1>
          <p className="lead">{t('moderation.reviewsLead')}</p>
          <p>
            <LocalizedLink to="/software/moderation">{t('moderation.toListings')}</LocalizedLink>
          </p>
        </header>
        <ReviewModeration />
      </div>
    </div>
  );
}
