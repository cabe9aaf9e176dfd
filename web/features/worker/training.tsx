import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { Point } from '#shared/captcha-types/types.ts';
import type { ExamResult, TrainingItem, TrainingState } from '#shared/contracts/worker.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { cx } from '#web/components/ui/class-names.ts';
import { useRestartTrainingMutation, useSubmitExamMutation } from './api.ts';
import { errorCodeOf, errorKey } from './errors.ts';
import { formatCountdown, formatUtc } from './format.ts';
import { toggleCell } from './geometry.ts';
import { GridPicker, Picture, PointPicker } from './pickers.tsx';
import { emptyAnswer, isAnswered, isCorrectTraining, type TrainingAnswer } from './training-check.ts';

/** Training pictures are small PNGs; they are shown at twice their size (within the column). */
const ZOOM = 2;

interface ItemPickerProps {
  item: TrainingItem;
  value: TrainingAnswer;
  onChange(value: TrainingAnswer): void;
  disabled?: boolean;
  /** Show the right answer on the picture. */
  reveal?: boolean;
  label: string;
}

/** The answer control of one training item: a text field, grid tiles or clicks on the picture. */
function ItemPicker({ item, value, onChange, disabled = false, reveal = false, label }: ItemPickerProps) {
  const { t } = useTranslation('worker');
  const id = useId();
  const size = { width: item.width * ZOOM, height: item.height * ZOOM };
  if (item.ui === 'grid') {
    const cells = value as number[];
    return (
      <div className="stack stack--sm">
        <GridPicker
          src={item.image}
          alt={label}
          rows={item.rows ?? 3}
          columns={item.columns ?? 3}
          selected={cells}
          onToggle={(cell) => onChange(toggleCell(cells, cell))}
          disabled={disabled}
          reveal={reveal ? (item.answer as number[]) : undefined}
          {...size}
          zoom
        />
        <p className="text-sm text-secondary">{cells.length > 0 ? t('solver.grid.selected', { cells: cells.join(', ') }) : t('solver.grid.none')}</p>
      </div>
    );
  }
  if (item.ui === 'points') {
    const points = value as Point[];
    return (
      <div className="stack stack--sm">
        <PointPicker
          src={item.image}
          alt={label}
          points={points}
          natural={{ width: item.width, height: item.height }}
          onAdd={(p) => onChange([...points, p])}
          onRemove={(i) => onChange(points.filter((_, k) => k !== i))}
          disabled={disabled}
          reveal={reveal ? (item.answer as Point[]) : undefined}
          {...size}
          zoom
        />
        <div className="cluster cluster--sm">
          <span className="text-sm text-secondary" aria-live="polite">{t('solver.points.count', { count: points.length })}</span>
          <Button variant="tertiary" disabled={disabled || points.length === 0} onClick={() => onChange(points.slice(0, -1))}>
            {t('solver.undo')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="stack stack--sm">
      <Picture src={item.image} alt={label} {...size} zoom />
      <label htmlFor={id} className="field__label">
        {t('solver.text.label')}
      </label>
      <input
        id={id}
        className="input input--lg input--mono worker-training__input"
        value={value as string}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        disabled={disabled}
      />
    </div>
  );
}

/** The right answer in words (text, tile numbers, or how many points). */
function AnswerText({ item }: { item: TrainingItem }) {
  const { t } = useTranslation('worker');
  if (item.ui === 'text') return <span className="mono">{String(item.answer)}</span>;
  if (item.ui === 'grid') return <span>{t('training.answer.grid', { cells: (item.answer as number[]).join(', ') || '—' })}</span>;
  return <span>{t('training.answer.points', { count: (item.answer as Point[]).length })}</span>;
}

/** Part 1: an item with its hint; "Check" grades it here and shows the right answer after a try. */
export function PracticeItem({ item, index, total }: { item: TrainingItem; index: number; total: number }) {
  const { t } = useTranslation('worker');
  const [value, setValue] = useState<TrainingAnswer>(emptyAnswer(item));
  const [checked, setChecked] = useState<boolean | null>(null);
  const [revealed, setRevealed] = useState(false);
  const title = t('training.practiceItem', { number: index + 1, total });

  const change = (next: TrainingAnswer) => {
    setValue(next);
    setChecked(null);
  };

  return (
    <Card as="li" title={title} headingLevel={3} className="worker-training__item">
      <div className="stack">
        <p className="worker-training__instruction">{t(item.instruction)}</p>
        {item.hint && <p className="worker-training__hint">{t(item.hint)}</p>}
        <ItemPicker item={item} value={value} onChange={change} reveal={revealed} label={title} />
        <div className="cluster">
          <Button
            variant="secondary"
            disabled={!isAnswered(item, value)}
            onClick={() => {
              const ok = isCorrectTraining(item, value);
              setChecked(ok);
              if (!ok) setRevealed(true);
            }}
          >
            {t('training.check')}
          </Button>
          {!revealed && (
            <Button variant="tertiary" onClick={() => setRevealed(true)}>
              {t('training.showAnswer')}
            </Button>
          )}
        </div>
        <div role="status" className="worker-training__result">
          {checked === true && <Banner tone="success">{t('training.correct')}</Banner>}
          {checked === false && <Banner tone="warning">{t('training.incorrect')}</Banner>}
        </div>
        {revealed && item.answer !== undefined && (
          <p className="worker-training__answer">
            {t('training.answerIs')} <AnswerText item={item} />
          </p>
        )}
      </div>
    </Card>
  );
}

/** Milliseconds on the page's monotonic clock (for per-question timing; read in event handlers only). */
const pageClock = () => performance.now();

/**
 * The browser's clock, ticking every second until `until` (ISO) has passed; null before the page is
 * hydrated, so the server's render and the first client render agree.
 */
function useNowUntil(until: string | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    if (!until) return;
    const end = Date.parse(until);
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= end) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return now;
}

/** Part 2: every exam item, one submit, the result. */
export function ExamSection({ training, onRestart, restarting }: { training: TrainingState; onRestart(): void; restarting: boolean }) {
  const { t } = useTranslation('worker');
  const [answers, setAnswers] = useState<Record<string, TrainingAnswer>>(() => Object.fromEntries(training.exam.map((item) => [item.id, emptyAnswer(item)])));
  const [result, setResult] = useState<ExamResult | null>(null);
  const [submitExam, { isLoading, error }] = useSubmitExamMutation();
  // Per-question timing for moderators (advisory): ms from the exam's display to each item's last change.
  const shownAt = useRef<number | null>(null);
  const lastChange = useRef<Record<string, number>>({});
  useEffect(() => {
    shownAt.current = pageClock();
  }, []);
  const now = useNowUntil(training.nextExamAt);
  const done = result !== null;
  const unanswered = training.exam.filter((item) => !isAnswered(item, answers[item.id])).length;
  const nextAt = training.nextExamAt ? Date.parse(training.nextExamAt) : null;
  // After a failed exam the next one waits out the cooldown (until the clock passes nextExamAt).
  const coolingDown = training.examsLeft > 0 && nextAt !== null && (now === null || now < nextAt);
  // A submitted exam is not submitted again (start over), nor one past the day's limit or in a cooldown.
  const closed = !done && (training.examSubmitted || training.examsLeft === 0 || coolingDown);
  const limitReached = (at: string | null | undefined) => t('training.limitReached', { perDay: training.examsPerDay, time: at ? formatUtc(at) : '' });
  const cooldown = (at: string) => t('training.cooldown', { minutes: training.cooldownMinutes, time: formatUtc(at) });
  const submitError = () => {
    if (errorCodeOf(error) !== 'RATE_LIMITED') return t(errorKey(error));
    const details = (error as { data?: { error?: { details?: { nextExamAt?: string } } } }).data?.error?.details;
    if (!details?.nextExamAt) return t(errorKey(error));
    return training.examsLeft > 0 ? cooldown(details.nextExamAt) : limitReached(details.nextExamAt);
  };
  const change = (id: string, value: TrainingAnswer) => {
    if (shownAt.current !== null) lastChange.current[id] = Math.round(pageClock() - shownAt.current);
    setAnswers((a) => ({ ...a, [id]: value }));
  };

  const submit = async () => {
    const payload = Object.fromEntries(
      Object.entries(answers).map(([id, v]) => [id, typeof v === 'string' ? v.trim() : v]),
    );
    const outcome = await submitExam({ attempt: training.attempt, answers: payload, timings: { ...lastChange.current } });
    if ('data' in outcome && outcome.data) setResult(outcome.data);
  };

  let closedText = '';
  if (training.examSubmitted) closedText = t('training.examSubmitted');
  else if (training.examsLeft === 0) closedText = limitReached(training.nextExamAt);
  else if (coolingDown && training.nextExamAt) closedText = cooldown(training.nextExamAt);

  let failedText = '';
  if (result && !result.passed) {
    if (result.awaitingReview) failedText = t('training.awaitingReview');
    else if (result.tooFast) failedText = t('training.tooFast');
    else if (result.flagged) failedText = t('training.flagged');
    else failedText = t('training.failedText', { correct: result.correct, total: result.total, passMark: training.passMark });
  }

  return (
    <section className="stack" aria-labelledby="exam-heading">
      <div className="stack stack--sm">
        <h2 id="exam-heading">{t('training.examTitle')}</h2>
        <p className="text-secondary">{t('training.examLead', { passMark: training.passMark, total: training.exam.length })}</p>
      </div>
      <ol className="worker-training__list">
        {training.exam.map((item, index) => {
          const title = t('training.examItem', { number: index + 1, total: training.exam.length });
          const wrong = result?.wrong.includes(item.id) ?? false;
          return (
            <Card
              as="li"
              key={item.id}
              title={title}
              headingLevel={3}
              className={cx('worker-training__item', wrong && 'worker-training__item--wrong')}
              actions={done ? <Badge tone={wrong ? 'danger' : 'success'}>{wrong ? t('training.wrong') : t('training.right')}</Badge> : undefined}
            >
              <div className="stack">
                <p className="worker-training__instruction">{t(item.instruction)}</p>
                <ItemPicker item={item} value={answers[item.id] ?? emptyAnswer(item)} onChange={(v) => change(item.id, v)} disabled={done || closed || isLoading} label={title} />
              </div>
            </Card>
          );
        })}
      </ol>

      <div role="alert">
        {error && !done && <Banner tone="danger">{submitError()}</Banner>}
      </div>
      {closed && (
        <Banner tone="warning">
          <div className="stack stack--sm">
            <p>{closedText}</p>
            {!training.examSubmitted && coolingDown && now !== null && nextAt !== null && (
              <p className="num">{t('training.opensIn', { time: formatCountdown(nextAt - now) })}</p>
            )}
            {training.examSubmitted && (
              <div>
                <Button size="lg" loading={restarting} onClick={onRestart}>
                  {t('training.startOver')}
                </Button>
              </div>
            )}
          </div>
        </Banner>
      )}
      <div role="status" className="stack">
        {result?.passed && (
          <Banner tone="success">
            <div className="stack stack--sm">
              <p className="worker-training__verdict">{t('training.passed')}</p>
              <p>{t('training.score', { correct: result.correct, total: result.total })}</p>
              <div>
                <LocalizedLink to="/cabinet" className={buttonClassName('primary', 'lg')}>
                  {t('training.toWork')}
                </LocalizedLink>
              </div>
            </div>
          </Banner>
        )}
        {result && !result.passed && (
          <Banner tone={result.awaitingReview ? 'warning' : 'danger'}>
            <div className="stack stack--sm">
              <p className="worker-training__verdict">{result.awaitingReview ? t('training.underReview') : t('training.failed')}</p>
              <p>{failedText}</p>
              {result.wrong.length > 0 && (
                <p>
                  {t('training.wrongList', {
                    items: training.exam
                      .map((item, i) => (result.wrong.includes(item.id) ? i + 1 : null))
                      .filter((n) => n !== null)
                      .join(', '),
                  })}
                </p>
              )}
              <div>
                <Button size="lg" loading={restarting} onClick={onRestart}>
                  {t('training.startOver')}
                </Button>
              </div>
            </div>
          </Banner>
        )}
      </div>
      {!done && !closed && (
        <div className="cluster">
          <Button size="lg" loading={isLoading} onClick={() => void submit()}>
            {t('training.submitExam')}
          </Button>
          <span className="text-sm text-secondary">{unanswered > 0 ? t('training.unanswered', { count: unanswered }) : t('training.allAnswered')}</span>
          <span className="text-sm text-secondary">{t('training.examsLeft', { count: training.examsLeft, perDay: training.examsPerDay })}</span>
        </div>
      )}
    </section>
  );
}

/** The training page body: status, part 1, part 2. */
export function TrainingView({ training }: { training: TrainingState }) {
  const { t } = useTranslation('worker');
  const [restart, { isLoading: restarting, error: restartError }] = useRestartTrainingMutation({ fixedCacheKey: 'restart-training' });
  const onRestart = () => void restart();

  return (
    <div className="stack stack--lg">
      {training.passed && (
        <Banner tone="success">
          <p>
            {t('training.alreadyPassed')}{' '}
            <LocalizedLink to="/cabinet" className="link">
              {t('training.toWork')}
            </LocalizedLink>
          </p>
        </Banner>
      )}
      {!training.passed && training.reviewPending && (
        <Banner tone="info">
          <p>{t('training.reviewPending')}</p>
        </Banner>
      )}
      <div role="alert">{restartError && <Banner tone="danger">{t(errorKey(restartError))}</Banner>}</div>

      <section className="stack" aria-labelledby="practice-heading">
        <div className="stack stack--sm">
          <h2 id="practice-heading">{t('training.practiceTitle')}</h2>
          <p className="text-secondary">{t('training.practiceLead')}</p>
        </div>
        <ol className="worker-training__list">
          {training.practice.map((item, index) => (
            <PracticeItem key={`${training.attempt}-${item.id}`} item={item} index={index} total={training.practice.length} />
          ))}
        </ol>
      </section>

      {/* A new attempt is a new exam: the form starts empty. */}
      <ExamSection key={training.attempt} training={training} onRestart={onRestart} restarting={restarting} />
    </div>
  );
}

/** "Start over" for the page header. */
export function RestartTrainingButton() {
  const { t } = useTranslation('worker');
  const [restart, { isLoading }] = useRestartTrainingMutation({ fixedCacheKey: 'restart-training' });
  return (
    <Button variant="secondary" loading={isLoading} onClick={() => void restart()}>
      {t('training.startOver')}
    </Button>
  );
}
