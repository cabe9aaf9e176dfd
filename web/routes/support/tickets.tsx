import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { supportApi } from '#web/features/support/api.ts';
import { SupportLayout } from '#web/features/support/support-layout.tsx';
import { MyTickets } from '#web/features/support/tickets.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(supportApi.endpoints.myTickets.initiate(undefined, { subscribe: false, forceRefetch: true }));
  return null;
}

/** /support/tickets: the signed-in user's tickets. */
export default function TicketsPage() {
  const { t } = useTranslation('support');
  return (
    <SupportLayout
      title={t('tickets.title')}
      lead={t('tickets.lead')}
      actions={<LocalizedLink to="/support/tickets/new" className={buttonClassName('primary', 'md')}>{t('tickets.new')}</LocalizedLink>}
    >
      <MyTickets />
    </SupportLayout>
  );
}
