import { useEffect, useRef, type ComponentType, type KeyboardEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { Answer } from '#shared/captcha-types/types.ts';
import type { TaskOffer } from '#shared/contracts/realtime.ts';
import { Button } from '#web/components/button/button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Countdown } from './countdown.tsx';
import { formatUsd } from './format.ts';
import { SolverLayout } from './solvers/common.tsx';
import { GridSolver } from './solvers/grid-solver.tsx';
import { PointsSolver } from './solvers/points-solver.tsx';
import { RotateSolver } from './solvers/rotate-solver.tsx';
import { BoxSolver, DrawSolver } from './solvers/sketch-solvers.tsx';
import { AudioSolver, TextSolver } from './solvers/text-solver.tsx';
import { TokenSolver } from './solvers/token-solver.tsx';
import { SOLVER_FORM_CLASS, stringParam, type SolverProps } from './solvers/types.ts';

/** The solver of each `ui` of the captcha-type registry (shared/captcha-types/types.ts SolverUi). */
export const SOLVERS: Record<string, ComponentType<SolverProps>> = {
  text: TextSolver,
  grid: GridSolver,
  points: PointsSolver,
  rotate: RotateSolver,
  draw: DrawSolver,
  box: BoxSolver,
  audio: AudioSolver,
  token: TokenSolver,
};

function UnknownSolver({ offer }: SolverProps) {
  const { t } = useTranslation('worker');
  return <SolverLayout media={<p className="worker-question">{t('stage.unknownUi', { ui: offer.ui })}</p>} controls={null} />;
}

/** Elements whose Enter key means something of their own. */
function ownsEnter(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(target.tagName);
}

export interface TaskStageProps {
  offer: TaskOffer;
  /** Epoch ms on this browser's clock. */
  deadline: number;
  offeredAt: number;
  /** An answer or skip is on its way. */
  submitting: boolean;
  /** The server refused the answer (it stays on screen). */
  error?: string | null;
  sandbox?: boolean;
  lang: string;
  onAnswer(answer: Answer): void;
  onSkip(reason: 'skipped' | 'not_captcha'): void;
}

/**
 * One task, full size: what to do, the picture and the solver, the time left and the rate, Skip
 * (Esc) and "This is not a captcha". Enter submits from anywhere in it.
 */
export function TaskStage({ offer, deadline, offeredAt, submitting, error, sandbox = false, lang, onAnswer, onSkip }: TaskStageProps) {
  const { t } = useTranslation('worker');
  const root = useRef<HTMLElement>(null);
  const skipRef = useRef(onSkip);
  useEffect(() => {
    skipRef.current = onSkip;
  });

  // Esc skips from anywhere on the page, even while typing.
  useEffect(() => {
    if (submitting) return;
    const listener = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      skipRef.current('skipped');
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [submitting]);

  // A new task takes the focus (its answer field focuses itself), so the keys work at once; on a
  // phone, where the figures fill the first screen, the task is scrolled into view.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const active = document.activeElement;
    if (!(active instanceof HTMLElement && el.contains(active) && active !== el)) el.focus({ preventScroll: true });
    const top = el.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 2) el.scrollIntoView?.({ block: 'start' });
  }, [offer.id]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || submitting || ownsEnter(event.target)) return;
    const form = root.current?.querySelector<HTMLFormElement>(`form.${SOLVER_FORM_CLASS}`);
    if (form) {
      event.preventDefault();
      form.requestSubmit();
    }
  };

  const Solver = SOLVERS[offer.ui] ?? UnknownSolver;
  const questionOnly = offer.ui === 'text' && !offer.media;
  const text = questionOnly ? undefined : (stringParam(offer.params, 'comment') ?? stringParam(offer.params, 'textInstructions'));
  const hintImage = stringParam(offer.params, 'imgInstructions');
  const typeName = t(`types.${offer.type}`, { defaultValue: offer.type });

  return (
    <section ref={root} className="worker-stage" aria-label={t('stage.label', { type: typeName })} tabIndex={-1} onKeyDown={onKeyDown} aria-busy={submitting || undefined}>
      <header className="worker-stage__header">
        <div className="worker-stage__task">
          <Badge tone="info">{typeName}</Badge>
          {sandbox && <Badge tone="warning">{t('work.sandboxBadge')}</Badge>}
          <span className="worker-rate">{t('stage.reward', { amount: formatUsd(offer.reward, lang) })}</span>
        </div>
        <Countdown deadline={deadline} startedAt={offeredAt} />
      </header>

      <div className="worker-stage__instructions">
        <p className="worker-instructions__text">{text ?? t([`stage.typeInstructions.${offer.type}`, `stage.defaultInstructions.${offer.ui}`, 'stage.defaultInstructions.other'])}</p>
        {hintImage && <img src={hintImage} alt={t('stage.instructionImage')} className="worker-instructions__image" />}
      </div>

      <Solver key={offer.id} offer={offer} disabled={submitting} onSubmit={onAnswer} />

      <footer className="worker-stage__footer">
        <p className="worker-stage__error" role="alert">
          {error ?? ''}
        </p>
        <div className="worker-stage__skips">
          <Button variant="secondary" disabled={submitting} onClick={() => onSkip('skipped')}>
            {t('stage.skip')}
            <kbd className="worker-kbd" aria-hidden="true">
              Esc
            </kbd>
          </Button>
          <Button variant="tertiary" disabled={submitting} onClick={() => onSkip('not_captcha')}>
            {t('stage.notCaptcha')}
          </Button>
        </div>
      </footer>
    </section>
  );
}
