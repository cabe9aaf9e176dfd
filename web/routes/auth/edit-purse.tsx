import { useTranslation } from '#web/lib/i18n-react.ts';
import { useParams } from 'react-router';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { useEditPurseMutation } from '#web/features/auth/api.ts';
import { AuthHead, AuthLayout, FormAlert } from '#web/features/auth/auth-layout.tsx';
import { authErrorMessage, isLinkInvalid, readAuthError } from '#web/features/auth/errors.ts';
import { useRunOnce } from '#web/features/auth/use-run-once.ts';
import { hashLinkFrom } from './shared.ts';

/** The link of the wallet-change mail: confirms the new payout wallet on arrival. */
export default function EditPursePage() {
  const { t } = useTranslation('auth');
  const link = hashLinkFrom(useParams());
  const [confirm, state] = useEditPurseMutation();
  useRunOnce(link ? `${link.userId}/${link.hash}` : null, () => void (link && confirm(link)));

  const head = <AuthHead title={t('editPurse.title')} />;
  const error = state.isError ? readAuthError(state.error) : null;

  if (!link || (error && isLinkInvalid(error))) {
    return (
      <>
        {head}
        <AuthLayout
          tone="danger"
          announce="alert"
          title={t('editPurse.invalid.heading')}
          lead={t('editPurse.invalid.text')}
        >
          <LocalizedLink to="/profile" className={buttonClassName('secondary', 'lg', 'btn--block')}>
            {t('links.profile')}
          </LocalizedLink>
        </AuthLayout>
      </>
    );
  }

  if (error) {
    return (
      <>
        {head}
        <AuthLayout tone="warning" announce="status" title={t('editPurse.failed')}>
          <FormAlert>{authErrorMessage(t, error)}</FormAlert>
          <div>
            <Button onClick={() => void confirm(link)}>{t('links.retry')}</Button>
          </div>
        </AuthLayout>
      </>
    );
  }

  if (state.isSuccess) {
    const { wallet } = state.data;
    return (
      <>
        {head}
        <AuthLayout
          tone="success"
          announce="status"
          title={t('editPurse.done.heading')}
          lead={t('editPurse.done.text')}
        >
          <dl className="auth-facts">
            <div>
              <dt>{t('editPurse.done.method')}</dt>
              <dd>{wallet.method}</dd>
            </div>
            <div>
              <dt>{t('editPurse.done.address')}</dt>
              <dd className="mono" data-testid="confirmed-wallet">
                {wallet.address}
              </dd>
            </div>
          </dl>
          <LocalizedLink to="/partner/payment_edit" className={buttonClassName('primary', 'lg', 'btn--block')}>
            {t('links.wallets')}
          </LocalizedLink>
        </AuthLayout>
      </>
    );
  }

  return (
    <>
      {head}
      <AuthLayout tone="pending" announce="status" title={t('editPurse.pending')} />
    </>
  );
}
