import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { OwnListing } from '#shared/contracts/software.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { softwareApi, useCreateListingMutation, useMyListingsQuery } from '#web/features/software/api.ts';
import { EMPTY_LISTING, ListingForm } from '#web/features/software/listing-form.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(softwareApi.endpoints.myListings.initiate(undefined, { subscribe: false }));
  return null;
}

/** /software/add: submit a listing; its soft_id is issued at once. Also the developer's list of their own. */
export default function AddSoftwarePage() {
  const { t } = useTranslation('software');
  const [create, state] = useCreateListingMutation();
  const [created, setCreated] = useState<OwnListing | null>(null);
  const mine = useMyListingsQuery();
  return (
    <div className="section">
      <title>{t('add.title')}</title>
      <div className="container container--narrow stack stack--lg">
        <header className="stack stack--sm">
          <h1>{t('add.title')}</h1>
          <p className="lead">{t('add.lead')}</p>
        </header>
        {created ? (
          <Banner tone="success">
            <h2 className="software-side-title">{t('add.done.title', { name: created.input.name })}</h2>
            <p>
              {t('add.done.softId')} <strong className="software-softid" data-testid="soft-id">{created.softId}</strong> <CopyButton value={String(created.softId)} label={t('add.done.copy')} copiedLabel={t('add.done.copied')} failedLabel={t('add.done.copyFailed')} />
            </p>
            <p>{t('add.done.how')}</p>
            <p className="software-detail__owner-links">
              <LocalizedLink to={`/software/${created.slug}`}>{t('add.done.view')}</LocalizedLink>
              <LocalizedLink to={`/software/${created.slug}/edit`}>{t('add.done.screenshots')}</LocalizedLink>
            </p>
          </Banner>
        ) : (
          <ListingForm
            initial={EMPTY_LISTING}
            submitLabel={t('add.submit')}
            busy={state.isLoading}
            onSubmit={async (input) => {
              const result = await create(input);
              if ('data' in result && result.data) setCreated(result.data);
              return result;
            }}
          />
        )}
        {mine.data && mine.data.length > 0 && (
          <section className="stack" aria-labelledby="mine-title">
            <h2 id="mine-title">{t('add.mine')}</h2>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t('add.columns.name')}</th>
                    <th scope="col">soft_id</th>
                    <th scope="col">{t('add.columns.status')}</th>
                    <th scope="col">{t('add.columns.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {mine.data.map((l) => (
                    <tr key={l.id}>
                      <td>
                        <LocalizedLink to={`/software/${l.slug}`}>{l.published?.name ?? l.input.name}</LocalizedLink>
                      </td>
                      <td className="num">{l.softId}</td>
                      <td>
                        {t(`status.${l.status}`)}
                        {l.pendingEdit && ` · ${t('moderation.editWaiting')}`}
                      </td>
                      <td className="software-detail__owner-links">
                        <LocalizedLink to={`/software/${l.slug}/edit`}>{t('detail.owner.edit')}</LocalizedLink>
                        <LocalizedLink to={`/software/statistic/${l.slug}`}>{t('detail.owner.statistics')}</LocalizedLink>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
