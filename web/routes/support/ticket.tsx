import { useEffect, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { data, useLocation, useNavigate, useParams } from 'react-router';
import { Banner } from '#web/components/ui/banner.tsx';
import { supportApi } from '#web/features/support/api.ts';
import { SupportLayout } from '#web/features/support/support-layout.tsx';
import { TicketThread } from '#web/features/support/tickets.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { apiErrorCode } from '#web/store/api.ts';

const idOf = (raw: string | undefined) => (/^\d{1,15}$/.test(raw ?? '') ? Number(raw) : null);

export async function loader({ store, params }: PageLoaderArgs) {
  const id = idOf(params.id);
  if (id === null) throw data(null, { status: 404 });
  const result = await store.dispatch(supportApi.endpoints.ticket.initiate(id, { subscribe: false, forceRefetch: true }));
  // Another user's ticket and a missing one look the same: a 404 page.
  if (result.error && apiErrorCode(result.error) === 'NOT_FOUND') throw data(null, { status: 404 });
  return null;
}

/** /support/tickets/{id}: one of the user's tickets. */
export default function TicketPage() {
  const { t } = useTranslation('support');
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const ticketId = idOf(id) ?? 0;
  // "Created" shows once: the history entry forgets it, so a reload or a later visit does not repeat it.
  const [created] = useState(() => Boolean((location.state as { created?: boolean } | null)?.created));
  useEffect(() => {
    if (created) void navigate(location.pathname + location.search, { replace: true, state: null });
  }, [created, navigate, location.pathname, location.search]);
  const { data: ticket } = supportApi.endpoints.ticket.useQueryState(ticketId);
  return (
    <SupportLayout title={ticket ? `#${ticket.id} · ${ticket.subject}` : t('thread.title', { id: ticketId })} metaTitle={t('thread.title', { id: ticketId })}>
      {created && (
        <Banner tone="success" role="status">
          {t('thread.created')}
        </Banner>
      )}
      <TicketThread id={ticketId} />
    </SupportLayout>
  );
}
