import { useTranslation } from '#web/lib/i18n-react.ts';
import { Card } from '#web/components/ui/card.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { affiliateApi, useAffiliateDashboardQuery } from '#web/features/affiliate/api.ts';
import { referralLink } from '#web/features/affiliate/link.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useAppSelector } from '#web/store/hooks.ts';
import { PartnerLayout } from './layout.tsx';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(affiliateApi.endpoints.affiliateDashboard.initiate(undefined, { subscribe: false }));
  return null;
}

/** The standard sizes the server draws (server/modules/affiliate/banners.ts). */
const SIZES = ['728x90', '468x60', '320x50', '300x250', '160x600'] as const;

/** /partner/banners: banner images in standard sizes with copyable embed code carrying the referral link. */
export default function BannersPage() {
  const { t } = useTranslation('partner');
  const { lang } = useCurrentPage();
  const origin = useAppSelector((s) => s.app.sites.intl);
  const brand = useAppSelector((s) => s.app.brandName);
  const { data } = useAffiliateDashboardQuery();
  return (
    <PartnerLayout section="banners">
      {!data ? (
        <LoadingBlock lines={4} />
      ) : (
        <ul className="stack stack--lg partner-list">
          {SIZES.map((size) => {
            const [w, h] = size.split('x');
            const src = new URL(`/api/v2/affiliate/banners/${size}.svg?lang=${lang}`, origin).toString();
            const href = referralLink(origin, '/', data.referrerId, `banner-${size}`);
            const alt = t('banners.alt', { brand });
            const code = `<a href="${href}" rel="sponsored"><img src="${src}" width="${w}" height="${h}" alt="${alt}"></a>`;
            return (
              <Card as="li" key={size} headingLevel={2} title={t('banners.preview', { size })}>
                <div className="stack">
                  <div className="partner-banner">
                    <img src={src} width={Number(w)} height={Number(h)} alt={alt} loading="lazy" />
                  </div>
                  <div className="referral-link">
                    <code className="mono break" aria-label={t('banners.embed')}>{code}</code>
                    <CopyButton value={code} label={t('copy')} copiedLabel={t('copied')} failedLabel={t('copyFailed')} />
                  </div>
                </div>
              </Card>
            );
          })}
        </ul>
      )}
    </PartnerLayout>
  );
}
