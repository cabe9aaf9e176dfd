import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { ConsoleLayout } from '#web/components/layout/console-layout.tsx';

/** The profile screens in navigation order: path and key under `nav.` in the profile catalogue. */
export const PROFILE_SECTIONS = [
  ['/profile', 'overview'],
  ['/profile/edit', 'edit'],
  ['/profile/notif', 'notifications'],
  ['/profile/authentication', 'security'],
  ['/profile/docs', 'documents'],
  ['/profile/edit_password', 'password'],
  ['/profile/delete', 'delete'],
] as const;

export type ProfileSection = (typeof PROFILE_SECTIONS)[number][1];

export interface ProfileLayoutProps {
  /** The page, for `<title>`, the heading and the lead: `pages.<section>.{title,heading,lead}`. */
  section: ProfileSection;
  actions?: ReactNode;
  children: ReactNode;
}

/** Side navigation of the profile and the page heading; renders the translated `<title>`. */
export function ProfileLayout({ section, actions, children }: ProfileLayoutProps) {
  const { t } = useTranslation('profile');
  const items = PROFILE_SECTIONS.map(([to, key]) => ({ to, label: t(`nav.${key}`) }));
  return (
    <>
      <title>{t('meta.title', { page: t(`pages.${section}.title`) })}</title>
      <ConsoleLayout
        navLabel={t('nav.label')}
        items={items}
        title={t(`pages.${section}.title`)}
        lead={t(`pages.${section}.lead`)}
        actions={actions}
      >
        {children}
      </ConsoleLayout>
    </>
  );
}
