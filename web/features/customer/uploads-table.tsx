/**
 * /statistics/uploads: the last six hours of the account's tasks with image, answer, price and
 * solving time, and "report incorrect" (the same reports service as the API) within the window.
 * New and finished tasks arrive over /ws; a report under review is re-read until it is judged.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { NotReportableReason, UploadRow } from '#shared/contracts/customer-logs.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { FormMessage } from '#web/components/ui/states.tsx';
import { apiErrorCode } from '#web/store/api.ts';
import { errorKey } from './errors.ts';
import { useListUploadsInfiniteQuery, useReportUploadMutation } from './logs-api.ts';
import { LogTable, TaskThumb, Time, Usd, useSeconds, type LogColumn } from './logs-list.tsx';
import { OutcomeBadge, TaskCell, TaskStateBadge } from './logs-views.tsx';
import { useTaskEvents } from './use-task-events.ts';

/** How often a report under review is re-read while the page is open. */
const PENDING_POLL_MS = 5_000;

/** The wall clock, ticking every `everyMs`; null until mounted (so hydration matches the server's render). */
export function useNow(everyMs: number): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The server's reason, or "window" once the report deadline has passed on this clock. */
export function reportBlock(row: UploadRow, now: number | null): NotReportableReason | null {
  if (row.notReportable) return row.notReportable;
  return now !== null && now > Date.parse(row.reportDeadline) ? 'window' : null;
}

function ReportCell({ row, now, onResult }: { row: UploadRow; now: number | null; onResult: (m: { error?: string; success?: string }) => void }) {
  const { t } = useTranslation('customer');
  const [report, { isLoading }] = useReportUploadMutation();
  if (row.report === 'good') return <span className="text-sm muted">{t('uploads.markedCorrect')}</span>;
  if (row.report === 'bad' && row.reportOutcome) {
    return (
      <span className="stack stack--xs" data-testid={`report-outcome-${row.id}`}>
        <OutcomeBadge outcome={row.reportOutcome} />
        <span className="text-sm muted">
          {row.reportOutcome === 'upheld' && row.refund !== null ? (
            <>
              {t('uploads.refunded')} <Usd amount={row.refund} />
            </>
          ) : (
            t(`uploads.outcomeHint.${row.reportOutcome}`)
          )}
        </span>
      </span>
    );
  }
  const blocked = reportBlock(row, now);
  // Nothing to report yet (or ever): the status column already says why.
  if (blocked === 'not_solved') {
    return (
      <span className="muted">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t('uploads.refusal.not_solved')}</span>
      </span>
    );
  }
  const reasonId = `report-reason-${row.id}`;
  return (
    <span className="stack stack--xs">
      <Button
        variant="secondary"
        disabled={blocked !== null}
        loading={isLoading}
        aria-describedby={blocked ? reasonId : undefined}
        onClick={async () => {
          const result = await report({ id: row.id });
          if ('error' in result) {
            const reason = (result.error as { data?: { error?: { details?: { reason?: string } } } }).data?.error?.details?.reason;
            const text = reason && apiErrorCode(result.error) === 'CONFLICT' ? t(`uploads.refusal.${reason}`) : t(errorKey(result.error));
            onResult({ error: `${t('uploads.reportFailed', { id: row.id })} ${text}` });
          } else {
            onResult({ success: t(result.data.reportOutcome === 'upheld' ? 'uploads.reportedUpheld' : 'uploads.reportedPending', { id: row.id }) });
          }
        }}
      >
        {t('uploads.report')}
      </Button>
      {blocked && (
        <span id={reasonId} className="text-sm muted">
          {t(`uploads.refusal.${blocked}`)}
        </span>
      )}
    </span>
  );
}

export function UploadsTable() {
  const { t } = useTranslation('customer');
  const seconds = useSeconds();
  const now = useNow(15_000);
  const [pending, setPending] = useState(false);
  const query = useListUploadsInfiniteQuery(undefined, { pollingInterval: pending ? PENDING_POLL_MS : 0 });
  const [message, setMessage] = useState<{ error?: string; success?: string }>({});
  const rows = query.data?.pages.flatMap((p) => p.records) ?? [];
  const anyPending = rows.some((r) => r.reportOutcome === 'pending');
  useEffect(() => setPending(anyPending), [anyPending]);

  // New submissions and results: re-read, at most once a second.
  const refetch = useRef(query.refetch);
  useEffect(() => {
    refetch.current = query.refetch;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      void refetch.current();
    }, 1000);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  useTaskEvents({ onEvent: refresh, onResync: refresh });

  const columns: LogColumn<UploadRow>[] = [
    { key: 'task', header: t('logs.columns.task'), cell: (r) => <TaskCell id={r.id} type={r.type} /> },
    {
      key: 'image',
      header: t('logs.columns.image'),
      cell: (r) => (r.hasImage ? <TaskThumb id={r.id} hasImage /> : r.pageUrl ? <span className="mono text-sm break">{r.pageUrl}</span> : <span className="muted">—</span>),
    },
    { key: 'submitted', header: t('logs.columns.submitted'), className: 'nowrap num', cell: (r, tz) => <Time iso={r.createdAt} timezone={tz} /> },
    {
      key: 'state',
      header: t('logs.columns.state'),
      cell: (r) => (
        <span className="stack stack--xs">
          <TaskStateBadge state={r.state} />
          {r.solveMs !== null && <span className="text-sm muted">{t('uploads.solvedIn', { time: seconds(r.solveMs) })}</span>}
        </span>
      ),
    },
    { key: 'answer', header: t('logs.columns.answer'), className: 'mono break uploads-answer', cell: (r) => r.answer ?? <span className="muted">—</span> },
    { key: 'price', header: t('logs.columns.price'), className: 'num', cell: (r) => <Usd amount={r.price} /> },
    { key: 'report', header: t('logs.columns.report'), cell: (r) => <ReportCell row={r} now={now} onResult={setMessage} /> },
  ];
  return (
    <div className="stack">
      <p className="text-sm text-secondary">{t('uploads.rules')}</p>
      <FormMessage error={message.error} success={message.success} />
      <LogTable
        query={query}
        caption={t('uploads.caption')}
        columns={columns}
        rowTestId="upload"
        empty={{
          title: t('uploads.emptyTitle'),
          description: t('uploads.emptyText'),
          action: (
            <LocalizedLink to="/testcaptcha" className="btn btn--secondary btn--md">
              {t('uploads.tryTest')}
            </LocalizedLink>
          ),
        }}
      />
    </div>
  );
}
