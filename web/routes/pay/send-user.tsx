import { useTranslation } from '#web/lib/i18n-react.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { moneyApi } from '#web/features/money/api.ts';
import { SendUserForm, TransfersList } from '#web/features/money/send-user.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(moneyApi.endpoints.getTransfers.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /pay/send_user: send part of the balance to another account, confirmed by a mailed link. */
export default function Page() {
  const { t } = useTranslation('payments');
  const { lang } = useCurrentPage();
  return (
    <CustomerLayout title={t('money.send.title')} lead={t('money.send.lead')}>
      <div className="stack stack--lg">
        <SendUserForm />
        <TransfersList lang={lang} />
      </div>
    </CustomerLayout>
  );
}
