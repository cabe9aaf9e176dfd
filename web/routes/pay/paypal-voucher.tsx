import { useTranslation } from '#web/lib/i18n-react.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { moneyApi } from '#web/features/money/api.ts';
import { VoucherRedeem } from '#web/features/money/voucher-redeem.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(moneyApi.endpoints.getRedeemedVouchers.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /pay/paypal_voucher: redeem a voucher code onto the balance. */
export default function Page() {
  const { t } = useTranslation('payments');
  const { lang } = useCurrentPage();
  return (
    <CustomerLayout title={t('money.voucher.title')} lead={t('money.voucher.lead')}>
      <VoucherRedeem lang={lang} />
    </CustomerLayout>
  );
}
