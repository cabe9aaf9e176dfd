import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useDecideSandboxCheckoutMutation, useGetSandboxCheckoutQuery } from './api.ts';
import { paymentErrorKey } from './errors.ts';

/**
 * The sandbox provider's hosted checkout: what a payer sees at an outside provider, without real
 * money. Approve or decline sends the payer back to the product; the money moves on the webhook.
 */
export function SandboxCheckout({ checkoutRef, navigate = (url: string) => window.location.assign(url) }: { checkoutRef: string; navigate?: (url: string) => void }) {
  const { t } = useTranslation('payments');
  const checkout = useGetSandboxCheckoutQuery(checkoutRef);
  const [decide, decision] = useDecideSandboxCheckoutMutation();
  if (checkout.isLoading) return <LoadingBlock lines={3} />;
  if (!checkout.data) {
    return (
      <Banner tone="danger" role="alert">
        {t('sandbox.notFound')}
      </Banner>
    );
  }
  const act = async (choice: 'approve' | 'decline') => {
    const res = await decide({ ref: checkoutRef, decision: choice });
    if ('data' in res && res.data) navigate(res.data.redirectUrl);
  };
  const open = checkout.data.status === 'open';
  return (
    <section className="sandbox-checkout stack" aria-labelledby="sandbox-title">
      <p className="sandbox-checkout__badge">{t('sandbox.badge')}</p>
      <h1 id="sandbox-title">{t('sandbox.title')}</h1>
      <p className="text-secondary">{checkout.data.description}</p>
      <p className="sandbox-checkout__amount" data-testid="sandbox-amount">
        ${checkout.data.amount} <span className="muted">{checkout.data.currency}</span>
      </p>
      {open ? (
        <>
          <p className="text-sm muted">{t('sandbox.explain')}</p>
          <div className="cluster">
            <Button size="lg" disabled={decision.isLoading} onClick={() => void act('approve')}>
              {t('sandbox.approve')}
            </Button>
            <Button size="lg" variant="secondary" disabled={decision.isLoading} onClick={() => void act('decline')}>
              {t('sandbox.decline')}
            </Button>
          </div>
        </>
      ) : (
        <Banner tone="info" role="status">
          {t(`sandbox.decided.${checkout.data.status}`)}{' '}
          <Button variant="secondary" onClick={() => void act(checkout.data!.status === 'approved' ? 'approve' : 'decline')}>
            {t('sandbox.back')}
          </Button>
        </Banner>
      )}
      {decision.isError && (
        <Banner tone="danger" role="alert">
          {t(paymentErrorKey(decision.error))}
        </Banner>
      )}
    </section>
  );
}
