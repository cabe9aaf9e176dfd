import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorKey } from './errors.ts';

/** Placeholder blocks of the content's height, plus an announced spinner. */
export function LoadingBlock({ lines = 3, height = '2.5rem' }: { lines?: number; height?: string }) {
  return (
    <div className="stack stack--sm" aria-busy="true">
      <Spinner size="sm" />
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height={height} />
      ))}
    </div>
  );
}

/** A failed load with the reason and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('worker');
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
