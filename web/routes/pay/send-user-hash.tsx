import { useTranslation } from '#web/lib/i18n-react.ts';
import { useParams } from 'react-router';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { moneyApi } from '#web/features/money/api.ts';
import { TransferConfirm } from '#web/features/money/transfer-confirm.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store, params }: PageLoaderArgs) {
  const { hash, userId } = params;
  if (hash && userId) await store.dispatch(moneyApi.endpoints.getTransferLink.initiate({ hash, userId }, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /pay/send_user_hash/{hash}/{userId}: the mailed link; the transfer is sent only from here. */
export default function Page() {
  const { t } = useTranslation('payments');
  const { hash = '', userId = '' } = useParams();
  return (
    <CustomerLayout title={t('money.confirm.title')} lead={t('money.confirm.lead')}>
      <TransferConfirm hash={hash} userId={userId} />
    </CustomerLayout>
  );
}
