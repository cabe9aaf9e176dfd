import { payoutsApi } from '#web/features/payouts/api.ts';
import { WalletsPanel } from '#web/features/payouts/wallets.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { PartnerLayout } from './layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(payoutsApi.endpoints.payoutWallets.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /partner/payment_edit: payout wallets, their pending changes and the wallet security log. */
export default function PaymentEditPage() {
  const { lang } = useCurrentPage();
  return (
    <PartnerLayout section="wallets">
      <WalletsPanel lang={lang} />
    </PartnerLayout>
  );
}
