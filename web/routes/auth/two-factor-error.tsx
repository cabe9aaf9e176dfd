import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { AuthHead, AuthLayout } from '#web/features/auth/auth-layout.tsx';

/** Where the two-factor step ends after too many wrong codes: the pending sign-in is gone. */
export default function TwoFactorErrorPage() {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthHead title={t('twoFactorError.title')} />
      <AuthLayout tone="danger" title={t('twoFactorError.heading')} lead={t('twoFactorError.text')}>
        <p className="text-secondary">{t('twoFactorError.recovery')}</p>
        <LocalizedLink to="/auth/login" className={buttonClassName('primary', 'lg', 'btn--block')}>
          {t('twoFactorError.signIn')}
        </LocalizedLink>
      </AuthLayout>
    </>
  );
}
