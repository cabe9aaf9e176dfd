import { useTranslation } from '#web/lib/i18n-react.ts';
import { Card } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { affiliateApi, useAffiliateDashboardQuery } from '#web/features/affiliate/api.ts';
import { referralLink } from '#web/features/affiliate/link.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useAppSelector } from '#web/store/hooks.ts';
import { PartnerLayout } from './layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(affiliateApi.endpoints.affiliateDashboard.initiate(undefined, { subscribe: false }));
  return null;
}

/** The product's landing pages worth linking to, with who each speaks to. */
const LANDINGS = [
  ['/', 'home'],
  ['/pricing', 'pricing'],
  ['/for-customer', 'customers'],
  ['/public_statistics', 'statistics'],
  ['/affiliate', 'affiliate'],
  ['/auth/register', 'register'],
] as const;

/** /partner/landing-pages: the landing pages with the referral link applied, ready to copy. */
export default function LandingPagesPage() {
  const { t } = useTranslation('partner');
  const origin = useAppSelector((s) => s.app.sites.intl);
  const { data } = useAffiliateDashboardQuery();
  return (
    <PartnerLayout section="landingPages">
      {!data ? (
        <LoadingBlock lines={4} />
      ) : (
        <ul className="grid-2 partner-landings">
          {LANDINGS.map(([path, key]) => {
            const link = referralLink(origin, path, data.referrerId, key);
            return (
              <li key={path}>
                <Card as="article" headingLevel={2} title={t(`landings.${key}.title`)} description={t(`landings.${key}.text`)}>
                  <div className="referral-link">
                    <code className="mono break">{link}</code>
                    <CopyButton value={link} label={t('copy')} copiedLabel={t('copied')} failedLabel={t('copyFailed')} />
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </PartnerLayout>
  );
}
