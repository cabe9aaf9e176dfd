import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { ExamReviewAction, FlaggedExam } from '#shared/contracts/moderation.ts';
import { Button } from '#web/components/button/button.tsx';
import { Modal } from '#web/components/modal/modal.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { apiErrorCode } from '#web/store/api.ts';
import { useFlaggedExamsQuery, useReviewExamMutation } from './api.ts';
import { formatUtc } from './answer.ts';
import { moderationErrorKey } from './review-queue.tsx';

interface Pending {
  exam: FlaggedExam;
  action: ExamReviewAction;
}

/** ms → "3.4" (seconds, one decimal). */
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Asks before approving or rejecting a flagged exam. */
function ConfirmDialog({ pending, onClose, onDone }: { pending: Pending | null; onClose(): void; onDone(p: Pending): void }) {
  const { t } = useTranslation('moderation');
  const [review, { isLoading }] = useReviewExamMutation();
  const [shown, setShown] = useState<Pending | null>(pending);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!pending) return;
    setShown(pending);
    setError(null);
  }, [pending]);

  const confirm = async () => {
    if (!pending) return;
    setError(null);
    const result = await review({ id: pending.exam.id, action: pending.action });
    if ('error' in result) setError(result.error);
    else onDone(pending);
  };
  const p = pending ?? shown;
  return (
    <Modal
      open={pending !== null}
      onClose={onClose}
      size="sm"
      title={p ? t(`exams.confirm.${p.action}.title`, { email: p.exam.email }) : ''}
      footer={
        p && (
          <div className="cluster cluster--sm">
            <Button variant="secondary" onClick={onClose} disabled={isLoading}>
              {t('confirm.cancel')}
            </Button>
            <Button variant={p.action === 'reject' ? 'primary-danger' : 'primary'} onClick={() => void confirm()} loading={isLoading}>
              {t(`exams.confirm.${p.action}.confirm`)}
            </Button>
          </div>
        )
      }
    >
      {p && (
        <div className="stack stack--sm">
          <p>{t(`exams.confirm.${p.action}.text`)}</p>
          <div role="alert" className="form-message">
            {error !== null && <Banner tone="danger">{t(apiErrorCode(error) === 'NOT_FOUND' ? 'exams.notFound' : moderationErrorKey(error))}</Banner>}
          </div>
        </div>
      )}
    </Modal>
  );
}

function ExamCard({ exam, onAction }: { exam: FlaggedExam; onAction(action: ExamReviewAction): void }) {
  const { t } = useTranslation('moderation');
  const id = `exam-${exam.id}`;
  return (
    <Card as="article" className="moderation-card" aria-labelledby={`${id}-title`} padding="lg">
      <div className="stack">
        <header className="moderation-card__header">
          <div className="stack stack--xs">
            <h3 id={`${id}-title`} className="moderation-card__title break">
              {exam.email}
            </h3>
            <p className="text-sm muted">
              <span className="num">#{exam.userId}</span> · {t('exams.answered', { at: formatUtc(exam.answeredAt), seconds: seconds(exam.elapsedMs) })} ·{' '}
              {t('exams.score', { correct: exam.correct, total: exam.total })}
            </p>
          </div>
          <div className="cluster cluster--sm">
            {exam.tooFast && (
              <Badge tone="danger" dot>
                {t('exams.tooFast')}
              </Badge>
            )}
            {exam.unseen > 0 && <Badge tone="danger">{t('exams.unseen', { count: exam.unseen })}</Badge>}
            {exam.trainingPassed && <Badge tone="info">{t('exams.qualified')}</Badge>}
          </div>
        </header>
        <p id={`${id}-timing`} className="text-sm text-secondary">
          {t('exams.questions')}
        </p>
        <div className="table-wrap">
          <table className="table" aria-labelledby={`${id}-timing`}>
            <thead>
              <tr>
                <th scope="col">{t('exams.question')}</th>
                <th scope="col">{t('exams.kind')}</th>
                <th scope="col" className="num">
                  {t('exams.seenAfter')}
                </th>
                <th scope="col" className="num">
                  {t('exams.clientTime')}
                </th>
              </tr>
            </thead>
            <tbody>
              {exam.questions.map((q, i) => (
                <tr key={i}>
                  <td>{i + 1}</td>
                  <td>{t(`exams.kinds.${q.ui}`)}</td>
                  <td className="num nowrap">{q.seenAfterMs === null ? <span className="muted">{t('exams.never')}</span> : t('exams.ms', { seconds: seconds(q.seenAfterMs) })}</td>
                  <td className="num nowrap">{q.clientMs === null ? <span className="muted">{t('exams.notSent')}</span> : t('exams.ms', { seconds: seconds(q.clientMs) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="cluster cluster--sm" role="group" aria-label={t('exams.actionsLabel', { email: exam.email })}>
          <Button variant="primary" onClick={() => onAction('approve')} aria-haspopup="dialog">
            {t('exams.approve')}
          </Button>
          <Button variant="primary-danger" onClick={() => onAction('reject')} aria-haspopup="dialog">
            {t('exams.reject')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/**
 * Training exams flagged as scripted (too fast, or answers to pictures never loaded) whose score
 * would have passed: they qualify the worker only when a moderator approves them.
 */
export function FlaggedExams() {
  const { t } = useTranslation('moderation');
  const { data, error, isLoading, isFetching, refetch } = useFlaggedExamsQuery();
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
    setDone(t(`exams.done.${p.action}`, { email: p.exam.email }));
    setPending(null);
    setFocusStatus(true);
  };

  return (
    <section className="stack" aria-labelledby="flagged-exams-heading">
      <div className="cluster cluster--between">
        <h2 id="flagged-exams-heading">{t('exams.title')}</h2>
        {data && (
          <Button variant="secondary" onClick={() => void refetch()} loading={isFetching}>
            {t('refresh')}
          </Button>
        )}
      </div>
      <p className="text-sm text-secondary">{t('exams.lead')}</p>
      <div role="status" className="form-message" ref={status} tabIndex={-1}>
        {done && <Banner tone="success">{done}</Banner>}
      </div>
      {isLoading ? (
        <LoadingBlock lines={2} />
      ) : !data ? (
        <Banner tone="danger" role="alert">
          <div className="stack stack--sm">
            <p>
              {t('exams.loadFailed')} {t(moderationErrorKey(error))}
            </p>
            <div>
              <Button variant="secondary" onClick={() => void refetch()}>
                {t('retry')}
              </Button>
            </div>
          </div>
        </Banner>
      ) : data.length === 0 ? (
        <p className="text-sm muted">{t('exams.empty')}</p>
      ) : (
        <>
          <p className="text-sm">{t('exams.summary', { count: data.length })}</p>
          <ul className="moderation-list" aria-label={t('exams.listLabel')}>
            {data.map((exam) => (
              <li key={exam.id}>
                <ExamCard
                  exam={exam}
                  onAction={(action) => {
                    setDone(null);
                    setPending({ exam, action });
                  }}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog pending={pending} onClose={() => setPending(null)} onDone={onDone} />
    </section>
  );
}
