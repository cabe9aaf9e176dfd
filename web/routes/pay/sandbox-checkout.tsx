import { useTranslation } from '#web/lib/i18n-react.ts';
import { useParams } from 'react-router';
import { paymentsApi } from '#web/features/payments/api.ts';
import { SandboxCheckout } from '#web/features/payments/sandbox-checkout.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store, params }: PageLoaderArgs) {
  if (params['ref']) await store.dispatch(paymentsApi.endpoints.getSandboxCheckout.initiate(params['ref'], { subscribe: false, forceRefetch: true }));
  return null;
}

/** /pay/sandbox/checkout/{ref}: the sandbox provider's hosted checkout page. */
export default function Page() {
  const { t } = useTranslation('payments');
  const { ref } = useParams();
  return (
    <div className="section"><div className="container container--narrow sandbox-page">
      <title>{t('sandbox.title')}</title>
      <SandboxCheckout checkoutRef={ref ?? ''} />
    </div></div>
  );
}
