import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { ConsoleLayout } from '#web/components/layout/console-layout.tsx';

const SECTIONS = [
  ['/proxy', 'overview'],
  ['/proxy/users', 'users'],
  ['/proxy/ip-whitelist', 'whitelist'],
  ['/proxy/statistics', 'statistics'],
  ['/proxy/api', 'api'],
] as const;

/** The proxy console's frame: side navigation, heading and `<title>` (namespace `proxy`). */
export function ProxyLayout({ title, lead, actions, children }: { title: string; lead?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('proxy');
  const items = SECTIONS.map(([to, key]) => ({ to, label: t(`nav.${key}`) }));
  return (
    <>
      <title>{t('meta.console', { page: title })}</title>
      <ConsoleLayout navLabel={t('nav.label')} items={items} title={title} lead={lead} actions={actions}>
        {children}
      </ConsoleLayout>
    </>
  );
}
