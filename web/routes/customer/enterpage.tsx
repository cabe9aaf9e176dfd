import { useCallback } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { customerApi, useGetDashboardQuery } from '#web/features/customer/api.ts';
import { CustomerLayout } from '#web/features/customer/customer-layout.tsx';
import { DashboardFigures, LiveIndicator, QuickLinks, RecentTasksCard, SolveTimesCard } from '#web/features/customer/dashboard.tsx';
import { LoadFailed } from '#web/features/customer/states.tsx';
import { useTaskEvents } from '#web/features/customer/use-task-events.ts';
import { ApiKeyField } from '#web/features/profile/api-key.tsx';
import { CopyButton } from '#web/features/profile/copy-button.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useAppDispatch, useAppSelector } from '#web/store/hooks.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(customerApi.endpoints.getDashboard.initiate(undefined, { subscribe: false, forceRefetch: true }));
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

function CodeSample({ code, label, copy }: { code: string; label: string; copy: { label: string; copied: string; failed: string } }) {
  return (
    <div className="code-sample">
      <pre tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <CopyButton value={code} label={copy.label} copiedLabel={copy.copied} failedLabel={copy.failed} className="code-sample__copy" />
    </div>
  );
}

function GetStartedCard({ apiKey }: { apiKey: string }) {
  const { t } = useTranslation('customer');
  const origin = useSiteOrigin();
  const copy = { label: t('common.copy'), copied: t('common.copied'), failed: t('common.copyFailed') };
  const steps = [
    { key: 'submit', code: `curl ${origin}/in.php \\\n  -F key=${apiKey} \\\n  -F method=post -F json=1 \\\n  -F file=@captcha.png` },
    { key: 'poll', code: `curl -G ${origin}/res.php \\\n  -d key=${apiKey} \\\n  -d action=get -d id=CAPTCHA_ID -d json=1` },
    { key: 'balance', code: `curl -G ${origin}/res.php \\\n  -d key=${apiKey} \\\n  -d action=getbalance -d json=1` },
  ] as const;
  return (
    <Card title={t('dashboard.start.title')} description={t('dashboard.start.lead')}>
      <ol className="start-steps">
        {steps.map((s) => (
          <li key={s.key} className="stack stack--sm">
            <h3 className="start-steps__title">{t(`dashboard.start.steps.${s.key}.title`)}</h3>
            <p className="text-sm text-secondary">{t(`dashboard.start.steps.${s.key}.text`)}</p>
            <CodeSample code={s.code} label={t(`dashboard.start.steps.${s.key}.title`)} copy={copy} />
          </li>
        ))}
      </ol>
      <p className="text-sm muted start-steps__note">{t('dashboard.start.keyNote')}</p>
    </Card>
  );
}

export default function EnterPage() {
  const { t } = useTranslation('customer');
  const { lang } = useCurrentPage();
  const dispatch = useAppDispatch();
  const { data, error, isLoading, refetch } = useGetDashboardQuery(undefined, { refetchOnMountOrArgChange: true });

  // A task of this account was submitted or ended somewhere: refetch the figures and the balance.
  const refresh = useCallback(() => {
    dispatch(customerApi.util.invalidateTags(['Dashboard', 'User']));
  }, [dispatch]);
  const live = useTaskEvents({ onEvent: refresh, onResync: refresh });

  return (
    <CustomerLayout title={t('dashboard.title')} lead={t('dashboard.lead')} actions={<LiveIndicator status={live} />}>
      {isLoading ? (
        <LoadingBlock lines={4} />
      ) : !data ? (
        <LoadFailed error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="stack stack--lg">
          <DashboardFigures data={data} lang={lang} />
          <div className="customer-columns">
            <Card
              title={t('dashboard.apiKey.title')}
              description={t('dashboard.apiKey.description')}
              actions={
                <LocalizedLink to="/setting" className={buttonClassName('secondary')}>
                  {t('dashboard.apiKey.manage')}
                </LocalizedLink>
              }
            >
              <ApiKeyField
                value={data.apiKey}
                label={t('dashboard.apiKey.label')}
                copy={{ label: t('common.copy'), copied: t('common.copied'), failed: t('common.copyFailed') }}
              />
            </Card>
            <QuickLinks />
          </div>
          <RecentTasksCard rows={data.recentTasks} timezone={data.timezone} lang={lang} />
          <SolveTimesCard rows={data.solveTimes} lang={lang} />
          <GetStartedCard apiKey={data.apiKey} />
        </div>
      )}
    </CustomerLayout>
  );
}
