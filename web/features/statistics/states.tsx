import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';

/** A failed statistics load with a retry. */
export function StatisticsError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('statistics');
  return (
    <Banner tone="danger" role="alert">
      <div className="cluster cluster--between">
        <p>{t('states.error')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      </div>
    </Banner>
  );
}
