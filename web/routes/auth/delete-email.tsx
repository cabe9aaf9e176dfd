import { useTranslation } from '#web/lib/i18n-react.ts';
import { useParams } from 'react-router';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { useDeleteEmailMutation } from '#web/features/auth/api.ts';
import { AuthHead, AuthLayout, FormAlert } from '#web/features/auth/auth-layout.tsx';
import { authErrorMessage, isLinkInvalid, readAuthError } from '#web/features/auth/errors.ts';
import { hashLinkFrom } from './shared.ts';

/**
 * The unsubscribe link of notification mails. Asks first (a mail scanner opening the link must
 * not unsubscribe anyone); security mail keeps coming either way.
 */
export default function DeleteEmailPage() {
  const { t } = useTranslation('auth');
  const link = hashLinkFrom(useParams());
  const [unsubscribe, state] = useDeleteEmailMutation();
  const head = <AuthHead title={t('deleteEmail.title')} />;
  const error = state.isError ? readAuthError(state.error) : null;
  const settings = (
    <LocalizedLink to="/profile/notif" className={buttonClassName('secondary', 'lg', 'btn--block')}>
      {t('deleteEmail.settings')}
    </LocalizedLink>
  );

  if (!link || (error && isLinkInvalid(error))) {
    return (
      <>
        {head}
        <AuthLayout
          tone="danger"
          announce="alert"
          focusTitle={Boolean(error)}
          title={t('deleteEmail.invalid.heading')}
          lead={t('deleteEmail.invalid.text')}
        >
          {settings}
        </AuthLayout>
      </>
    );
  }

  if (state.isSuccess) {
    return (
      <>
        {head}
        <AuthLayout
          tone="success"
          announce="status"
          focusTitle
          title={t('deleteEmail.done.heading')}
          lead={t('deleteEmail.done.text')}
        >
          {settings}
        </AuthLayout>
      </>
    );
  }

  return (
    <>
      {head}
      <AuthLayout announce="status" title={t('deleteEmail.heading')} lead={t('deleteEmail.lead')}>
        <p className="text-secondary">{t('deleteEmail.security')}</p>
        {error && <FormAlert>{authErrorMessage(t, error)}</FormAlert>}
        <Button size="lg" block loading={state.isLoading} onClick={() => void unsubscribe(link)}>
          {t('deleteEmail.submit')}
        </Button>
      </AuthLayout>
    </>
  );
}
