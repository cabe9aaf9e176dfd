/**
 * The five customer logs: impossible captchas, API errors, complaints, "not a captcha" flags and
 * pingback deliveries. Each is one paginated table of the account's own rows.
 */
import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { ComplaintRow, ImpossibleRow, NotCaptchaRow, PingbackRow, PingbackStatus, ReportOutcome, TaskState } from '#shared/contracts/customer-logs.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import type { BadgeTone } from '#web/components/ui/badge.tsx';
import { FormMessage } from '#web/components/ui/states.tsx';
import { errorKey } from './errors.ts';
import {
  useDismissNotCaptchaMutation,
  useListApiErrorsInfiniteQuery,
  useListComplaintsInfiniteQuery,
  useListImpossibleInfiniteQuery,
  useListNotCaptchaInfiniteQuery,
  useListPingbacksInfiniteQuery,
} from './logs-api.ts';
import { LogTable, StatusBadge, TaskThumb, Time, Usd, useTypeName, type LogColumn } from './logs-list.tsx';

const STATE_TONE: Record<TaskState, BadgeTone> = { queued: 'info', assigned: 'info', solved: 'success', unsolvable: 'danger' };
const OUTCOME_TONE: Record<ReportOutcome, BadgeTone> = { pending: 'warning', upheld: 'success', rejected: 'neutral' };
const PINGBACK_TONE: Record<PingbackStatus, BadgeTone> = { pending: 'info', retrying: 'warning', delivered: 'success', failed: 'danger' };

export function TaskStateBadge({ state }: { state: TaskState }) {
  const { t } = useTranslation('customer');
  return <StatusBadge tone={STATE_TONE[state]}>{t(`logs.state.${state}`)}</StatusBadge>;
}

export function OutcomeBadge({ outcome }: { outcome: ReportOutcome }) {
  const { t } = useTranslation('customer');
  return <StatusBadge tone={OUTCOME_TONE[outcome]}>{t(`logs.outcome.${outcome}`)}</StatusBadge>;
}

function TaskId({ id }: { id: number }) {
  return <span className="mono num">{id}</span>;
}

/** The task id with its captcha type's name under it. */
export function TaskCell({ id, type }: { id: number; type: string }) {
  const typeName = useTypeName();
  return (
    <span className="task-cell">
      <span className="mono">{id}</span>
      <span className="text-sm muted">{typeName(type)}</span>
    </span>
  );
}

export function ImpossibleLog() {
  const { t } = useTranslation('customer');
  const query = useListImpossibleInfiniteQuery();
  const columns: LogColumn<ImpossibleRow>[] = [
    { key: 'task', header: t('logs.columns.task'), cell: (r) => <TaskCell id={r.id} type={r.type} /> },
    { key: 'image', header: t('logs.columns.image'), cell: (r) => <TaskThumb id={r.id} hasImage={r.hasImage} /> },
    { key: 'submitted', header: t('logs.columns.submitted'), className: 'nowrap num', cell: (r, tz) => <Time iso={r.createdAt} timezone={tz} /> },
    { key: 'ended', header: t('logs.columns.ended'), className: 'nowrap num', cell: (r, tz) => <Time iso={r.endedAt} timezone={tz} /> },
    {
      key: 'reason',
      header: t('logs.columns.reason'),
      cell: (r) => (
        <span className="stack stack--xs">
          <span>{t(`logs.impossible.reason.${r.reason}`, { attempts: r.attempts, max: r.maxAttempts })}</span>
          <span className="mono text-sm muted">{r.failure}</span>
        </span>
      ),
    },
    { key: 'refund', header: t('logs.columns.refund'), className: 'num', cell: (r) => <Usd amount={r.refunded} /> },
  ];
  return (
    <LogTable
      query={query}
      caption={t('logs.impossible.caption')}
      columns={columns}
      rowTestId="impossible"
      empty={{ title: t('logs.impossible.emptyTitle'), description: t('logs.impossible.emptyText') }}
    />
  );
}

export function ApiErrorsLog() {
  const { t } = useTranslation('customer');
  const query = useListApiErrorsInfiniteQuery();
  return (
    <LogTable
      query={query}
      caption={t('logs.errors.caption')}
      rowTestId="api-error"
      columns={[
        { key: 'time', header: t('logs.columns.time'), className: 'nowrap num', cell: (r, tz) => <Time iso={r.createdAt} timezone={tz} /> },
        { key: 'ip', header: t('logs.columns.ip'), className: 'mono nowrap', cell: (r) => r.ip },
        { key: 'code', header: t('logs.columns.code'), className: 'mono', cell: (r) => r.code },
        { key: 'request', header: t('logs.columns.request'), className: 'mono break log-wide', cell: (r) => r.summary },
      ]}
      empty={{ title: t('logs.errors.emptyTitle'), description: t('logs.errors.emptyText') }}
    />
  );
}

export function ComplaintsLog() {
  const { t } = useTranslation('customer');
  const query = useListComplaintsInfiniteQuery();
  const columns: LogColumn<ComplaintRow>[] = [
    { key: 'task', header: t('logs.columns.task'), cell: (r) => <TaskCell id={r.id} type={r.type} /> },
    { key: 'image', header: t('logs.columns.image'), cell: (r) => <TaskThumb id={r.id} hasImage={r.hasImage} /> },
    { key: 'answer', header: t('logs.columns.answer'), className: 'mono break', cell: (r) => r.answer ?? '—' },
    { key: 'reported', header: t('logs.columns.reported'), className: 'nowrap num', cell: (r, tz) => <Time iso={r.reportedAt} timezone={tz} /> },
    { key: 'report', header: t('logs.columns.report'), cell: (r) => t(`logs.complaints.report.${r.report}`) },
    {
      key: 'outcome',
      header: t('logs.columns.outcome'),
      cell: (r) => (r.outcome ? <OutcomeBadge outcome={r.outcome} /> : <span className="muted">{t('logs.complaints.noVerdict')}</span>),
    },
    { key: 'refund', header: t('logs.columns.refund'), className: 'num', cell: (r) => <Usd amount={r.refund} /> },
  ];
  return (
    <div className="stack">
      <p className="text-sm text-secondary">{t('logs.complaints.rules')}</p>
      <LogTable
        query={query}
        caption={t('logs.complaints.caption')}
        columns={columns}
        rowTestId="complaint"
        empty={{
          title: t('logs.complaints.emptyTitle'),
          description: t('logs.complaints.emptyText'),
          action: (
            <LocalizedLink to="/statistics/uploads" className="btn btn--secondary btn--md">
              {t('logs.complaints.toUploads')}
            </LocalizedLink>
          ),
        }}
      />
    </div>
  );
}

function RemoveFlag({ row, onDone }: { row: NotCaptchaRow; onDone: (message: { error?: string; success?: string }) => void }) {
  const { t } = useTranslation('customer');
  const [dismiss, { isLoading }] = useDismissNotCaptchaMutation();
  return (
    <Button
      variant="secondary"
      loading={isLoading}
      aria-label={t('logs.notCaptcha.removeLabel', { id: row.id })}
      onClick={async () => {
        const result = await dismiss({ id: row.id });
        if ('error' in result) onDone({ error: `${t('logs.notCaptcha.removeFailed')} ${t(errorKey(result.error))}` });
        else onDone({ success: t('logs.notCaptcha.removed', { id: row.id }) });
      }}
    >
      {t('logs.notCaptcha.remove')}
    </Button>
  );
}

export function NotCaptchaLog() {
  const { t } = useTranslation('customer');
  const query = useListNotCaptchaInfiniteQuery();
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  const columns: LogColumn<NotCaptchaRow>[] = [
    { key: 'task', header: t('logs.columns.task'), cell: (r) => <TaskCell id={r.id} type={r.type} /> },
    { key: 'image', header: t('logs.columns.image'), cell: (r) => <TaskThumb id={r.id} hasImage={r.hasImage} /> },
    { key: 'submitted', header: t('logs.columns.submitted'), className: 'nowrap num', cell: (r, tz) => <Time iso={r.createdAt} timezone={tz} /> },
    { key: 'flagged', header: t('logs.columns.flagged'), className: 'nowrap num', cell: (r, tz) => <Time iso={r.flaggedAt} timezone={tz} /> },
    { key: 'flags', header: t('logs.columns.flags'), className: 'num', cell: (r) => r.flags },
    { key: 'state', header: t('logs.columns.state'), cell: (r) => <TaskStateBadge state={r.state} /> },
    { key: 'actions', header: t('logs.columns.actions'), hideHeader: true, cell: (r) => <RemoveFlag row={r} onDone={setMessage} /> },
  ];
  return (
    <div className="stack">
      <p className="text-sm text-secondary">{t('logs.notCaptcha.why')}</p>
      <FormMessage error={message.error} success={message.success} />
      <LogTable
        query={query}
        caption={t('logs.notCaptcha.caption')}
        columns={columns}
        rowTestId="not-captcha"
        empty={{ title: t('logs.notCaptcha.emptyTitle'), description: t('logs.notCaptcha.emptyText') }}
      />
    </div>
  );
}

export function PingbackLog() {
  const { t } = useTranslation('customer');
  const query = useListPingbacksInfiniteQuery();
  const columns: LogColumn<PingbackRow>[] = [
    { key: 'task', header: t('logs.columns.task'), cell: (r) => <TaskId id={r.taskId} /> },
    { key: 'url', header: t('logs.columns.url'), className: 'mono break log-wide', cell: (r) => r.url },
    { key: 'created', header: t('logs.columns.created'), className: 'nowrap num', cell: (r, tz) => <Time iso={r.createdAt} timezone={tz} /> },
    { key: 'status', header: t('logs.columns.status'), cell: (r) => <StatusBadge tone={PINGBACK_TONE[r.status]}>{t(`logs.pingbacks.status.${r.status}`)}</StatusBadge> },
    { key: 'attempts', header: t('logs.columns.attempts'), className: 'num nowrap', cell: (r) => t('logs.pingbacks.attemptsOf', { attempts: r.attempts, max: r.maxAttempts }) },
    {
      key: 'when',
      header: t('logs.columns.deliveredOrNext'),
      className: 'nowrap num',
      cell: (r, tz) => <Time iso={r.deliveredAt ?? r.nextAttemptAt} timezone={tz} />,
    },
    { key: 'error', header: t('logs.columns.lastError'), className: 'mono break', cell: (r) => (r.lastError === null ? <span className="muted">—</span> : /^HTTP \d{3}$/.test(r.lastError) ? r.lastError : t(`logs.pingbacks.errors.${r.lastError === 'refused' ? 'refused' : 'unreachable'}`)) },
  ];
  return (
    <div className="stack">
      <p className="text-sm text-secondary">
        {t('logs.pingbacks.retries')}{' '}
        <LocalizedLink to="/setting/pingback" className="link">
          {t('logs.pingbacks.hostsLink')}
        </LocalizedLink>
      </p>
      <LogTable
        query={query}
        caption={t('logs.pingbacks.caption')}
        columns={columns}
        rowTestId="pingback"
        empty={{ title: t('logs.pingbacks.emptyTitle'), description: t('logs.pingbacks.emptyText') }}
      />
    </div>
  );
}
