import { useTranslation } from '#web/lib/i18n-react.ts';
import { formatPrice } from '#web/features/pricing/format.ts';
import { preloadPrices, usePriceList } from '#web/features/pricing/use-prices.ts';
import { paymentsApi } from '#web/features/payments/api.ts';
import type { Live, PriceRow, ProviderRow } from '#web/features/extension/pages.tsx';
import { WorkaroundPage, WorkaroundPayPage } from '#web/features/extension/pages.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** The types the extension solves, in the order the pages list them. */
const TYPES = ['normal', 'text', 'recaptcha_v2', 'recaptcha_v3', 'hcaptcha', 'turnstile'];

const PAY_PATH = '/captcha-workaround/pay';

export async function loader({ store, lang, page }: PageLoaderArgs) {
  await preloadPrices(store, lang);
  if (page.path === PAY_PATH) await store.dispatch(paymentsApi.endpoints.getPaymentProviders.initiate(undefined, { subscribe: false }));
  return null;
}

const usd = (n: number, lang: string) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);

/** /captcha-workaround and /captcha-workaround/pay (issue 14 #4): the product and how to pay, live prices and payment methods. */
export default function Workaround() {
  const { page } = useCurrentPage();
  const { t, i18n } = useTranslation(['extension', 'pricing', 'payments']);
  const list = usePriceList();
  const isPay = page?.path === PAY_PATH;
  const providerList = paymentsApi.useGetPaymentProvidersQuery(undefined, { skip: !isPay });
  const prices: Live<PriceRow> = {
    rows: list.list
      ? TYPES.flatMap((type) => {
          const row = list.list!.types.find((r) => r.slug === type);
          return row ? [{ type, name: t(`pricing:types.${type}`), price: formatPrice(row.per1000, list.list!.currency, i18n.language) }] : [];
        })
      : undefined,
    isLoading: list.isLoading,
    error: list.error,
    retry: list.retry,
  };
  if (!isPay) return <WorkaroundPage prices={prices} />;
  const providers: Live<ProviderRow> = {
    rows: providerList.data?.map((p) => ({
      name: p.name,
      label: t(`payments:providers.${p.name}.name`, { defaultValue: p.name }),
      text: t(`payments:providers.${p.name}.text`, { defaultValue: '' }),
      range: t('extension:pay.range', { min: usd(p.minUsd, i18n.language), max: usd(p.maxUsd, i18n.language) }),
    })),
    isLoading: providerList.isLoading,
    error: providerList.error,
    retry: () => void providerList.refetch(),
  };
  return <WorkaroundPayPage prices={prices} providers={providers} />;
}
