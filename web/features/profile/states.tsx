import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { errorKey } from './errors.ts';

export { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';

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
