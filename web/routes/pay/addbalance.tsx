import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { paymentsApi } from '#web/features/payments/api.ts';
import { TopUpForm } from '#web/features/payments/top-up-form.tsx';
import { PromoCodeField } from '#web/features/promotions/promo-code-field.tsx';
import { RedeemPromoCard } from '#web/features/promotions/redeem-card.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(paymentsApi.endpoints.getPaymentProviders.initiate(undefined, { subscribe: false }));
  return null;
}

/** /addbalance and /pay: top up the balance through one of the configured payment methods, with an optional promo code. */
export default function Page() {
  const { t } = useTranslation('payments');
  const { lang } = useCurrentPage();
  // A bonus promo code goes with the top-up; fixed-credit codes are redeemed below.
  const [promoCode, setPromoCode] = useState<string | null>(null);
  return (
    <CustomerLayout title={t('form.title')} lead={t('form.lead')}>
      <div className="stack stack--lg">
        <TopUpForm lang={lang} promoCode={promoCode} promo={(amount) => <PromoCodeField amount={amount} onChange={setPromoCode} />} />
        <RedeemPromoCard />
      </div>
    </CustomerLayout>
  );
}
