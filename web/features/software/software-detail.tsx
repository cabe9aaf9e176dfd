import { useTranslation } from '#web/lib/i18n-react.ts';
import type { SoftwareDetail } from '#shared/contracts/software.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Reviews } from './reviews.tsx';
import { RatingText, SoftwareCardView } from './software-card.tsx';

const STATUS_TONE = { pending: 'info', published: 'success', rejected: 'danger', hidden: 'warning' } as const;

/** /software/{slug}: the entry, rating summary, reviews, related software and articles. */
export function SoftwareDetailView({ software }: { software: SoftwareDetail }) {
  const { t } = useTranslation('software');
  const v = software.viewer;
  const links = [
    ['site', software.links.site],
    ['repository', software.links.repository],
    ['download', software.links.download],
  ].filter((x): x is [string, string] => !!x[1]);
  return (
    <div className="software-detail">
      <div className="software-detail__main stack stack--lg">
        <header className="stack stack--sm">
          <p className="muted text-sm">
            <LocalizedLink to="/software">{t('detail.back')}</LocalizedLink>
          </p>
          <h1>{software.name}</h1>
          <p className="lead">{software.summary}</p>
          <div className="software-detail__facts">
            <RatingText average={software.rating.average} count={software.rating.count} />
            <Badge tone="neutral">{t(`priceModels.${software.priceModel}`)}</Badge>
            {software.status !== 'published' && <Badge tone={STATUS_TONE[software.status]}>{t(`status.${software.status}`)}</Badge>}
          </div>
        </header>

        {(v.isOwner || v.isStaff) && (
          <Banner tone={software.status === 'rejected' ? 'danger' : 'info'}>
            {v.softId !== null && <p>{t('detail.owner.softId', { softId: v.softId })}</p>}
            {software.status === 'pending' && <p>{t('detail.owner.pending')}</p>}
            {software.status === 'rejected' && v.rejectReason && <p>{t('detail.owner.rejected', { reason: v.rejectReason })}</p>}
            {v.pendingEdit && <p>{t('detail.owner.pendingEdit')}</p>}
            {v.isOwner && (
              <p className="software-detail__owner-links">
                <LocalizedLink to={`/software/${software.slug}/edit`}>{t('detail.owner.edit')}</LocalizedLink>
                <LocalizedLink to={`/software/statistic/${software.slug}`}>{t('detail.owner.statistics')}</LocalizedLink>
              </p>
            )}
          </Banner>
        )}
        {!software.claimed && <p className="muted text-sm">{t('detail.unclaimed')}</p>}

        {software.screenshots.length > 0 && (
          <ul className="software-shots" aria-label={t('detail.screenshots')}>
            {software.screenshots.map((s, i) => (
              <li key={s.id}>
                <a href={s.src} target="_blank" rel="noopener">
                  <img src={s.thumb} width={400} height={Math.round((400 * s.height) / s.width)} alt={t('detail.screenshotAlt', { name: software.name, n: i + 1 })} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}

        {software.descriptionHtml ? (
          // Sanitised on the server (rehype-sanitize): no raw HTML, no handlers, no script URLs.
          <div className="prose software-description" dangerouslySetInnerHTML={{ __html: software.descriptionHtml }} />
        ) : (
          <p className="muted">{t('detail.noDescription')}</p>
        )}

        <Reviews software={software} />
      </div>

      <aside className="software-detail__side stack">
        {links.length > 0 && (
          <div className="stack stack--sm">
            {links.map(([kind, href]) => (
              <a key={kind} className={buttonClassName(kind === 'download' ? 'primary' : 'secondary', 'md', 'btn--block')} href={href} target="_blank" rel="noopener nofollow ugc">
                {t(`detail.links.${kind}`)}
              </a>
            ))}
          </div>
        )}
        <dl className="software-facts">
          <dt>{t('detail.categories')}</dt>
          <dd>{software.categories.map((c) => t(`categories.${c}`)).join(', ')}</dd>
          {software.platforms.length > 0 && (
            <>
              <dt>{t('detail.platforms')}</dt>
              <dd>{software.platforms.map((p) => t(`platforms.${p}`)).join(', ')}</dd>
            </>
          )}
          {software.languages.length > 0 && (
            <>
              <dt>{t('detail.languages')}</dt>
              <dd>{software.languages.map((l) => l.toUpperCase()).join(', ')}</dd>
            </>
          )}
          <dt>{t('detail.captchaTypes')}</dt>
          <dd>
            {software.captchaTypes.length ? (
              <ul className="tag-list">
                {software.captchaTypes.map((c) => (
                  <li key={c} className="tag">
                    {t(`pricing:types.${c}`, { defaultValue: c })}
                  </li>
                ))}
              </ul>
            ) : (
              t('detail.noTypes')
            )}
          </dd>
        </dl>
        <p>
          <LocalizedLink to={`/software/statistic/${software.slug}`}>{t('detail.statisticsLink')}</LocalizedLink>
        </p>
        {software.articles.length > 0 && (
          <section className="stack stack--sm" aria-labelledby="articles-title">
            <h2 id="articles-title" className="software-side-title">
              {t('detail.articles')}
            </h2>
            <ul className="software-articles">
              {software.articles.map((a) => (
                <li key={a.slug}>
                  <LocalizedLink to={`/software/blog/${a.slug}`}>{a.title}</LocalizedLink>
                </li>
              ))}
            </ul>
          </section>
        )}
      </aside>

      {software.related.length > 0 && (
        <section className="software-detail__related stack" aria-labelledby="related-title">
          <h2 id="related-title">{t('detail.related')}</h2>
          <div className="software-grid">
            {software.related.map((s) => (
              <SoftwareCardView key={s.id} software={s} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
