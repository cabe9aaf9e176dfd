import { useTranslation } from '#web/lib/i18n-react.ts';
import { useLocation, useSearchParams } from 'react-router';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { PaymentResult } from '#web/features/payments/payment-result.tsx';

/** /pay/ok and /pay/error: back from the provider, the payment's real state. */
export default function Page() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const returned = useLocation().pathname.endsWith('/pay/error') ? 'error' : 'ok';
  const raw = params.get('payment');
  const paymentId = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  return (
    <CustomerLayout title={returned === 'ok' ? t('result.titleOk') : t('result.titleError')}>
      <PaymentResult paymentId={paymentId} returned={returned} />
    </CustomerLayout>
  );
}
