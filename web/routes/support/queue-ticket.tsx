import { useTranslation } from '#web/lib/i18n-react.ts';
import { data, useParams } from 'react-router';
import { supportApi } from '#web/features/support/api.ts';
import { StaffTicket } from '#web/features/support/staff-queue.tsx';
import { StaffSupportLayout } from '#web/features/support/support-layout.tsx';
import { useCurrentUser } from '#web/features/user/use-current-user.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { apiErrorCode } from '#web/store/api.ts';

const idOf = (raw: string | undefined) => (/^\d{1,15}$/.test(raw ?? '') ? Number(raw) : null);

export async function loader({ store, params }: PageLoaderArgs) {
  const id = idOf(params.id);
  if (id === null) throw data(null, { status: 404 });
  const result = await store.dispatch(supportApi.endpoints.staffTicket.initiate(id, { subscribe: false, forceRefetch: true }));
  if (result.error && apiErrorCode(result.error) === 'NOT_FOUND') throw data(null, { status: 404 });
  await store.dispatch(supportApi.endpoints.cannedReplies.initiate(undefined, { subscribe: false }));
  return null;
}

/** /support/queue/{id}: one ticket for staff, with the customer's context beside it. */
export default function QueueTicketPage() {
  const { t } = useTranslation('support');
  const { id } = useParams();
  const ticketId = idOf(id) ?? 0;
  const user = useCurrentUser();
  const { data: ticket } = supportApi.endpoints.staffTicket.useQueryState(ticketId);
  return (
    <StaffSupportLayout title={ticket ? `#${ticket.id} · ${ticket.subject}` : t('thread.title', { id: ticketId })} metaTitle={t('thread.title', { id: ticketId })}>
      <StaffTicket id={ticketId} staffId={user?.id ?? 0} />
    </StaffSupportLayout>
  );
}
