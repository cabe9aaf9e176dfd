import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { COINS, type CoinInfo } from '#shared/contracts/crypto.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { paymentsApi } from '#web/features/payments/api.ts';
import { CryptoInvoice } from '#web/features/payments/crypto-invoice.tsx';
import { TopUpForm } from '#web/features/payments/top-up-form.tsx';
import { PromoCodeField } from '#web/features/promotions/promo-code-field.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

const coinOfPath = (pathname: string): CoinInfo => Object.values(COINS).find((c) => pathname.endsWith(c.page)) ?? COINS.BTC;
const invoiceIdOf = (raw: string | null) => (raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null);

export async function loader({ store, request }: PageLoaderArgs) {
  const id = invoiceIdOf(new URL(request.url).searchParams.get('invoice'));
  if (id !== null) await store.dispatch(paymentsApi.endpoints.getInvoice.initiate(id, { subscribe: false }));
  else await store.dispatch(paymentsApi.endpoints.getPaymentProviders.initiate(undefined, { subscribe: false }));
  return null;
}

/**
 * /pay/cryptocurrency-btc-BTC, /pay/cryptocurrency-bch-BCH, /pay/cryptocurrency-tron-USDT: the coin's
 * page. Without ?invoice= it starts a top-up in that coin; with it, it shows that invoice live.
 */
export default function Page() {
  const { t } = useTranslation('crypto');
  const { lang } = useCurrentPage();
  const coin = coinOfPath(useLocation().pathname);
  const [params] = useSearchParams();
  const invoiceId = invoiceIdOf(params.get('invoice'));
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const names = { symbol: coin.symbol, network: coin.network };
  return (
    <CustomerLayout title={t('page.title', names)} lead={invoiceId === null ? t('page.lead', names) : undefined}>
      {invoiceId !== null ? (
        <CryptoInvoice paymentId={invoiceId} />
      ) : (
        <TopUpForm lang={lang} only={coin.provider} promoCode={promoCode} promo={(amount) => <PromoCodeField amount={amount} onChange={setPromoCode} />} />
      )}
    </CustomerLayout>
  );
}
