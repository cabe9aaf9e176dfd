import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { Review, SoftwareDetail } from '#shared/contracts/software.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { apiErrorCode } from '#web/store/api.ts';
import { useAddReviewMutation, useEditReviewMutation, useReplyToReviewMutation, useReviewsQuery } from './api.ts';

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('software');
  return (
    <span className="software-rating__stars" role="img" aria-label={t('rating.stars', { rating, count: rating })}>
      {'★'.repeat(rating)}
      {'☆'.repeat(5 - rating)}
    </span>
  );
}

function RatingInput({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  const { t } = useTranslation('software');
  const name = useId();
  return (
    <fieldset className="software-rating-input">
      <legend className="field__label">{t('reviews.form.rating')}</legend>
      <div className="software-rating-input__options">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="software-rating-input__option">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
            <span>{t('rating.stars', { rating: n, count: n })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ReviewForm({ software, existing, onDone }: { software: SoftwareDetail; existing: Review | null; onDone?: () => void }) {
  const { t } = useTranslation('software');
  const [rating, setRating] = useState(existing?.rating ?? 5);
  const [text, setText] = useState(existing?.text ?? '');
  const [add, addState] = useAddReviewMutation();
  const [edit, editState] = useEditReviewMutation();
  const [error, setError] = useState<string | null>(null);
  const busy = addState.isLoading || editState.isLoading;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (text.trim().length < 10) return setError(t('reviews.form.tooShort'));
    const result = existing ? await edit({ id: existing.id, review: { rating, text } }) : await add({ softwareId: software.id, review: { rating, text } });
    if ('error' in result) {
      const code = apiErrorCode(result.error);
      setError(code === 'CONFLICT' ? t('reviews.form.already') : code === 'FORBIDDEN' ? t('reviews.form.notAllowed') : t('reviews.form.failed'));
      return;
    }
    onDone?.();
  };
  return (
    <form className="software-review-form stack" onSubmit={submit} aria-label={existing ? t('reviews.form.editTitle') : t('reviews.form.title')}>
      <RatingInput value={rating} onChange={setRating} />
      <Field label={t('reviews.form.text')} hint={t('reviews.form.hint')} required>
        <textarea className="input textarea" rows={4} maxLength={3000} value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
      <FormMessage error={error} />
      <div>
        <Button type="submit" disabled={busy}>
          {existing ? t('reviews.form.saveEdit') : t('reviews.form.submit')}
        </Button>
      </div>
    </form>
  );
}

function ReplyForm({ review }: { review: Review }) {
  const { t } = useTranslation('software');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [reply, state] = useReplyToReviewMutation();
  const [error, setError] = useState<string | null>(null);
  if (!open)
    {return (
      <Button variant="tertiary" onClick={() => setOpen(true)}>
        {t('reviews.reply.open')}
      </Button>
    );}
  return (
    <form
      className="stack"
      onSubmit={async (e) => {
        e.preventDefault();
        const result = await reply({ id: review.id, text });
        if ('error' in result) setError(apiErrorCode(result.error) === 'CONFLICT' ? t('reviews.reply.already') : t('reviews.reply.failed'));
      }}
    >
      <Field label={t('reviews.reply.label')} required>
        <textarea className="input textarea" rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
      <FormMessage error={error} />
      <div>
        <Button type="submit" disabled={state.isLoading || text.trim().length < 2}>
          {t('reviews.reply.submit')}
        </Button>
      </div>
    </form>
  );
}

function ReviewItem({ review, canReply }: { review: Review; canReply: boolean }) {
  const { t } = useTranslation('software');
  return (
    <li className="software-review" data-testid={`review-${review.id}`}>
      <div className="software-review__head">
        <Stars rating={review.rating} />
        <span className="software-review__author">{review.author}</span>
        <time className="muted text-sm" dateTime={review.createdAt}>
          {formatDateTime(review.createdAt).slice(0, 10)}
        </time>
      </div>
      <p className="software-review__text">{review.text}</p>
      {review.reply ? (
        <div className="software-review__reply">
          <strong>{t('reviews.reply.fromOwner')}</strong>
          <p>{review.reply.text}</p>
        </div>
      ) : (
        canReply && <ReplyForm review={review} />
      )}
    </li>
  );
}

/** Published reviews (paged by appending), the viewer's own review and its state, and the form. */
export function Reviews({ software }: { software: SoftwareDetail }) {
  const { t } = useTranslation('software');
  const [page, setPage] = useState(0);
  const list = useReviewsQuery({ slug: software.slug, page });
  const [editing, setEditing] = useState(false);
  const mine = software.viewer.myReview;
  const signedIn = software.viewer.isOwner || software.viewer.isStaff || software.viewer.canReview || mine !== null;
  return (
    <section className="stack" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t('reviews.title')}</h2>
      {mine && !editing && (
        <Banner tone={mine.status === 'published' ? 'success' : mine.status === 'rejected' ? 'danger' : 'info'}>
          <p>
            {t(`reviews.mine.${mine.status}`)} <Badge tone="neutral">{t('rating.stars', { rating: mine.rating, count: mine.rating })}</Badge>
          </p>
          <p className="software-review__text">{mine.text}</p>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('reviews.mine.edit')}
          </Button>
        </Banner>
      )}
      {mine && editing && <ReviewForm software={software} existing={mine} onDone={() => setEditing(false)} />}
      {!mine && software.viewer.canReview && <ReviewForm software={software} existing={null} />}
      {!mine && !software.viewer.canReview && !software.viewer.isOwner && (
        <p className="muted">
          {signedIn ? (
            t('reviews.whoMay')
          ) : (
            <LocalizedLink to={`/auth/login?return_to=${encodeURIComponent(`/software/${software.slug}`)}`}>{t('reviews.signIn')}</LocalizedLink>
          )}
        </p>
      )}
      {list.isError && !list.data ? (
        <Banner tone="danger">{t('reviews.error')}</Banner>
      ) : !list.data ? (
        <LoadingBlock lines={2} />
      ) : list.data.records.length === 0 ? (
        <p className="muted">{t('reviews.empty')}</p>
      ) : (
        <>
          <ul className="software-reviews">
            {list.data.records.map((r) => (
              <ReviewItem key={r.id} review={r} canReply={software.viewer.isOwner} />
            ))}
          </ul>
          {list.data.hasMore && (
            <Button variant="secondary" disabled={list.isFetching} onClick={() => setPage(Math.ceil(list.data!.records.length / list.data!.pageSize))}>
              {t('reviews.more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
