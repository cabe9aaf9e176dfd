import { useTranslation } from '#web/lib/i18n-react.ts';
import { useParams } from 'react-router';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { useChangeEmailMutation } from '#web/features/auth/api.ts';
import { AuthHead, AuthLayout, FormAlert } from '#web/features/auth/auth-layout.tsx';
import { authErrorMessage, isLinkInvalid, readAuthError } from '#web/features/auth/errors.ts';
import { useRunOnce } from '#web/features/auth/use-run-once.ts';
import { hashLinkFrom } from './shared.ts';

const LINK_STATUSES = ['confirm', 'cancel'] as const;

/**
 * The links of an e-mail change: `confirm` (mailed to the new address) makes it the account's
 * address, `cancel` (mailed to the old one) drops the change. Runs on arrival.
 */
export default function ChangeEmailPage() {
  const { t } = useTranslation('auth');
  const params = useParams();
  const base = hashLinkFrom(params);
  const status = LINK_STATUSES.find((s) => s === params.status) ?? null;
  const link = base && status ? { ...base, status } : null;
  const [complete, state] = useChangeEmailMutation();
  useRunOnce(link ? `${link.userId}/${link.hash}/${link.status}` : null, () => void (link && complete(link)));

  const head = <AuthHead title={t('changeEmail.title')} />;
  const error = state.isError ? readAuthError(state.error) : null;
  const profileLink = (
    <LocalizedLink to="/profile" className={buttonClassName('primary', 'lg', 'btn--block')}>
      {t('links.profile')}
    </LocalizedLink>
  );

  if (!link || (error && isLinkInvalid(error))) {
    return (
      <>
        {head}
        <AuthLayout
          tone="danger"
          announce="alert"
          title={t('changeEmail.invalid.heading')}
          lead={t('changeEmail.invalid.text')}
        >
          {profileLink}
        </AuthLayout>
      </>
    );
  }

  if (error?.code === 'CONFLICT') {
    return (
      <>
        {head}
        <AuthLayout
          tone="danger"
          announce="alert"
          title={t('changeEmail.conflict.heading')}
          lead={t('changeEmail.conflict.text')}
        >
          {profileLink}
        </AuthLayout>
      </>
    );
  }

  if (error) {
    return (
      <>
        {head}
        <AuthLayout tone="warning" announce="status" title={t('changeEmail.failed')}>
          <FormAlert>{authErrorMessage(t, error)}</FormAlert>
          <div>
            <Button onClick={() => void complete(link)}>{t('links.retry')}</Button>
          </div>
        </AuthLayout>
      </>
    );
  }

  if (state.isSuccess) {
    const changed = state.data.status === 'changed';
    return (
      <>
        {head}
        <AuthLayout
          tone="success"
          announce="status"
          title={changed ? t('changeEmail.changed.heading') : t('changeEmail.cancelled.heading')}
          lead={changed ? t('changeEmail.changed.text') : t('changeEmail.cancelled.text')}
        >
          {profileLink}
        </AuthLayout>
      </>
    );
  }

  return (
    <>
      {head}
      <AuthLayout
        tone="pending"
        announce="status"
        title={status === 'cancel' ? t('changeEmail.pendingCancel') : t('changeEmail.pendingConfirm')}
      />
    </>
  );
}
