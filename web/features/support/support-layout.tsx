import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { ConsoleLayout } from '#web/components/layout/console-layout.tsx';

/** The help centre's pages in navigation order: path and key under `nav.`. */
const HELP_SECTIONS = [
  ['/support', 'home'],
  ['/support/faq/customer', 'faqCustomer'],
  ['/support/faq/worker', 'faqWorker'],
  ['/support/faq/developer', 'faqDeveloper'],
  ['/support/h', 'tutorials'],
  ['/support/bot', 'bot'],
  ['/support/tickets', 'tickets'],
  ['/support/tickets/new', 'newTicket'],
  ['/support/enterprise', 'enterprise'],
] as const;

const STAFF_SECTIONS = [
  ['/support/queue', 'queue'],
  ['/p/support-bot-threads', 'botThreads'],
  ['/support/staff/feedback', 'feedback'],
] as const;

interface LayoutProps {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  /** The document title when it differs from the heading. */
  metaTitle?: string;
  children: ReactNode;
}

/** The frame of the help centre and the user's ticket pages: side navigation, heading, `<title>`. */
export function SupportLayout({ title, lead, actions, metaTitle, children }: LayoutProps) {
  const { t } = useTranslation('support');
  const items = HELP_SECTIONS.map(([to, key]) => ({ to, label: t(`nav.${key}`) }));
  return (
    <>
      <title>{t('meta.title', { page: metaTitle ?? (typeof title === 'string' ? title : t('nav.home')) })}</title>
      <ConsoleLayout navLabel={t('nav.label')} items={items} title={title} lead={lead} actions={actions}>
        {children}
      </ConsoleLayout>
    </>
  );
}

/** The frame of the staff pages: the queue, the bot's threads and feedback. */
export function StaffSupportLayout({ title, lead, actions, metaTitle, children }: LayoutProps) {
  const { t } = useTranslation('support');
  const items = STAFF_SECTIONS.map(([to, key]) => ({ to, label: t(`staffNav.${key}`) }));
  return (
    <>
      <title>{t('meta.title', { page: metaTitle ?? (typeof title === 'string' ? title : t('staffNav.queue')) })}</title>
      <ConsoleLayout navLabel={t('staffNav.label')} items={items} title={title} lead={lead} actions={actions}>
        {children}
      </ConsoleLayout>
    </>
  );
}
