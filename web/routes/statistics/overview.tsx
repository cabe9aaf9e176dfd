import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { GraphPanel } from '#web/features/statistics/graph-panel.tsx';
import { STATISTICS_PAGES, STATISTICS_PATH } from '#web/features/statistics/metrics.ts';
import { rangeFromSearch } from '#web/features/statistics/range.ts';
import { RangePicker } from '#web/features/statistics/range-picker.tsx';
import { StatisticsError } from '#web/features/statistics/states.tsx';
import { SummaryCards } from '#web/features/statistics/summary-cards.tsx';
import { preloadStatistics, useSummary } from '#web/features/statistics/use-statistics.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ request, store, lang }: PageLoaderArgs) {
  const range = rangeFromSearch(new URL(request.url).searchParams);
  if (!range.error) await preloadStatistics(store, lang, range, STATISTICS_PAGES.map((p) => p.metric));
  return null;
}

/** /public_statistics: the period's summary and a small chart of every statistic, each leading to its page. */
export default function PublicStatisticsPage() {
  const { t } = useTranslation('statistics');
  const { lang } = useCurrentPage();
  const [search] = useSearchParams();
  const range = rangeFromSearch(search);
  const valid = range.error ? null : range;
  const summary = useSummary(valid);
  const query = search.toString();

  return (
    <>
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />
      <header className="page-header page-header--band">
        <div className="container page-header__inner">
          <div className="page-header__content">
            <h1 className="page-header__title">{t('title')}</h1>
            <p className="page-header__lead">{t('lead')}</p>
          </div>
        </div>
      </header>
      <div className="section section--tight">
        <div className="container stack stack--lg">
          <RangePicker range={range} error={range.error} />
          {summary.isError ? <StatisticsError onRetry={() => void summary.refetch()} /> : <SummaryCards stats={summary.data} lang={lang} />}
          <section aria-labelledby="stats-charts" className="stack">
            <h2 id="stats-charts">{t('charts.title')}</h2>
            <ul className="stats-charts">
              {STATISTICS_PAGES.map((page) => (
                <li key={page.slug}>
                  <Card
                    as="article"
                    headingLevel={3}
                    title={t(`pages.${page.slug}.title`)}
                    description={t(`pages.${page.slug}.short`)}
                    footer={
                      <LocalizedLink to={`${STATISTICS_PATH}/${page.slug}${query ? `?${query}` : ''}`} className="link">
                        {t('charts.open', { title: t(`pages.${page.slug}.title`) })}
                      </LocalizedLink>
                    }
                  >
                    <GraphPanel page={page} range={valid} height={180} hideTitle />
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
