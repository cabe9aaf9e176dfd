import { useTranslation } from 'react-i18next';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { ApiKeyField } from '#web/features/profile/api-key.tsx';
import { profileApi, useGetProfileQuery } from '#web/features/profile/api.ts';
import { ConsoleLayout } from '#web/features/profile/console-layout.tsx';
import { CopyButton } from '#web/features/profile/copy-button.tsx';
import { formatUsd } from '#web/features/profile/format.ts';
import { LoadFailed, LoadingBlock } from '#web/features/profile/states.tsx';
import { useCurrentUser } from '#web/features/user/use-current-user.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useAppSelector } from '#web/store/hooks.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(profileApi.endpoints.getProfile.initiate(undefined, { subscribe: false }));
  return null;
}

/**
 * The origin this page was served from, the same on the server and in the browser: the configured
 * site whose host matches, else the rendered host with the main site's scheme.
 */
function useSiteOrigin(): string {
  const host = useAppSelector((s) => s.app.host);
  const sites = useAppSelector((s) => s.app.sites);
  const known = [sites.intl, sites.ru, sites.zh].find((o) => o !== null && new URL(o).host === host);
  if (known) return new URL(known).origin;
  return `${new URL(sites.intl).protocol}//${host}`;
}

function CodeSample({
  code,
  label,
  copy,
}: {
  code: string;
  label: string;
  copy: { label: string; copied: string; failed: string };
}) {
  return (
    <div className="code-sample">
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <CopyButton
        value={code}
        label={copy.label}
        copiedLabel={copy.copied}
        failedLabel={copy.failed}
        className="code-sample__copy"
      />
    </div>
  );
}

function GetStartedCard({ apiKey }: { apiKey: string }) {
  const { t } = useTranslation('dashboard');
  const origin = useSiteOrigin();
  const copy = { label: t('copy'), copied: t('copied'), failed: t('copyFailed') };
  const steps = [
    {
      key: 'submit',
      code: `curl ${origin}/in.php \\\n  -F key=${apiKey} \\\n  -F method=post -F json=1 \\\n  -F file=@captcha.png`,
    },
    {
      key: 'poll',
      code: `curl -G ${origin}/res.php \\\n  -d key=${apiKey} \\\n  -d action=get -d id=CAPTCHA_ID -d json=1`,
    },
    { key: 'balance', code: `curl -G ${origin}/res.php \\\n  -d key=${apiKey} \\\n  -d action=getbalance -d json=1` },
  ] as const;
  return (
    <Card title={t('start.title')} description={t('start.lead')}>
      <ol className="start-steps">
        {steps.map((s) => (
          <li key={s.key} className="stack stack--sm">
            <h3 className="start-steps__title">{t(`start.steps.${s.key}.title`)}</h3>
            <p className="text-sm text-secondary">{t(`start.steps.${s.key}.text`)}</p>
            <CodeSample code={s.code} label={t(`start.steps.${s.key}.title`)} copy={copy} />
          </li>
        ))}
      </ol>
      <p className="text-sm muted start-steps__note">{t('start.keyNote')}</p>
    </Card>
  );
}

export default function EnterPage() {
  const { t } = useTranslation('dashboard');
  const { lang } = useCurrentPage();
  const user = useCurrentUser();
  const { data: profile, error, isLoading, refetch } = useGetProfileQuery();
  const nav = [
    { to: '/enterpage', label: t('nav.dashboard') },
    { to: '/profile', label: t('nav.profile') },
    { to: '/profile/authentication', label: t('nav.security') },
    { to: '/profile/docs', label: t('nav.documents') },
  ];
  const a = user?.analyticsData;

  return (
    <>
      <title>{t('meta.title')}</title>
      <ConsoleLayout
        navLabel={t('nav.label')}
        items={nav}
        title={t('title')}
        lead={user ? t('lead', { email: user.email }) : undefined}
      >
        <div className="stack stack--lg">
          {user && a && (
            <section aria-label={t('stats.label')} className="grid-3 stat-cards">
              <Card>
                <Stat
                  label={t('stats.balance')}
                  value={<span data-testid="dashboard-balance">{formatUsd(user.balance.amount, lang)}</span>}
                  hint={
                    a.daysSinceLastPayment === null
                      ? t('stats.noPayments')
                      : t('stats.lastPayment', { count: a.daysSinceLastPayment })
                  }
                />
              </Card>
              <Card>
                <Stat
                  label={t('stats.spent')}
                  value={formatUsd(a.spentOnCaptcha, lang)}
                  hint={
                    a.daysSinceLastUse === null ? t('stats.notUsed') : t('stats.lastUse', { count: a.daysSinceLastUse })
                  }
                />
              </Card>
              <Card>
                <Stat label={t('stats.days')} value={a.daysSinceRegistration} hint={t('stats.since')} />
              </Card>
            </section>
          )}

          {isLoading ? (
            <LoadingBlock />
          ) : !profile ? (
            <LoadFailed ns="dashboard" error={error} onRetry={() => void refetch()} />
          ) : (
            <>
              <Card
                title={t('apiKey.title')}
                description={t('apiKey.description')}
                actions={
                  <LocalizedLink to="/profile" className={buttonClassName('secondary')}>
                    {t('apiKey.manage')}
                  </LocalizedLink>
                }
              >
                <ApiKeyField
                  value={profile.apiKey}
                  label={t('apiKey.label')}
                  copy={{ label: t('copy'), copied: t('copied'), failed: t('copyFailed') }}
                />
              </Card>
              <GetStartedCard apiKey={profile.apiKey} />
            </>
          )}

          <Card title={t('links.title')}>
            <ul className="link-list">
              <li>
                <LocalizedLink to="/profile" className="link">
                  {t('links.profile')}
                </LocalizedLink>
              </li>
              <li>
                <LocalizedLink to="/profile/authentication" className="link">
                  {t('links.security')}
                </LocalizedLink>
              </li>
              <li>
                <LocalizedLink to="/profile/notif" className="link">
                  {t('links.notifications')}
                </LocalizedLink>
              </li>
              <li>
                <LocalizedLink to="/profile/edit_password" className="link">
                  {t('links.password')}
                </LocalizedLink>
              </li>
            </ul>
          </Card>
        </div>
      </ConsoleLayout>
    </>
  );
}
