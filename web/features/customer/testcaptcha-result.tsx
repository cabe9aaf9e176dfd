/**
 * The submitted test task, watched live: the customer's /ws events (useTaskEvents) say when it
 * ends, then the task is re-read (GET /api/v2/customer/tasks/:id). Only while the socket is down
 * is the task polled every few seconds instead.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { UploadRow } from '#shared/contracts/customer-logs.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useGetCustomerTaskQuery } from './logs-api.ts';
import { TaskThumb, Usd, useSeconds, useTypeName } from './logs-list.tsx';
import { TaskStateBadge } from './logs-views.tsx';
import { LoadFailed } from './states.tsx';
import { useTaskEvents, type LiveStatus } from './use-task-events.ts';

/** Re-reading the task while the socket is down. */
export const FALLBACK_POLL_MS = 3_000;

const ended = (task: UploadRow | undefined) => task?.state === 'solved' || task?.state === 'unsolvable';

export function liveBadge(status: LiveStatus): 'success' | 'warning' | 'neutral' {
  return status === 'live' ? 'success' : status === 'offline' ? 'warning' : 'neutral';
}

export function TestCaptchaResult({ id, onAnother }: { id: number; onAnother: () => void }) {
  const { t } = useTranslation('customer');
  const typeName = useTypeName();
  const seconds = useSeconds();
  const status = useTaskEvents({
    onEvent: (event) => {
      if (event.id === id) void refetch();
    },
    onResync: () => void refetch(),
  });
  const [finished, setFinished] = useState(false);
  const { data: task, error, isLoading, refetch } = useGetCustomerTaskQuery(id, {
    pollingInterval: status === 'offline' && !finished ? FALLBACK_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });
  const done = ended(task);
  useEffect(() => setFinished(done), [done]);

  return (
    <Card
      title={t('test.result.title', { id })}
      actions={
        <Badge tone={liveBadge(status)} dot>
          {t(`test.live.${status}`)}
        </Badge>
      }
    >
      {isLoading ? (
        <Spinner size="sm" />
      ) : !task ? (
        <LoadFailed error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="stack">
          <dl className="test-facts">
            <div>
              <dt>{t('logs.columns.type')}</dt>
              <dd>{typeName(task.type)}</dd>
            </div>
            <div>
              <dt>{t('logs.columns.state')}</dt>
              <dd>
                <TaskStateBadge state={task.state} />
              </dd>
            </div>
            <div>
              <dt>{t('logs.columns.price')}</dt>
              <dd>
                <Usd amount={task.price} />
              </dd>
            </div>
            {task.state === 'solved' && (
              <div>
                <dt>{t('logs.columns.solveTime')}</dt>
                <dd>{seconds(task.solveMs)}</dd>
              </div>
            )}
          </dl>
          <div className="test-result">
            {task.hasImage && <TaskThumb id={task.id} hasImage />}
            <div role="status" aria-live="polite" className="test-result__status" data-testid="test-result">
              {task.state === 'solved' ? (
                <>
                  <span className="test-result__label">{t('test.result.answer')}</span>
                  <output className="test-result__answer mono break">{task.answer}</output>
                </>
              ) : task.state === 'unsolvable' ? (
                <span>{t('test.result.unsolvable')}</span>
              ) : (
                <span className="cluster cluster--sm">
                  <Spinner size="sm" />
                  {t(task.state === 'assigned' ? 'test.result.solving' : 'test.result.waiting')}
                </span>
              )}
            </div>
          </div>
          {!done && status === 'offline' && <p className="text-sm muted">{t('test.result.polling')}</p>}
          <div className="cluster">
            <Button variant={done ? 'primary' : 'secondary'} onClick={onAnother}>
              {t('test.another')}
            </Button>
            {done && (
              <LocalizedLink to="/statistics/uploads" className="link">
                {t('test.result.toUploads')}
              </LocalizedLink>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}
