import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { GraphPanel } from '#web/features/statistics/graph-panel.tsx';
import { STATISTICS_PAGES, STATISTICS_PATH, statisticsPageOf } from '#web/features/statistics/metrics.ts';
import { rangeFromSearch } from '#web/features/statistics/range.ts';
import { RangePicker } from '#web/features/statistics/range-picker.tsx';
import { preloadStatistics } from '#web/features/statistics/use-statistics.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

const slugOf = (path: string | undefined) => path?.split('/').pop();

export async function loader({ request, store, lang, page }: PageLoaderArgs) {
  const stats = statisticsPageOf(slugOf(page.path));
  const range = rangeFromSearch(new URL(request.url).searchParams);
  if (stats && !range.error) await preloadStatistics(store, lang, range, [stats.metric]);
  return null;
}

/** /public_statistics/{slug}: one statistic as a large chart with its table, for a chosen period. */
export default function StatisticsGraphPage() {
  const { t } = useTranslation('statistics');
  const { page: current } = useCurrentPage();
  const [search] = useSearchParams();
  const page = statisticsPageOf(slugOf(current?.path)) ?? STATISTICS_PAGES[0];
  const range = rangeFromSearch(search);
  const query = search.toString();
  const suffix = query ? `?${query}` : '';

  return (
    <>
      <title>{t('meta.pageTitle', { title: t(`pages.${page.slug}.title`) })}</title>
      <meta name="description" content={t(`pages.${page.slug}.description`)} />
      <header className="page-header page-header--band">
        <div className="container">
          <nav aria-label={t('breadcrumbs')}>
            <ol className="breadcrumbs">
              <li>
                <LocalizedLink to={`${STATISTICS_PATH}${suffix}`} className="link">
                  {t('title')}
                </LocalizedLink>
              </li>
              <li aria-current="page">{t(`pages.${page.slug}.title`)}</li>
            </ol>
          </nav>
          <h1 className="page-header__title">{t(`pages.${page.slug}.title`)}</h1>
          <p className="page-header__lead">{t(`pages.${page.slug}.description`)}</p>
        </div>
      </header>
      <div className="section section--tight">
        <div className="container stack stack--lg">
          <RangePicker range={range} error={range.error} />
          <Card>
            <GraphPanel page={page} range={range.error ? null : range} height={360} />
          </Card>
          <p className="text-sm muted">{t(`pages.${page.slug}.method`)}</p>
          <nav aria-labelledby="stats-others" className="stack stack--sm">
            <h2 id="stats-others" className="text-lg">
              {t('others')}
            </h2>
            <ul className="stats-links">
              {STATISTICS_PAGES.filter((p) => p.slug !== page.slug).map((p) => (
                <li key={p.slug}>
                  <LocalizedLink to={`${STATISTICS_PATH}/${p.slug}${suffix}`} className="link">
                    {t(`pages.${p.slug}.title`)}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </>
  );
}
