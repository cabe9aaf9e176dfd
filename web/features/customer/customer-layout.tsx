import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { ConsoleLayout } from '#web/components/layout/console-layout.tsx';
import { CUSTOMER_SECTIONS } from './sections.ts';

export interface CustomerLayoutProps {
  /** The page's name: the heading and, with the brand, the document `<title>`. */
  title: string;
  lead?: ReactNode;
  /** Right side of the page header. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The customer console's frame (dashboard, settings, logs, statistics, test captcha): the grouped
 * side navigation, the page heading and `<title>`. Needs the `customer` namespace on the page.
 */
export function CustomerLayout({ title, lead, actions, children }: CustomerLayoutProps) {
  const { t } = useTranslation('customer');
  const items = CUSTOMER_SECTIONS.map(([to, key, group]) => ({
    to,
    label: t(`nav.items.${key}`),
    group: t(`nav.groups.${group}`),
  }));
  return (
    <>
      <title>{t('meta.title', { page: title })}</title>
      <ConsoleLayout navLabel={t('nav.label')} items={items} title={title} lead={lead} actions={actions}>
        {children}
      </ConsoleLayout>
    </>
  );
}
