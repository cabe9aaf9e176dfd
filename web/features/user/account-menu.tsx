import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { homePathOf } from '#shared/accounts.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { useCurrentUser } from './use-current-user.ts';

// The dialog (and the dialog library under it) loads when a visitor reaches for the button, not
// with every page: most visitors of a landing never open it.
const loadGetStarted = () => import('#web/components/layout/get-started-modal.tsx');
const GetStartedModal = lazy(() => loadGetStarted().then((m) => ({ default: m.GetStartedModal })));

/** The header's right side: sign-in and "Get started" for visitors, balance and account links for users. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [startOpen, setStartOpen] = useState(false);
  if (!user) {
    return (
      <>
        <LocalizedLink to="/auth/login" className={buttonClassName('tertiary', 'md')}>{t('account.signIn')}</LocalizedLink>
        <Button variant="primary" size="md" onClick={() => setStartOpen(true)} onPointerEnter={() => void loadGetStarted()} onFocus={() => void loadGetStarted()}>
          {t('nav.getStarted')}
        </Button>
        {startOpen && (
          <Suspense fallback={null}>
            <GetStartedModal open onClose={() => setStartOpen(false)} />
          </Suspense>
        )}
      </>
    );
  }
  return (
    <>
      <LocalizedLink to={homePathOf(user.profile.userType)} className="account-balance num" title={t('account.balance')} data-testid="header-balance">
        ${user.balance.amount}
      </LocalizedLink>
      {user.permissions.admin && <LocalizedLink to="/p/admin" className={buttonClassName('tertiary', 'md')}>{t('account.admin')}</LocalizedLink>}
      {user.permissions.moderator && !user.permissions.admin && <LocalizedLink to="/p/moderator" className={buttonClassName('tertiary', 'md')}>{t('account.moderation')}</LocalizedLink>}
      <LocalizedLink to="/profile" className={buttonClassName('secondary', 'md')}>{t('account.profile')}</LocalizedLink>
      <LocalizedLink to="/auth/logout" className={buttonClassName('tertiary', 'md')}>{t('account.signOut')}</LocalizedLink>
    </>
  );
}
