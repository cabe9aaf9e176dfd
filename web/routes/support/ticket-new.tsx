import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import { TICKET_CATEGORIES, type TicketCategory } from '#shared/contracts/support.ts';
import { SupportLayout } from '#web/features/support/support-layout.tsx';
import { NewTicketForm } from '#web/features/support/tickets.tsx';

/** /support/tickets/new: open a ticket (category from `?category=` when given). */
export default function NewTicketPage() {
  const { t } = useTranslation('support');
  const [params] = useSearchParams();
  const asked = params.get('category');
  const category = (TICKET_CATEGORIES as readonly string[]).includes(asked ?? '') ? (asked as TicketCategory) : undefined;
  return (
    <SupportLayout title={t('form.title')} lead={t('form.lead')}>
      <NewTicketForm initialCategory={category} />
    </SupportLayout>
  );
}
