import { useTranslation } from '#web/lib/i18n-react.ts';
import { useNavigate, useParams } from 'react-router';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { useCheckKeyMutation } from '#web/features/auth/api.ts';
import { AuthHead, AuthLayout, FormAlert } from '#web/features/auth/auth-layout.tsx';
import { authErrorMessage, isLinkInvalid, readAuthError } from '#web/features/auth/errors.ts';
import { afterSignIn, browserNavigation } from '#web/features/auth/navigation.ts';
import { ResendConfirmation } from '#web/features/auth/resend-confirmation.tsx';
import { useRunOnce } from '#web/features/auth/use-run-once.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { hashLinkFrom } from './shared.ts';

/** The link of the sign-up mail: confirms the address on arrival and signs the user in. */
export default function CheckKeyPage() {
  const { t } = useTranslation('auth');
  const { lang, to } = useCurrentPage();
  const navigate = useNavigate();
  const link = hashLinkFrom(useParams());
  const [confirm, state] = useCheckKeyMutation();

  async function run() {
    if (!link) return;
    const result = await confirm(link);
    if (result.data?.status === 'ok') browserNavigation.assign(afterSignIn(null, result.data.homePath, to));
    else if (result.data?.status === 'two_factor_required') await navigate(to('/auth/oauth-2fa'), { replace: true });
  }
  useRunOnce(link ? `${link.userId}/${link.hash}` : null, () => void run());

  const head = <AuthHead title={t('checkKey.title')} />;
  const error = state.isError ? readAuthError(state.error) : null;

  if (!link || (error && isLinkInvalid(error))) {
    return (
      <>
        {head}
        <AuthLayout
          tone="danger"
          announce="alert"
          title={t('checkKey.invalid.heading')}
          lead={t('checkKey.invalid.text')}
          footer={
            <p className="text-sm">
              {t('checkKey.invalid.confirmed')}{' '}
              <LocalizedLink to="/auth/login">{t('checkKey.invalid.signIn')}</LocalizedLink>
            </p>
          }
        >
          <div className="stack stack--sm">
            <h2 className="auth-card__subtitle">{t('checkKey.invalid.resend')}</h2>
            <ResendConfirmation language={lang} variant="primary" />
          </div>
        </AuthLayout>
      </>
    );
  }

  if (error) {
    return (
      <>
        {head}
        <AuthLayout tone="warning" announce="status" title={t('checkKey.failed.heading')}>
          <FormAlert>{authErrorMessage(t, error)}</FormAlert>
          <div>
            <Button onClick={() => void run()}>{t('links.retry')}</Button>
          </div>
        </AuthLayout>
      </>
    );
  }

  if (state.isSuccess) {
    const home = afterSignIn(null, state.data.homePath, to);
    return (
      <>
        {head}
        <AuthLayout tone="success" announce="status" title={t('checkKey.done.heading')} lead={t('checkKey.done.text')}>
          <p className="text-sm text-secondary">
            {t('links.notRedirected')} <a href={home}>{t('links.continue')}</a>
          </p>
        </AuthLayout>
      </>
    );
  }

  return (
    <>
      {head}
      <AuthLayout tone="pending" announce="status" title={t('checkKey.pending')} />
    </>
  );
}
