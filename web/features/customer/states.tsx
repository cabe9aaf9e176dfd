import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { errorKey } from './errors.ts';

/** A failed load in the customer console, with the reason and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('customer');
  return (
    <Banner tone="danger" role="alert">
      <div className="stack stack--sm">
        <p>
          {t('common.loadFailed')} {t(errorKey(error))}
        </p>
        <div>
          <Button variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </div>
      </div>
    </Banner>
  );
}
