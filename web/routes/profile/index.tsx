import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { ApiKeyCard } from '#web/features/profile/api-key.tsx';
import { profileApi, useGetProfileQuery } from '#web/features/profile/api.ts';
import { formatDateTime, formatUsd } from '#web/features/profile/format.ts';
import { ProfileLayout } from '#web/features/profile/profile-layout.tsx';
import { SignOutEverywhereCard } from '#web/features/profile/sessions.tsx';
import { LoadFailed, LoadingBlock } from '#web/features/profile/states.tsx';
import { WalletCard } from '#web/features/profile/wallet.tsx';
import { useCurrentUser } from '#web/features/user/use-current-user.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(profileApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
  return null;
}

export default function ProfileOverviewPage() {
  const { t } = useTranslation('profile');
  const { lang } = useCurrentPage();
  const user = useCurrentUser();
  const { data: profile, error, isLoading, refetch } = useGetProfileQuery();

  return (
    <ProfileLayout section="overview">
      {isLoading ? (
        <LoadingBlock lines={4} />
      ) : !profile ? (
        <LoadFailed error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="stack stack--lg">
          <div className="grid-2">
            <Card>
              <Stat
                label={t('overview.balance.label')}
                value={<span data-testid="profile-balance">{user ? formatUsd(user.balance.amount, lang) : '—'}</span>}
                hint={t('overview.balance.hint')}
              />
            </Card>
            <Card
              title={t('overview.twoFactor.title')}
              actions={
                <LocalizedLink to="/profile/authentication" className={buttonClassName('secondary')}>
                  {t('overview.twoFactor.manage')}
                </LocalizedLink>
              }
            >
              <div className="stack stack--sm">
                <div>
                  <Badge tone={profile.twoFactorEnabled ? 'success' : 'warning'} dot>
                    {profile.twoFactorEnabled ? t('overview.twoFactor.on') : t('overview.twoFactor.off')}
                  </Badge>
                </div>
                <p className="text-sm text-secondary">
                  {profile.twoFactorEnabled ? t('overview.twoFactor.onText') : t('overview.twoFactor.offText')}
                </p>
              </div>
            </Card>
          </div>

          <Card title={t('overview.account.title')}>
            <dl className="facts">
              <div>
                <dt>{t('overview.account.email')}</dt>
                <dd>
                  <span className="break">{profile.email}</span>{' '}
                  {!profile.emailConfirmed && <Badge tone="warning">{t('overview.account.unconfirmed')}</Badge>}{' '}
                  <LocalizedLink to="/profile/edit#change-email" className="link text-sm">
                    {t('overview.account.changeEmail')}
                  </LocalizedLink>
                </dd>
              </div>
              {profile.pendingEmail && (
                <div>
                  <dt>{t('overview.account.pendingEmail')}</dt>
                  <dd>
                    <span className="break">{profile.pendingEmail}</span>{' '}
                    <Badge tone="info">{t('overview.account.pendingBadge')}</Badge>
                    <p className="text-sm muted">{t('overview.account.pendingHint')}</p>
                  </dd>
                </div>
              )}
              <div>
                <dt>{t('overview.account.userType')}</dt>
                <dd>
                  {t(`types.${user?.profile.userType ?? 'none'}`)}{' '}
                  <LocalizedLink to="/cabinet/edittype" className="link text-sm">
                    {t('overview.account.changeType')}
                  </LocalizedLink>
                </dd>
              </div>
              <div>
                <dt>{t('overview.account.id')}</dt>
                <dd className="num">{profile.id}</dd>
              </div>
              <div>
                <dt>{t('overview.account.since')}</dt>
                <dd className="num">
                  {formatDateTime(profile.createdAt, profile.timezone)}{' '}
                  <span className="muted text-sm">{profile.timezone}</span>
                </dd>
              </div>
            </dl>
          </Card>

          <ApiKeyCard apiKey={profile.apiKey} />
          <WalletCard wallet={profile.wallet} email={profile.email} />
          <SignOutEverywhereCard />
        </div>
      )}
    </ProfileLayout>
  );
}
