import { useTranslation } from 'react-i18next';
import type { LivePrices } from '#web/features/demo/extension-pages.tsx';
import { WorkaroundPage, WorkaroundPayPage } from '#web/features/demo/extension-pages.tsx';
import { formatPrice } from '#web/features/pricing/format.ts';
import { preloadPrices, usePriceList } from '#web/features/pricing/use-prices.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** The types the extension solves, in the order the page lists them. */
const TYPES = ['normal', 'text', 'recaptcha_v2', 'recaptcha_v3', 'hcaptcha', 'turnstile'];

export async function loader({ store, lang }: PageLoaderArgs) {
  await preloadPrices(store, lang);
  return null;
}

/** /captcha-workaround and /captcha-workaround/pay (issue 14): the product and how to pay, with the live prices. */
export default function Workaround() {
  const { page } = useCurrentPage();
  const { t, i18n } = useTranslation('pricing');
  const list = usePriceList();
  const prices: LivePrices = {
    rows: list.list
      ? TYPES.flatMap((type) => {
          const row = list.list!.types.find((r) => r.slug === type);
          return row ? [{ type, name: t(`types.${type}`), price: formatPrice(row.per1000, list.list!.currency, i18n.language) }] : [];
        })
      : undefined,
    isLoading: list.isLoading,
    error: list.error,
    retry: list.retry,
  };
  return page?.path === '/captcha-workaround/pay' ? <WorkaroundPayPage prices={prices} /> : <WorkaroundPage prices={prices} />;
}
