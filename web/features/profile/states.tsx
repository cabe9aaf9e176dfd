import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorKey } from './errors.ts';

/** Placeholder blocks with the height of the content to come, plus an announced spinner. */
export function LoadingBlock({ lines = 3 }: { lines?: number }) {
  return (
    <div className="stack stack--sm" aria-busy="true">
      <Spinner size="sm" />
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} height="2.5rem" />
      ))}
    </div>
  );
}

/**
 * A failed load, with the reason and a retry. `ns` is a catalogue with `common.loadFailed`,
 * `common.retry` and `errors.*` (profile by default).
 */
export function LoadFailed({ error, onRetry, ns = 'profile' }: { error: unknown; onRetry: () => void; ns?: string }) {
  const { t } = useTranslation(ns);
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

/** The outcome of a form: an error (alert) or a confirmation (status). Empty regions stay mounted. */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <>
      <div role="alert" className="form-message">
        {error && <Banner tone="danger">{error}</Banner>}
      </div>
      <div role="status" className="form-message">
        {success && !error && <Banner tone="success">{success}</Banner>}
      </div>
    </>
  );
}
