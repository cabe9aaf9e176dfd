import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useLogoutEverywhereMutation } from './api.ts';
import { errorKey } from './errors.ts';
import { FormMessage } from './states.tsx';

/** Ends every session of the account, this one included, then leaves for the home page. */
export function SignOutEverywhereCard() {
  const { t } = useTranslation('profile');
  const { to } = useCurrentPage();
  const [logoutEverywhere, { isLoading, isSuccess, error }] = useLogoutEverywhereMutation();

  const run = async () => {
    const result = await logoutEverywhere();
    // A full navigation drops every piece of the signed-in state kept by the page.
    if (!result.error) window.location.assign(to('/'));
  };

  return (
    <Card title={t('overview.sessions.title')} description={t('overview.sessions.text')}>
      <div className="stack stack--sm">
        <FormMessage error={error ? t(errorKey(error)) : null} />
        <div>
          <Button variant="secondary" loading={isLoading || isSuccess} onClick={() => void run()}>
            {t('overview.sessions.button')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
