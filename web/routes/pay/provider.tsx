import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { data, useLocation, useParams, useSearchParams } from 'react-router';
import { COINS, type CoinInfo } from '#shared/contracts/crypto.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { paymentsApi } from '#web/features/payments/api.ts';
import { CryptoInvoice } from '#web/features/payments/crypto-invoice.tsx';
import { TopUpForm } from '#web/features/payments/top-up-form.tsx';
import { PromoCodeField } from '#web/features/promotions/promo-code-field.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

const coinOfPath = (pathname: string): CoinInfo | undefined =>
  Object.values(COINS).find((c) => pathname.endsWith(c.page));
const invoiceIdOf = (raw: string | null) => (raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null);

export async function loader({ store, request, params }: PageLoaderArgs) {
  const id = invoiceIdOf(new URL(request.url).searchParams.get('invoice'));
  if (id !== null) {
    await store.dispatch(paymentsApi.endpoints.getInvoice.initiate(id, { subscribe: false }));
    return null;
  }
  const providers = await store.dispatch(
    paymentsApi.endpoints.getPaymentProviders.initiate(undefined, { subscribe: false }),
  );
  // /pay/{shortname}: a method this installation does not offer is not a page.
  if (
    params['shortname'] !== undefined &&
    providers.data &&
    !providers.data.some((p) => p.name === params['shortname'])
  )
    {throw data(null, { status: 404 });}
  return null;
}

/**
 * A payment method's own page (spec §2): /pay/{shortname} (/pay/sandbox, /pay/stripe, …) and the
 * coins' /pay/cryptocurrency-btc-BTC, -bch-BCH, -tron-USDT. It starts a top-up with that method
 * only; a coin's page with ?invoice= shows that invoice live.
 */
export default function Page() {
  const { t } = useTranslation(['crypto', 'payments']);
  const { lang } = useCurrentPage();
  const coin = coinOfPath(useLocation().pathname);
  const shortname = useParams()['shortname'] ?? coin?.provider ?? '';
  const [params] = useSearchParams();
  const invoiceId = coin ? invoiceIdOf(params.get('invoice')) : null;
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const title = coin
    ? t('crypto:page.title', { symbol: coin.symbol })
    : t('payments:form.titleWith', { method: t(`payments:providers.${shortname}.name`, { defaultValue: shortname }) });
  const lead =
    invoiceId !== null
      ? undefined
      : coin
        ? t('crypto:page.lead', { symbol: coin.symbol, network: coin.network })
        : t('payments:form.lead');
  return (
    <CustomerLayout title={title} lead={lead}>
      {invoiceId !== null ? (
        <CryptoInvoice paymentId={invoiceId} />
      ) : (
        <TopUpForm
          lang={lang}
          only={shortname}
          note={coin ? t('crypto:page.note') : undefined}
          promoCode={promoCode}
          promo={(amount) => <PromoCodeField amount={amount} onChange={setPromoCode} />}
        />
      )}
    </CustomerLayout>
  );
}
