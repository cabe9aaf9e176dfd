import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { PublicStatistics } from '#shared/contracts/statistics.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { formatCount, formatMoney, formatPercent, formatSeconds } from './format.ts';

const KEYS = ['solved', 'speed', 'price', 'rate', 'online', 'load'] as const;

/**
 * The summary of a period as six stat cards (solved, solving time, customer price and worker rate
 * per 1000, workers online and load now). Without data yet: placeholders of the same size.
 */
export function SummaryCards({ stats, lang, compact = false }: { stats: PublicStatistics | undefined; lang: string; compact?: boolean }) {
  const { t } = useTranslation('statistics');
  const none = t('summary.none');
  const values = (s: PublicStatistics): Record<(typeof KEYS)[number], { value: ReactNode; hint: ReactNode }> => ({
    solved: {
      value: formatCount(s.solved, lang),
      hint: t('summary.solvedHint', { submitted: formatCount(s.submitted, lang), unsolvable: formatCount(s.unsolvable, lang) }),
    },
    speed: {
      value: s.averageSolvingSeconds === null ? none : formatSeconds(s.averageSolvingSeconds, lang),
      hint: s.averageWaitSeconds === null ? t('summary.speedHint') : t('summary.waitHint', { wait: formatSeconds(s.averageWaitSeconds, lang) }),
    },
    price: { value: s.customerPricePer1000 === null ? none : formatMoney(s.customerPricePer1000, s.currency, lang), hint: t('summary.priceHint') },
    rate: { value: s.workerRatePer1000 === null ? none : formatMoney(s.workerRatePer1000, s.currency, lang), hint: t('summary.rateHint') },
    online: { value: formatCount(s.now.workersOnline, lang), hint: t('summary.onlineHint', { busy: formatCount(s.now.workersBusy, lang) }) },
    load: { value: formatPercent(s.now.load, lang), hint: t('summary.loadHint', { queued: formatCount(s.now.queued, lang) }) },
  });
  const shown = stats ? values(stats) : null;
  return (
    <ul className={compact ? 'stats-summary stats-summary--compact' : 'stats-summary'} aria-label={t('summary.label')} aria-busy={!stats}>
      {KEYS.map((key) => (
        <li key={key}>
          <Card className="stats-summary__card">
            <Stat
              label={t(`summary.${key}`)}
              value={shown ? <span data-testid={`stat-${key}`}>{shown[key].value}</span> : <Skeleton width="60%" height="1.15em" />}
              hint={shown ? shown[key].hint : <Skeleton width="80%" height="1em" />}
            />
          </Card>
        </li>
      ))}
    </ul>
  );
}
