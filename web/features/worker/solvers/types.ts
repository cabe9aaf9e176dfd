import type { ReactNode } from 'react';
import type { Answer } from '#shared/captcha-types/types.ts';
import type { TaskOffer } from '#shared/contracts/realtime.ts';

export interface SolverProps {
  offer: TaskOffer;
  /** An answer or skip is on its way: controls are locked. */
  disabled: boolean;
  onSubmit(answer: Answer): void;
}

/** What a solver puts in the two fixed slots of the task stage. */
export interface SolverSlots {
  media: ReactNode;
  controls: ReactNode;
}

/** A string param, trimmed, or undefined. */
export function stringParam(params: Record<string, unknown>, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Elements whose own keys (typing, Enter, Space) a solver's shortcuts must leave alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export const SOLVER_FORM_CLASS = 'worker-solver-form';
