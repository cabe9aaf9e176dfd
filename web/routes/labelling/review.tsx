import { useTranslation } from '#web/lib/i18n-react.ts';
import { ReviewQueue } from '#web/features/labelling/review.tsx';

/** /data/review: labelling disputes for trusted workers and staff. */
export default function LabellingReviewPage() {
  const { t } = useTranslation('labelling');
  return (
    <>
      <title>{t('review.title')}</title>
      <div className="section">
        <div className="container stack stack--lg">
          <header className="stack stack--sm">
            <h1>{t('review.title')}</h1>
            <p className="text-secondary">{t('review.lead')}</p>
          </header>
          <ReviewQueue />
        </div>
      </div>
    </>
  );
}
