import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';

/**
 * /workers-software/captcha-bot-rs and /workers-software/rucaptcha-bot: these desktop tools do not
 * exist in this product, so the page says so plainly and shows what workers can use instead.
 */
export default function BotPage() {
  const { t } = useTranslation('hub');
  const { path } = useCurrentPage();
  const slug = path.endsWith('rucaptcha-bot') ? 'rucaptcha-bot' : 'captcha-bot-rs';
  const name = t(`bots.${slug}.name`);
  return (
    <>
      <title>{t('bots.meta.title', { name })}</title>
      <meta name="description" content={t('bots.meta.description', { name })} />
      <header className="page-header page-header--band">
        <div className="container page-header__inner">
          <div className="page-header__content">
            <h1 className="page-header__title">{name}</h1>
            <p className="page-header__lead">{t(`bots.${slug}.lead`)}</p>
          </div>
        </div>
      </header>
      <div className="section section--tight">
        <div className="container stack stack--lg">
          <Banner tone="warning">
            <p>{t('bots.notAvailable', { name })}</p>
          </Banner>
          <section className="stack stack--sm">
            <h2>{t('bots.insteadTitle')}</h2>
            <p>{t('bots.insteadText')}</p>
            <p>{t('bots.tokenNote')}</p>
          </section>
          <div className="cluster">
            <LocalizedLink to="/cabinet" className={buttonClassName('primary', 'lg')}>
              {t('bots.cabinet')}
            </LocalizedLink>
            <LocalizedLink to="/workers-software" className={buttonClassName('secondary', 'lg')}>
              {t('bots.api')}
            </LocalizedLink>
          </div>
        </div>
      </div>
    </>
  );
}
