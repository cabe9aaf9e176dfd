import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { BlockedWorker, ModerationAction } from '#shared/contracts/moderation.ts';
import { Button, type ButtonVariant } from '#web/components/button/button.tsx';
import { Modal } from '#web/components/modal/modal.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { apiErrorCode } from '#web/store/api.ts';
import { useBlockedWorkersQuery, useReviewWorkerMutation } from './api.ts';
import { formatUtc } from './answer.ts';
import { EvidenceList } from './evidence-list.tsx';

const CONFIRM_VARIANT: Record<ModerationAction, ButtonVariant> = {
  unblock: 'primary',
  retrain: 'primary',
  ban: 'primary-danger',
  trust: 'primary',
  untrust: 'primary',
};

const KNOWN_ERRORS = new Set(['NOT_FOUND', 'FORBIDDEN', 'UNAUTHENTICATED', 'CSRF_FAILED', 'RATE_LIMITED']);

/** Moderation-namespace key of a failed call. */
export function moderationErrorKey(error: unknown): string {
  const status = (error as { status?: unknown } | undefined)?.status;
  const code = apiErrorCode(error) ?? (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' ? 'NETWORK' : undefined);
  return code && (KNOWN_ERRORS.has(code) || code === 'NETWORK') ? `errors.${code}` : 'errors.generic';
}

interface Pending {
  worker: BlockedWorker;
  action: ModerationAction;
}

/** Asks before a verdict: what it does, then the action or "cancel". */
function ConfirmDialog({ pending, onClose, onDone }: { pending: Pending | null; onClose(): void; onDone(p: Pending): void }) {
  const { t } = useTranslation('moderation');
  const [review, { isLoading }] = useReviewWorkerMutation();
  const [shown, setShown] = useState<Pending | null>(pending);
  const [error, setError] = useState<unknown>(null);
  // A new question starts without the last answer's error; the text stays while the dialog closes.
  useEffect(() => {
    if (!pending) return;
    setShown(pending);
    setError(null);
  }, [pending]);

  const confirm = async () => {
    if (!pending) return;
    setError(null);
    const result = await review({ userId: pending.worker.userId, action: pending.action });
    if ('error' in result) setError(result.error);
    else onDone(pending);
  };
  const p = pending ?? shown;
  return (
    <Modal
      open={pending !== null}
      onClose={onClose}
      size="sm"
      title={p ? t(`confirm.${p.action}.title`, { email: p.worker.email }) : ''}
      footer={
        p && (
          <div className="cluster cluster--sm">
            <Button variant="secondary" onClick={onClose} disabled={isLoading}>
              {t('confirm.cancel')}
            </Button>
            <Button variant={CONFIRM_VARIANT[p.action]} onClick={() => void confirm()} loading={isLoading}>
              {t(`confirm.${p.action}.confirm`)}
            </Button>
          </div>
        )
      }
    >
      {p && (
        <div className="stack stack--sm">
          <p>{t(`confirm.${p.action}.text`)}</p>
          <div role="alert" className="form-message">
            {error !== null && <Banner tone="danger">{t(moderationErrorKey(error))}</Banner>}
          </div>
        </div>
      )}
    </Modal>
  );
}

function WorkerCard({ worker, onAction }: { worker: BlockedWorker; onAction(action: ModerationAction): void }) {
  const { t } = useTranslation('moderation');
  const id = `worker-${worker.userId}`;
  return (
    <Card
      as="article"
      className="moderation-card"
      aria-labelledby={`${id}-title`}
      padding="lg"
    >
      <div className="stack">
        <header className="moderation-card__header">
          <div className="stack stack--xs">
            <h2 id={`${id}-title`} className="moderation-card__title break">
              {worker.email}
            </h2>
            <p className="text-sm muted">
              <span className="num">#{worker.userId}</span> · {t('worker.pausedAt', { at: formatUtc(worker.blockedAt) })} ·{' '}
              {t('worker.mistakes', { count: worker.mistakes })}
            </p>
          </div>
          <div className="cluster cluster--sm">
            <Badge tone="warning" dot>
              {t('worker.paused')}
            </Badge>
            {worker.trusted && <Badge tone="info">{t('worker.trusted')}</Badge>}
            {worker.flaggedExams > 0 && <Badge tone="danger">{t('worker.examFlagged', { count: worker.flaggedExams })}</Badge>}
          </div>
        </header>
        <div className="cluster cluster--sm" role="group" aria-label={t('worker.actionsLabel', { email: worker.email })}>
          <Button variant="primary" onClick={() => onAction('unblock')} aria-haspopup="dialog">
            {t('actions.unblock')}
          </Button>
          <Button variant="secondary" onClick={() => onAction('retrain')} aria-haspopup="dialog">
            {t('actions.retrain')}
          </Button>
          <Button variant="primary-danger" onClick={() => onAction('ban')} aria-haspopup="dialog">
            {t('actions.ban')}
          </Button>
          <Button variant="tertiary" onClick={() => onAction(worker.trusted ? 'untrust' : 'trust')} aria-haspopup="dialog">
            {worker.trusted ? t('actions.untrust') : t('actions.trust')}
          </Button>
        </div>
        <EvidenceList items={worker.evidence} headingId={`${id}-evidence`} />
      </div>
    </Card>
  );
}

/**
 * Workers paused after too many upheld mistakes, each with the evidence and the verdicts
 * (unblock, send back to training, ban) and the trust switch, every one confirmed first.
 */
export function ReviewQueue() {
  const { t } = useTranslation('moderation');
  const { data, error, isLoading, isFetching, refetch } = useBlockedWorkersQuery();
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);
  const [focusStatus, setFocusStatus] = useState(false);

  useEffect(() => {
    if (!focusStatus || pending) return;
    status.current?.focus();
    setFocusStatus(false);
  }, [focusStatus, pending]);

  const onDone = (p: Pending) => {
    setDone(t(`done.${p.action}`, { email: p.worker.email }));
    setPending(null);
    // The card may be gone: the message takes the focus the dialog would have returned to it.
    setFocusStatus(true);
    void refetch();
  };

  return (
    <div className="stack">
      <div className="cluster cluster--between">
        <p className="text-sm text-secondary">{t('lead')}</p>
        {data && (
          <Button variant="secondary" onClick={() => void refetch()} loading={isFetching}>
            {t('refresh')}
          </Button>
        )}
      </div>
      <div role="status" className="form-message" ref={status} tabIndex={-1}>
        {done && <Banner tone="success">{done}</Banner>}
      </div>
      {isLoading ? (
        <LoadingBlock lines={4} />
      ) : !data ? (
        <Banner tone="danger" role="alert">
          <div className="stack stack--sm">
            <p>
              {t('loadFailed')} {t(moderationErrorKey(error))}
            </p>
            <div>
              <Button variant="secondary" onClick={() => void refetch()}>
                {t('retry')}
              </Button>
            </div>
          </div>
        </Banner>
      ) : data.length === 0 ? (
        <EmptyState headingLevel={2} title={t('empty.title')} description={t('empty.text')} />
      ) : (
        <>
          <p className="text-sm">{t('summary', { count: data.length })}</p>
          <ul className="moderation-list" aria-label={t('listLabel')}>
            {data.map((w) => (
              <li key={w.userId}>
                <WorkerCard
                  worker={w}
                  onAction={(action) => {
                    setDone(null);
                    setPending({ worker: w, action });
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog pending={pending} onClose={() => setPending(null)} onDone={onDone} />
    </div>
  );
}
