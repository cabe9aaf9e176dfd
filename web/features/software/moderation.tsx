import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { LISTING_STATUSES, REVIEW_STATUSES, type ListingStatus, type ModerationListing, type ModerationReview, type ReviewStatus } from '#shared/contracts/software.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useModerateListingMutation, useModerateReviewMutation, useModerationListingsQuery, useModerationReviewsQuery } from './api.ts';

function Tabs<T extends string>({ value, options, onChange, label }: { value: T; options: readonly T[]; onChange: (v: T) => void; label: (v: T) => string }) {
  return (
    <div className="software-tabs" role="group">
      {options.map((o) => (
        <button key={o} type="button" className="tag software-filter" aria-pressed={value === o} onClick={() => onChange(o)}>
          {label(o)}
        </button>
      ))}
    </div>
  );
}

/** Reject needs a reason the owner or reviewer will read. */
function RejectForm({ onReject, busy }: { onReject: (reason: string) => Promise<unknown>; busy: boolean }) {
  const { t } = useTranslation('software');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open)
    {return (
      <Button variant="primary-danger" onClick={() => setOpen(true)}>
        {t('moderation.reject')}
      </Button>
    );}
  return (
    <form
      className="software-reject"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim().length >= 3) void onReject(reason.trim());
      }}
    >
      <Field label={t('moderation.reason')} required>
        <TextInput value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} autoFocus />
      </Field>
      <Button type="submit" variant="primary-danger" disabled={busy || reason.trim().length < 3}>
        {t('moderation.confirmReject')}
      </Button>
    </form>
  );
}

function ListingItem({ item }: { item: ModerationListing }) {
  const { t } = useTranslation('software');
  const [moderate, state] = useModerateListingMutation();
  const [error, setError] = useState<string | null>(null);
  const act = async (action: 'approve' | 'reject' | 'hide', reason?: string) => {
    setError(null);
    const result = await moderate({ id: item.id, action, reason });
    if ('error' in result) setError(t('moderation.failed'));
  };
  return (
    <li className="software-mod-item" data-testid={`moderation-${item.slug}`}>
      <div className="software-mod-item__head">
        <h2 className="software-mod-item__title">
          <LocalizedLink to={`/software/${item.slug}`}>{item.name}</LocalizedLink>
        </h2>
        <Badge tone={item.status === 'published' ? 'success' : item.status === 'rejected' ? 'danger' : 'info'}>{t(`status.${item.status}`)}</Badge>
        {item.draft && <Badge tone="warning">{t('moderation.editWaiting')}</Badge>}
      </div>
      <p className="muted text-sm">
        {t('moderation.meta', { owner: item.owner ?? t('moderation.noOwner'), softId: item.softId ?? '—', date: formatDateTime(item.createdAt) })}
      </p>
      {item.rejectReason && <p className="text-sm">{t('moderation.lastReason', { reason: item.rejectReason })}</p>}
      <div className={item.draft ? 'software-mod-compare' : undefined}>
        <div className="stack stack--sm">
          {item.draft && <h3 className="software-side-title">{t('moderation.published')}</h3>}
          <p>{item.summary}</p>
          <div className="prose software-description" dangerouslySetInnerHTML={{ __html: item.descriptionHtml }} />
        </div>
        {item.draft && (
          <div className="stack stack--sm">
            <h3 className="software-side-title">{t('moderation.proposed')}</h3>
            <p>
              <strong>{item.draft.name}</strong>
            </p>
            <p>{item.draft.summary}</p>
            <div className="prose software-description" dangerouslySetInnerHTML={{ __html: item.draft.descriptionHtml }} />
          </div>
        )}
      </div>
      <div className="software-mod-actions">
        {(item.status !== 'published' || item.draft) && (
          <Button onClick={() => void act('approve')} disabled={state.isLoading}>
            {item.draft ? t('moderation.approveEdit') : t('moderation.approve')}
          </Button>
        )}
        {(item.status !== 'rejected' || item.draft) && <RejectForm busy={state.isLoading} onReject={(reason) => act('reject', reason)} />}
        {item.status !== 'hidden' && (
          <Button variant="secondary" onClick={() => void act('hide')} disabled={state.isLoading}>
            {t('moderation.hide')}
          </Button>
        )}
      </div>
      <FormMessage error={error} />
    </li>
  );
}

export function ListingModeration() {
  const { t } = useTranslation('software');
  const [status, setStatus] = useState<'queue' | ListingStatus>('queue');
  const list = useModerationListingsQuery({ status });
  return (
    <div className="stack stack--lg">
      <Tabs value={status} options={['queue', ...LISTING_STATUSES] as const} onChange={setStatus} label={(s) => (s === 'queue' ? t('moderation.queue') : t(`status.${s}`))} />
      {list.isError ? (
        <Banner tone="danger">{t('moderation.loadFailed')}</Banner>
      ) : !list.data ? (
        <LoadingBlock lines={4} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('moderation.emptyTitle')} description={t('moderation.emptyListings')} />
      ) : (
        <ul className="software-mod-list">
          {list.data.map((item) => (
            <ListingItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewItem({ item }: { item: ModerationReview }) {
  const { t } = useTranslation('software');
  const [moderate, state] = useModerateReviewMutation();
  const [error, setError] = useState<string | null>(null);
  const act = async (action: 'approve' | 'reject', reason?: string) => {
    const result = await moderate({ id: item.id, action, reason });
    if ('error' in result) setError(t('moderation.failed'));
  };
  const h = item.reviewer;
  return (
    <li className="software-mod-item" data-testid={`moderation-review-${item.id}`}>
      <div className="software-mod-item__head">
        <h2 className="software-mod-item__title">
          <LocalizedLink to={`/software/${item.software.slug}`}>{item.software.name}</LocalizedLink>
        </h2>
        <Badge tone="neutral">{t('rating.stars', { rating: item.rating, count: item.rating })}</Badge>
      </div>
      <p className="software-review__text">{item.text}</p>
      <p className="muted text-sm">
        {t('moderation.reviewer', { author: item.author, date: formatDateTime(h.registeredAt).slice(0, 10), reviews: h.reviews, published: h.published, rejected: h.rejected, tasks: h.tasksWithSoftware })}
      </p>
      {item.rejectReason && <p className="text-sm">{t('moderation.lastReason', { reason: item.rejectReason })}</p>}
      <div className="software-mod-actions">
        {item.status !== 'published' && (
          <Button onClick={() => void act('approve')} disabled={state.isLoading}>
            {t('moderation.approve')}
          </Button>
        )}
        {item.status !== 'rejected' && <RejectForm busy={state.isLoading} onReject={(reason) => act('reject', reason)} />}
      </div>
      <FormMessage error={error} />
    </li>
  );
}

export function ReviewModeration() {
  const { t } = useTranslation('software');
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const list = useModerationReviewsQuery({ status });
  return (
    <div className="stack stack--lg">
      <Tabs value={status} options={REVIEW_STATUSES} onChange={setStatus} label={(s) => t(`reviewStatus.${s}`)} />
      {list.isError ? (
        <Banner tone="danger">{t('moderation.loadFailed')}</Banner>
      ) : !list.data ? (
        <LoadingBlock lines={4} />
      ) : list.data.length === 0 ? (
        <EmptyState title={t('moderation.emptyTitle')} description={t('moderation.emptyReviews')} />
      ) : (
        <ul className="software-mod-list">
          {list.data.map((item) => (
            <ReviewItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
