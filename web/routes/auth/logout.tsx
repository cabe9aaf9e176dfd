import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { AuthHead, AuthLayout, FormAlert } from '#web/features/auth/auth-layout.tsx';
import { authErrorMessage, readAuthError } from '#web/features/auth/errors.ts';
import { browserNavigation } from '#web/features/auth/navigation.ts';
import { useRunOnce } from '#web/features/auth/use-run-once.ts';
import { useLogoutMutation } from '#web/features/user/api.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** Sign-out: ends the session on arrival, then loads the home page afresh (no back to a private page). */
export default function LogoutPage() {
  const { t } = useTranslation('auth');
  const { to } = useCurrentPage();
  const [logout, state] = useLogoutMutation();

  async function run() {
    const result = await logout();
    if (!result.error) browserNavigation.replace(to('/'));
  }
  useRunOnce('logout', () => void run());

  const error = state.isError ? readAuthError(state.error) : null;
  return (
    <>
      <AuthHead title={t('logout.title')} />
      {error ? (
        <AuthLayout tone="warning" announce="status" title={t('logout.failed')}>
          <FormAlert>{authErrorMessage(t, error)}</FormAlert>
          <div>
            <Button onClick={() => void run()}>{t('links.retry')}</Button>
          </div>
        </AuthLayout>
      ) : (
        <AuthLayout tone="pending" announce="status" title={t('logout.pending')} />
      )}
    </>
  );
}
