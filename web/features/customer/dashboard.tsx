import { useTranslation } from '#web/lib/i18n-react.ts';
import type { Dashboard, DashboardSolveTime, DashboardTask } from '#shared/contracts/dashboard.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { formatDateTime, formatUsd } from '#web/lib/format.ts';
import type { LiveStatus } from './use-task-events.ts';

/** 0.8333 → "83.3 %" in the page language; null → "—". */
export function formatRate(rate: number | null, lang: string): string {
  if (rate === null) return '—';
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** 15300 → "15" and 4250 → "4.3": seconds, one decimal below ten (the unit comes from the catalogue). */
export function formatSeconds(ms: number, lang: string): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: ms < 10_000 ? 1 : 0 }).format(ms / 1000);
}

const STATE_TONE: Record<DashboardTask['state'], BadgeTone> = {
  queued: 'neutral',
  assigned: 'info',
  solved: 'success',
  unsolvable: 'danger',
};

export function TaskStateBadge({ state }: { state: DashboardTask['state'] }) {
  const { t } = useTranslation('customer');
  return (
    <Badge tone={STATE_TONE[state]} dot>
      {t(`dashboard.states.${state}`)}
    </Badge>
  );
}

/** Balance, today's spend and count, today's success rate. */
export function DashboardFigures({ data, lang }: { data: Dashboard; lang: string }) {
  const { t } = useTranslation('customer');
  const { today } = data;
  return (
    <section aria-label={t('dashboard.figures.label')} className="grid-4 stat-cards customer-figures">
      <Card>
        <Stat
          label={t('dashboard.figures.balance')}
          value={<span data-testid="dashboard-balance">{formatUsd(data.balance, lang)}</span>}
          hint={
            <LocalizedLink to="/addbalance" className="link">
              {t('dashboard.figures.topUp')}
            </LocalizedLink>
          }
        />
      </Card>
      <Card>
        <Stat
          label={t('dashboard.figures.spend')}
          value={<span data-testid="dashboard-spend">{formatUsd(today.spend, lang)}</span>}
          hint={t('dashboard.figures.spendHint')}
        />
      </Card>
      <Card>
        <Stat
          label={t('dashboard.figures.count')}
          value={<span data-testid="dashboard-count">{today.count}</span>}
          hint={
            <span data-testid="dashboard-breakdown">
              {t('dashboard.figures.breakdown', { solved: today.solved, unsolvable: today.unsolvable, inProgress: today.inProgress })}
            </span>
          }
        />
      </Card>
      <Card>
        <Stat
          label={t('dashboard.figures.successRate')}
          value={<span data-testid="dashboard-success-rate">{formatRate(today.successRate, lang)}</span>}
          hint={today.successRate === null ? t('dashboard.figures.successRateEmpty') : t('dashboard.figures.successRateHint')}
        />
      </Card>
    </section>
  );
}

/** The connection state of the live updates, announced politely. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation('customer');
  const tone: BadgeTone = status === 'live' ? 'success' : status === 'offline' ? 'warning' : 'neutral';
  return (
    <span role="status" aria-live="polite" data-testid="dashboard-live" data-status={status}>
      <Badge tone={tone} dot title={t(`dashboard.live.${status}Hint`)}>
        {t(`dashboard.live.${status}`)}
      </Badge>
    </span>
  );
}

export function SolveTimesCard({ rows, lang }: { rows: DashboardSolveTime[]; lang: string }) {
  const { t } = useTranslation('customer');
  return (
    <Card title={t('dashboard.solveTimes.title')} description={t('dashboard.solveTimes.description')}>
      {rows.length === 0 ? (
        <EmptyState compact headingLevel={3} title={t('dashboard.solveTimes.emptyTitle')} description={t('dashboard.solveTimes.emptyText')} />
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="dashboard-solve-times">
            <caption className="visually-hidden">{t('dashboard.solveTimes.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.columns.type')}</th>
                <th scope="col" className="num">
                  {t('dashboard.columns.solved')}
                </th>
                <th scope="col" className="num">
                  {t('dashboard.columns.averageTime')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.type}>
                  <th scope="row">{t(`types.${row.type}`, { defaultValue: row.type })}</th>
                  <td className="num">{row.solved}</td>
                  <td className="num">{t('dashboard.seconds', { value: formatSeconds(row.averageMs, lang) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

export function RecentTasksCard({ rows, timezone, lang }: { rows: DashboardTask[]; timezone: string; lang: string }) {
  const { t } = useTranslation('customer');
  return (
    <Card
      title={t('dashboard.recent.title')}
      description={t('dashboard.recent.description', { zone: timezone })}
      actions={
        <LocalizedLink to="/statistics/uploads" className={buttonClassName('secondary')}>
          {t('dashboard.recent.all')}
        </LocalizedLink>
      }
    >
      {rows.length === 0 ? (
        <EmptyState
          compact
          headingLevel={3}
          title={t('dashboard.recent.emptyTitle')}
          description={t('dashboard.recent.emptyText')}
          action={
            <LocalizedLink to="/testcaptcha" className={buttonClassName('primary')}>
              {t('dashboard.recent.tryOne')}
            </LocalizedLink>
          }
        />
      ) : (
        <div className="table-wrap">
          <table className="table customer-recent" data-testid="dashboard-recent">
            <caption className="visually-hidden">{t('dashboard.recent.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.columns.id')}</th>
                <th scope="col">{t('dashboard.columns.type')}</th>
                <th scope="col">{t('dashboard.columns.state')}</th>
                <th scope="col">{t('dashboard.columns.answer')}</th>
                <th scope="col" className="num">
                  {t('dashboard.columns.price')}
                </th>
                <th scope="col">{t('dashboard.columns.created')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-task-id={row.id} data-state={row.state}>
                  <td className="num mono">{row.id}</td>
                  <td>
                    {t(`types.${row.type}`, { defaultValue: row.type })}
                    {row.sandbox && (
                      <>
                        {' '}
                        <Badge tone="warning">{t('dashboard.recent.sandbox')}</Badge>
                      </>
                    )}
                  </td>
                  <td>
                    <TaskStateBadge state={row.state} />
                  </td>
                  <td className="mono break">
                    {row.answerPreview ?? (row.failure ? <span className="muted">{row.failure}</span> : <span className="muted">—</span>)}
                  </td>
                  <td className="num">{formatUsd(row.price, lang)}</td>
                  <td className="nowrap num">{formatDateTime(row.createdAt, timezone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

/** Where to go next: settings, statistics and top-up. */
export function QuickLinks() {
  const { t } = useTranslation('customer');
  const links = [
    ['/setting', 'settings'],
    ['/setting/percent_100', 'percent100'],
    ['/statistics/uploads', 'uploads'],
    ['/statistics/graph_captures', 'graphs'],
    ['/addbalance', 'topUp'],
  ] as const;
  return (
    <Card title={t('dashboard.links.title')}>
      <ul className="link-list">
        {links.map(([to, key]) => (
          <li key={to}>
            <LocalizedLink to={to} className="link">
              {t(`dashboard.links.${key}`)}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </Card>
  );
}
