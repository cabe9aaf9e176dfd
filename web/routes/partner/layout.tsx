import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { ConsoleLayout } from '#web/components/layout/console-layout.tsx';

/** The /partner area's pages in navigation order: path, key under `nav.` in the partner catalogue, group. */
export const PARTNER_SECTIONS = [
  ['/partner', 'overview', 'affiliate'],
  ['/partner/invited-referrals', 'referrals', 'affiliate'],
  ['/partner/invited-referrals-sources', 'sources', 'affiliate'],
  ['/partner/landing-pages', 'landingPages', 'affiliate'],
  ['/partner/banners', 'banners', 'affiliate'],
  ['/partner/review-examples', 'reviewExamples', 'affiliate'],
  ['/partner/article-examples', 'articleExamples', 'affiliate'],
  ['/partner/rules', 'rules', 'affiliate'],
  ['/partner/payment', 'payment', 'payouts'],
  ['/partner/payment_edit', 'wallets', 'payouts'],
  ['/partner/history_payment', 'history', 'payouts'],
] as const;

export type PartnerSection = (typeof PARTNER_SECTIONS)[number][1];

/** The frame of the affiliate and payout pages: grouped side navigation, heading, lead and `<title>`. */
export function PartnerLayout({ section, children }: { section: PartnerSection; children: ReactNode }) {
  const { t } = useTranslation('partner');
  const items = PARTNER_SECTIONS.map(([to, key, group]) => ({ to, label: t(`nav.${key}`), group: t(`nav.groups.${group}`) }));
  return (
    <>
      <title>{t('meta.title', { page: t(`pages.${section}.title`) })}</title>
      <ConsoleLayout navLabel={t('nav.label')} items={items} title={t(`pages.${section}.title`)} lead={t(`pages.${section}.lead`)}>
        {children}
      </ConsoleLayout>
    </>
  );
}
