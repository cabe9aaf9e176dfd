import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import type { HistoryDayQuery } from '#shared/contracts/money.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { moneyApi } from '#web/features/money/api.ts';
import { HistoryDay } from '#web/features/money/history-day.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function rangeOf(params: URLSearchParams): HistoryDayQuery {
  const from = params.get('from');
  const to = params.get('to');
  return { ...(from && DAY.test(from) ? { from } : {}), ...(to && DAY.test(to) ? { to } : {}) };
}

export async function loader({ store, request }: PageLoaderArgs) {
  await store.dispatch(moneyApi.endpoints.getHistoryDay.initiate(rangeOf(new URL(request.url).searchParams), { subscribe: false, forceRefetch: true }));
  return null;
}

/** /pay/history_day: the balance's movements per day in the account's time zone, with a CSV. */
export default function Page() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  return (
    <CustomerLayout title={t('money.history.title')} lead={t('money.history.lead')}>
      <HistoryDay initial={rangeOf(params)} />
    </CustomerLayout>
  );
}
