import { useTranslation } from '#web/lib/i18n-react.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { customerLogsApi } from '#web/features/customer/logs-api.ts';
import { NotCaptchaLog } from '#web/features/customer/logs-views.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(customerLogsApi.endpoints.listNotCaptcha.initiate(undefined, { subscribe: false }));
  return null;
}

/** /setting/not_captcha */
export default function Page() {
  const { t } = useTranslation('customer');
  return (
    <CustomerLayout title={t('nav.items.notCaptcha')} lead={t('logs.notCaptcha.lead')}>
      <NotCaptchaLog />
    </CustomerLayout>
  );
}
