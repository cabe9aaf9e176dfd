import { useTranslation } from '#web/lib/i18n-react.ts';
import { supportApi } from '#web/features/support/api.ts';
import { BotThreadsAdmin } from '#web/features/support/feedback.tsx';
import { StaffSupportLayout } from '#web/features/support/support-layout.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(supportApi.endpoints.botThreads.initiate({ filter: 'all' }, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /p/support-bot-threads: the bot's conversations for staff. */
export default function BotThreadsPage() {
  const { t } = useTranslation('support');
  return (
    <StaffSupportLayout title={t('botAdmin.title')} lead={t('botAdmin.lead')}>
      <BotThreadsAdmin />
    </StaffSupportLayout>
  );
}
