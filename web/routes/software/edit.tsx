import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { data, useParams } from 'react-router';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';
import { softwareApi, useMyListingQuery, useUpdateListingMutation } from '#web/features/software/api.ts';
import { ListingForm, ScreenshotsEditor } from '#web/features/software/listing-form.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { apiErrorCode } from '#web/store/api.ts';

export async function loader({ store, params }: PageLoaderArgs) {
  const result = await store.dispatch(softwareApi.endpoints.myListing.initiate({ slug: params.slug ?? '' }, { subscribe: false }));
  if (result.error && apiErrorCode(result.error) === 'NOT_FOUND') throw data(null, { status: 404 });
  return null;
}

/** /software/{slug}/edit: the owner's editor; edits of a published listing wait for moderation. */
export default function EditSoftwarePage() {
  const { t } = useTranslation('software');
  const { slug = '' } = useParams();
  const q = useMyListingQuery({ slug });
  const [update, state] = useUpdateListingMutation();
  const [saved, setSaved] = useState<string | null>(null);
  const listing = q.data;
  return (
    <div className="section">
      <title>{t('edit.title', { name: listing?.published?.name ?? listing?.input.name ?? slug })}</title>
      <div className="container container--narrow stack stack--lg">
        <header className="stack stack--sm">
          <p className="muted text-sm">
            <LocalizedLink to={`/software/${slug}`}>{t('statistics.back', { name: listing?.published?.name ?? slug })}</LocalizedLink>
          </p>
          <h1>{t('edit.title', { name: listing?.published?.name ?? listing?.input.name ?? slug })}</h1>
          {listing && <p className="lead">{t('edit.softId', { softId: listing.softId ?? '—' })}</p>}
        </header>
        {!listing ? (
          q.isError ? <Banner tone="danger">{t('detail.error')}</Banner> : <LoadingBlock lines={8} />
        ) : (
          <>
            {listing.pendingEdit && <Banner tone="info">{t('edit.pendingEdit')}</Banner>}
            {listing.status === 'rejected' && listing.rejectReason && <Banner tone="danger">{t('detail.owner.rejected', { reason: listing.rejectReason })}</Banner>}
            {(listing.status === 'published' || listing.status === 'hidden') && <p className="muted">{t('edit.publishedNote')}</p>}
            <ListingForm
              key={listing.id + (listing.pendingEdit ? '-draft' : '')}
              initial={listing.input}
              submitLabel={t('edit.submit')}
              busy={state.isLoading}
              onSubmit={async (input) => {
                setSaved(null);
                const result = await update({ id: listing.id, software: input });
                if ('data' in result && result.data) setSaved(result.data.pendingEdit ? t('edit.savedPending') : t('edit.saved'));
                return result;
              }}
            />
            <FormMessage success={saved} />
            <ScreenshotsEditor listing={listing} />
          </>
        )}
      </div>
    </div>
  );
}
