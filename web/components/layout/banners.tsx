import { useState } from 'react';
import { Trans, useTranslation } from '#web/lib/i18n-react.ts';
import { canonicalUrl } from '#shared/i18n/routing.ts';
import { Banner } from '#web/components/ui/banner.tsx';
import { writeCookie } from '#web/lib/cookies.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useAppDispatch, useAppSelector } from '#web/store/hooks.ts';
import { foreignBannerDismissed } from '#web/store/app-slice.ts';

/** Offers visitors of a localized host the international version; dismissal lasts a year. */
export function ForeignVisitorBanner() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { hostKind, foreignBannerDismissed: dismissed, sites } = useAppSelector((s) => s.app);
  const { path } = useCurrentPage();
  if (hostKind === 'intl' || dismissed) return null;
  return (
    <Banner
      tone="info"
      onDismiss={() => {
        writeCookie('foreign_banner_dismissed', '1');
        dispatch(foreignBannerDismissed());
      }}
    >
      <span data-testid="foreign-visitor-banner">
        {t('banners.foreign.text')}{' '}
        <a href={canonicalUrl(sites, 'en', path)} hrefLang="en">{t('banners.foreign.link')}</a>
      </span>
    </Banner>
  );
}

/**
 * The app-level banner of the captcha-service domain (the international host), shown when the
 * visitor's accept-language is not Russian, Ukrainian or Belarusian (spec §2, §9).
 */
export function ServiceBanner() {
  const { hostKind, foreignSpeaker, brandName } = useAppSelector((s) => s.app);
  const [hidden, setHidden] = useState(false);
  const { t } = useTranslation();
  if (hostKind !== 'intl' || !foreignSpeaker || hidden) return null;
  return (
    <Banner tone="neutral" onDismiss={() => setHidden(true)}>
      <span data-testid="service-banner">
        <Trans t={t} i18nKey="banners.service" values={{ brand: brandName }} components={{ b: <strong /> }} />
      </span>
    </Banner>
  );
}
