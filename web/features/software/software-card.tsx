import { useTranslation } from '#web/lib/i18n-react.ts';
import type { SoftwareCard as Card } from '#shared/contracts/software.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';

/** "★ 4.5 (3 reviews)" or "No reviews yet". */
export function RatingText({ average, count }: { average: number | null; count: number }) {
  const { t, i18n } = useTranslation('software');
  if (average === null || count === 0) return <span className="muted">{t('rating.none')}</span>;
  return (
    <span className="software-rating">
      <span aria-hidden="true" className="software-rating__stars">
        {'★'.repeat(Math.round(average))}
        {'☆'.repeat(5 - Math.round(average))}
      </span>{' '}
      {t('rating.summary', { average: average.toLocaleString(i18n.language, { maximumFractionDigits: 1 }), count })}
    </span>
  );
}

export function SoftwareCardView({ software }: { software: Card }) {
  const { t } = useTranslation('software');
  return (
    <article className="software-card" data-testid={`software-${software.slug}`}>
      <div className="software-card__body">
        <h2 className="software-card__title">
          <LocalizedLink to={`/software/${software.slug}`}>{software.name}</LocalizedLink>
        </h2>
        <p className="software-card__summary">{software.summary}</p>
        <ul className="tag-list" aria-label={t('card.categories')}>
          {software.categories.map((c) => (
            <li key={c} className="tag">
              {t(`categories.${c}`)}
            </li>
          ))}
        </ul>
      </div>
      <footer className="software-card__meta">
        <RatingText average={software.rating.average} count={software.rating.count} />
        <Badge tone="neutral">{t(`priceModels.${software.priceModel}`)}</Badge>
        {software.usage > 0 && <span className="muted text-sm">{t('card.usage', { count: software.usage })}</span>}
      </footer>
    </article>
  );
}
