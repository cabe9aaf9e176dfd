import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { ConsoleLayout } from '#web/components/layout/console-layout.tsx';
import { CABINET_SECTIONS, type CabinetSection } from '#web/features/worker/sections.ts';

/** The worker cabinet's frame: sub-navigation between its four pages, heading and `<title>`. */
export function CabinetLayout({ section, actions, children }: { section: CabinetSection; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('worker');
  const items = CABINET_SECTIONS.map(([to, key]) => ({ to, label: t(`nav.${key}`) }));
  return (
    <>
      <title>{t('meta.title', { page: t(`pages.${section}.title`) })}</title>
      <ConsoleLayout navLabel={t('nav.label')} items={items} title={t(`pages.${section}.heading`)} lead={t(`pages.${section}.lead`)} actions={actions}>
        {children}
      </ConsoleLayout>
    </>
  );
}
