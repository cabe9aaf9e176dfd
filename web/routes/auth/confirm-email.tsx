import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { AuthHead, AuthLayout } from '#web/features/auth/auth-layout.tsx';
import { checkEmail } from '#web/features/auth/errors.ts';
import { ResendConfirmation } from '#web/features/auth/resend-confirmation.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** After sign-up: the link is on its way; send it again, or sign in once confirmed. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const { lang } = useCurrentPage();
  const [search] = useSearchParams();
  const given = search.get('email')?.trim() ?? '';
  const email = given && !checkEmail(given) ? given : null;
  return (
    <>
      <AuthHead title={t('confirmEmail.title')} />
      <AuthLayout
        tone="info"
        title={t('confirmEmail.heading')}
        lead={email ? t('confirmEmail.sentTo', { email }) : t('confirmEmail.sent')}
        footer={
          <p className="text-sm">
            {t('confirmEmail.confirmed')} <LocalizedLink to="/auth/login">{t('confirmEmail.signIn')}</LocalizedLink>
          </p>
        }
      >
        <p className="text-secondary">{t('confirmEmail.expiry')}</p>
        <div className="stack stack--sm">
          <h2 className="auth-card__subtitle">{t('confirmEmail.notReceived')}</h2>
          <p className="text-sm text-secondary">{t('confirmEmail.checkSpam')}</p>
          <ResendConfirmation language={lang} email={email} />
        </div>
      </AuthLayout>
    </>
  );
}
