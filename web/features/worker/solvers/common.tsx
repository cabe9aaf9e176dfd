import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { cx } from '#web/components/ui/class-names.ts';
import { isTypingTarget, SOLVER_FORM_CLASS, type SolverSlots } from './types.ts';

/** Places a solver's picture and controls in the stage's two fixed slots. */
export function SolverLayout({ media, controls }: SolverSlots) {
  return (
    <>
      <div className="worker-stage__media">{media}</div>
      <div className="worker-stage__controls">{controls}</div>
    </>
  );
}

export interface SolverFormProps {
  onSubmit(): void;
  children: ReactNode;
  className?: string;
  id?: string;
}

/** The solver's form: Enter in a field submits; the stage submits it on Enter elsewhere too. */
export function SolverForm({ onSubmit, children, className, id }: SolverFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form id={id} className={cx(SOLVER_FORM_CLASS, className)} onSubmit={submit} noValidate>
      {children}
    </form>
  );
}

/** The big Submit button with its Enter hint. */
export function SubmitButton({ disabled, form }: { disabled: boolean; form?: string }) {
  const { t } = useTranslation('worker');
  return (
    <Button type="submit" size="lg" disabled={disabled} form={form} className="worker-submit">
      {t('stage.submit')}
      <kbd className="worker-kbd" aria-hidden="true">
        Enter
      </kbd>
    </Button>
  );
}

/** One reserved line for a solver's hint or complaint, so nothing moves when it appears. */
export function SolverMessage({ id, problem, hint }: { id?: string; problem?: string | null; hint?: ReactNode }) {
  return (
    <p id={id} className={cx('worker-solver-message', problem && 'worker-solver-message--problem')} role={problem ? 'alert' : undefined}>
      {problem ?? hint ?? '\u00a0'}
    </p>
  );
}

/** A page-wide key handler for solver shortcuts; keys typed into fields are left alone. */
export function useSolverKeys(handler: (event: KeyboardEvent) => void, enabled = true) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
      ref.current(event);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
