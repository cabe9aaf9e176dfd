import { useTranslation } from '#web/lib/i18n-react.ts';
import { defaultRange } from '#shared/contracts/statistics.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import type { AppStore } from '#web/store/store.ts';
import { STATISTICS_PATH } from './metrics.ts';
import { StatisticsError } from './states.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { preloadStatistics, useSummary } from './use-statistics.ts';

/** For the home page loader: the last 7 days' summary into the store (spec §2: in the server's HTML). */
export function preloadHomeStatistics(store: AppStore, lang: Language): Promise<void> {
  return preloadStatistics(store, lang, defaultRange(), []);
}

/** The home page's "service in numbers" section: the last 7 days' summary and a link to all statistics. */
export function HomeStatistics() {
  const { t } = useTranslation('statistics');
  const { lang } = useCurrentPage();
  const summary = useSummary(defaultRange());
  return (
    <section className="section" id="statistics" aria-labelledby="home-statistics-title">
      <div className="container stack">
        <header className="page-header cluster cluster--between">
          <div>
            <h2 id="home-statistics-title">{t('home.title')}</h2>
            <p className="muted">{t('home.lead')}</p>
          </div>
          <LocalizedLink to={STATISTICS_PATH} className="link">
            {t('home.more')}
          </LocalizedLink>
        </header>
        {summary.isError ? <StatisticsError onRetry={() => void summary.refetch()} /> : <SummaryCards stats={summary.data} lang={lang} />}
      </div>
    </section>
  );
}
