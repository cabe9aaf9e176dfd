import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { buttonClassName } from '#web/components/button/button.tsx';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="error-page container" aria-labelledby="error-title">
      <title>{t('errors.notFound.title')}</title>
      <p className="error-page__code">404</p>
      <h1 id="error-title">{t('errors.notFound.title')}</h1>
      <p className="muted">{t('errors.notFound.text')}</p>
      <LocalizedLink to="/" className={buttonClassName('primary', 'lg')}>{t('errors.home')}</LocalizedLink>
    </section>
  );
}

export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <section className="error-page container" aria-labelledby="error-title" role="alert">
      <title>{t('errors.failed.title')}</title>
      <h1 id="error-title">{t('errors.failed.title')}</h1>
      <p className="muted">{t('errors.failed.text')}</p>
      <a href="" className={buttonClassName('primary', 'lg')}>{t('errors.reload')}</a>
    </section>
  );
}
