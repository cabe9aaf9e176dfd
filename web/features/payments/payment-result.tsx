import { useEffect } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAppDispatch } from '#web/store/hooks.ts';
import { paymentsApi, useGetPaymentQuery } from './api.ts';

/** How often /pay/ok asks again while the provider's webhook has not arrived yet. */
const POLL_MS = 1500;

/**
 * /pay/ok and /pay/error: where the provider sends the payer back. The redirect proves nothing, so
 * the page shows what the payment record says, and waits (polling) until the webhook settles it.
 */
export function PaymentResult({ paymentId, returned }: { paymentId: number | null; returned: 'ok' | 'error' }) {
  const { t } = useTranslation('payments');
  const payment = useGetPaymentQuery(paymentId ?? 0, { skip: paymentId === null });
  const status = payment.data?.status;
  const settled = status === 'succeeded' || status === 'failed' || status === 'canceled' || status === 'expired';
  // Keep asking until the webhook decides (a redirect can arrive before it).
  useGetPaymentQuery(paymentId ?? 0, { skip: paymentId === null || settled || payment.isError, pollingInterval: POLL_MS });
  // Once credited, the balance in the header (the current user) is read again: no reload needed.
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (status === 'succeeded') dispatch(paymentsApi.util.invalidateTags(['User']));
  }, [status, dispatch]);

  const links = (
    <div className="cluster">
      <LocalizedLink to="/enterpage" className={buttonClassName('primary')}>
        {t('result.dashboard')}
      </LocalizedLink>
      <LocalizedLink to="/pay/history_payment" className={buttonClassName('secondary')}>
        {t('result.history')}
      </LocalizedLink>
    </div>
  );

  if (paymentId === null || payment.isError) {
    return (
      <Card title={returned === 'ok' ? t('result.unknown.title') : t('result.failed.title')}>
        <div className="stack">
          <p>{returned === 'ok' ? t('result.unknown.text') : t('result.failed.text')}</p>
          <div className="cluster">
            <LocalizedLink to="/addbalance" className={buttonClassName('primary')}>
              {t('result.tryAgain')}
            </LocalizedLink>
          </div>
        </div>
      </Card>
    );
  }
  if (!payment.data || !settled) {
    return (
      <Card title={t('result.waiting.title')}>
        <div className="stack" aria-live="polite">
          <p className="cluster">
            <Spinner /> {t('result.waiting.text', { id: paymentId })}
          </p>
          {links}
        </div>
      </Card>
    );
  }
  if (status === 'succeeded') {
    return (
      <div className="stack">
        <Banner tone="success" role="status">
          {t('result.succeeded.text', { amount: payment.data.amount, id: paymentId })}
        </Banner>
        {links}
      </div>
    );
  }
  return (
    <Card title={t('result.failed.title')}>
      <div className="stack" role="status">
        <p>{t('result.failed.text')}</p>
        <div className="cluster">
          <LocalizedLink to="/addbalance" className={buttonClassName('primary')}>
            {t('result.tryAgain')}
          </LocalizedLink>
          <LocalizedLink to="/pay/history_payment" className={buttonClassName('secondary')}>
            {t('result.history')}
          </LocalizedLink>
        </div>
      </div>
    </Card>
  );
}
