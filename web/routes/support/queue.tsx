import { useTranslation } from '#web/lib/i18n-react.ts';
import { supportApi } from '#web/features/support/api.ts';
import { StaffQueue } from '#web/features/support/staff-queue.tsx';
import { StaffSupportLayout } from '#web/features/support/support-layout.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(supportApi.endpoints.staffQueue.initiate({ status: 'active' }, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /support/queue: the staff queue (moderators and admins). */
export default function QueuePage() {
  const { t } = useTranslation('support');
  return (
    <StaffSupportLayout title={t('queue.title')} lead={t('queue.lead')}>
      <StaffQueue />
    </StaffSupportLayout>
  );
}
