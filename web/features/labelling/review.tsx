import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { labellingReviewApi, reviewImageUrl, type LabelBox, type ReviewItem } from './projects-api.ts';

/** Disputed items for trusted reviewers: keep the agreed boxes and pick which disputed ones are right. */
export function ReviewQueue() {
  const { t } = useTranslation('labelling');
  const q = labellingReviewApi.useLabellingReviewQuery();
  if (q.isError) return <Banner tone="danger">{t('review.loadError')}</Banner>;
  if (!q.data) return <LoadingBlock lines={4} />;
  if (!q.data.reviewer) return <Banner tone="info">{t('review.notReviewer')}</Banner>;
  if (!q.data.items.length) return <EmptyState title={t('review.emptyTitle')} description={t('review.emptyText')} />;
  return (
    <ul className="lab-review">
      {q.data.items.map((item) => (
        <li key={item.itemId}>
          <ReviewCard item={item} />
        </li>
      ))}
    </ul>
  );
}

function ReviewCard({ item }: { item: ReviewItem }) {
  const { t } = useTranslation('labelling');
  const [resolve, st] = labellingReviewApi.useResolveLabellingReviewMutation();
  const candidates: LabelBox[] = item.disputes.flatMap((d) => (d.boxes ?? []).map((b) => b.box));
  const [keep, setKeep] = useState<boolean[]>(() => candidates.map(() => false));
  const stroke = Math.max(2, item.width / 200);
  return (
    <Card as="article" className="stack">
      <p>{item.instructions}</p>
      <div className="lab-gallery__picture lab-review__picture">
        <img src={reviewImageUrl(item.itemId)} alt={t('review.imageAlt')} width={item.width} height={item.height} />
        <svg viewBox={`0 0 ${item.width} ${item.height}`} preserveAspectRatio="none" aria-hidden="true">
          {item.agreed.map((b, i) => (
            <rect key={`a${i}`} x={b.x1} y={b.y1} width={b.x2 - b.x1} height={b.y2 - b.y1} className={`lab-box lab-box--c${b.cls % 6}`} strokeWidth={stroke} />
          ))}
          {candidates.map((b, i) => (
            <rect key={`d${i}`} x={b.x1} y={b.y1} width={b.x2 - b.x1} height={b.y2 - b.y1} className={`lab-box lab-box--c${b.cls % 6}`} strokeWidth={stroke} strokeDasharray={keep[i] ? undefined : `${stroke * 3} ${stroke * 2}`} />
          ))}
        </svg>
      </div>
      <p className="text-sm text-secondary">{t('review.agreed', { count: item.agreed.length })}</p>
      <fieldset className="stack stack--sm lab-review__choices">
        <legend>{t('review.disputed')}</legend>
        {candidates.map((b, i) => (
          <label key={i} className="lab-check">
            <input type="checkbox" checked={keep[i]} onChange={(e) => setKeep((k) => k.map((v, j) => (j === i ? e.target.checked : v)))} />
            {t('review.candidate', { n: i + 1, label: item.classes[b.cls] ?? '', x: Math.round(b.x1), y: Math.round(b.y1), w: Math.round(b.x2 - b.x1), h: Math.round(b.y2 - b.y1) })}
          </label>
        ))}
      </fieldset>
      {st.isError && <Banner tone="danger">{t('projects.errors.other')}</Banner>}
      <div>
        <Button disabled={st.isLoading} onClick={() => resolve({ itemId: item.itemId, boxes: [...item.agreed, ...candidates.filter((_, i) => keep[i])] })}>
          {t('review.save')}
        </Button>
      </div>
    </Card>
  );
}
