import { useTranslation } from '#web/lib/i18n-react.ts';
import { supportApi } from '#web/features/support/api.ts';
import { FeedbackAdmin } from '#web/features/support/feedback.tsx';
import { StaffSupportLayout } from '#web/features/support/support-layout.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(supportApi.endpoints.feedbackList.initiate({}, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /support/staff/feedback: feedback from both forms for staff, filtered, exportable. */
export default function FeedbackAdminPage() {
  const { t } = useTranslation('support');
  return (
    <StaffSupportLayout title={t('feedback.admin.title')} lead={t('feedback.admin.lead')}>
      <FeedbackAdmin />
    </StaffSupportLayout>
  );
}
