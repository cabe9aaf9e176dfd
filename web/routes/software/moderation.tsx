import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { softwareApi } from '#web/features/software/api.ts';
import { ListingModeration } from '#web/features/software/moderation.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(softwareApi.endpoints.moderationListings.initiate({ status: 'queue' }, { subscribe: false }));
  return null;
}

/** /software/moderation: listings to approve, reject with a reason, or hide (moderators and admins). */
export default function SoftwareModerationPage() {
  const { t } = useTranslation('software');
  return (
    <div className="section">
      <title>{t('moderation.title')}</title>
      <div className="container stack stack--lg">
        <header className="stack stack--sm">
          <h1>{t('moderation.title')}</h1>
          <p className="lead">{t('moderation.lead')}</p>
          <p>
            <LocalizedLink to="/software/moderation/reviews">{t('moderation.toReviews')}</LocalizedLink>
          </p>
        </header>
        <ListingModeration />
      </div>
    </div>
  );
}
