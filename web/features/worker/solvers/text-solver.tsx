import { useId, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { TFunction } from 'i18next';
import { Picture } from '../pickers.tsx';
import { intParam } from '../geometry.ts';
import { AudioPlayer } from './audio-player.tsx';
import { SolverForm, SolverLayout, SolverMessage, SubmitButton } from './common.tsx';
import { stringParam, type SolverProps } from './types.ts';

/** What the customer said about the expected answer (normal captcha options), as short hints. */
export function textHints(params: Record<string, unknown>, t: TFunction<'worker'>): string[] {
  const hints: string[] = [];
  const numeric = Number(params.numeric ?? 0);
  if (numeric >= 1 && numeric <= 4) hints.push(t(`solver.text.numeric.${numeric}`));
  if (params.alphabet === 1 || params.alphabet === 2) hints.push(t(`solver.text.alphabet.${params.alphabet}`));
  if (params.math === true) hints.push(t('solver.text.math'));
  if (params.phrase === true) hints.push(t('solver.text.phrase'));
  if (params.caseSensitive === true) hints.push(t('solver.text.caseSensitive'));
  const min = intParam(params.minLength, 0);
  const max = intParam(params.maxLength, 0);
  if (min > 0 && max > 0) hints.push(min === max ? t('solver.text.lengthExact', { count: min }) : t('solver.text.lengthRange', { min, max }));
  else if (min > 0) hints.push(t('solver.text.lengthMin', { count: min }));
  else if (max > 0) hints.push(t('solver.text.lengthMax', { count: max }));
  return hints;
}

/** Why a typed answer cannot be sent (the registry refuses it), or null. */
export function textProblem(text: string, params: Record<string, unknown>, t: TFunction<'worker'>): string | null {
  const value = text.trim();
  if (value === '') return t('solver.text.empty');
  if (value.includes('|')) return t('solver.text.pipe');
  const min = intParam(params.minLength, 0);
  const max = intParam(params.maxLength, 0);
  if (min > 0 && value.length < min) return t('solver.text.tooShort', { count: min });
  if (max > 0 && value.length > max) return t('solver.text.tooLong', { count: max });
  return null;
}

interface TextAnswerFormProps {
  params: Record<string, unknown>;
  disabled: boolean;
  label: string;
  onSubmit(text: string): void;
}

/** The big answer field: Enter submits. */
function TextAnswerForm({ params, disabled, label, onSubmit }: TextAnswerFormProps) {
  const { t } = useTranslation('worker');
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const hints = textHints(params, t);
  const max = intParam(params.maxLength, 0);

  const submit = () => {
    const found = textProblem(text, params, t);
    setProblem(found);
    if (!found) onSubmit(text.trim());
  };

  return (
    <SolverForm onSubmit={submit} className="worker-text-form">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="worker-answer-row">
        <input
          id={id}
          className="input input--lg input--mono worker-answer"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (problem) setProblem(null);
          }}
          placeholder={label}
          // The task has just appeared: typing starts at once.
          autoFocus
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="send"
          maxLength={max > 0 ? max + 20 : 1000}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-message`}
        />
        <SubmitButton disabled={disabled} />
      </div>
      <SolverMessage id={`${id}-message`} problem={problem} hint={hints.length > 0 ? hints.join(' · ') : undefined} />
    </SolverForm>
  );
}

/** Type the text of the picture (normal captcha), or answer the question (text captcha). */
export function TextSolver({ offer, disabled, onSubmit }: SolverProps) {
  const { t } = useTranslation('worker');
  const question = stringParam(offer.params, 'comment') ?? stringParam(offer.params, 'textInstructions');
  return (
    <SolverLayout
      media={
        offer.media ? (
          <Picture src={offer.media} alt={t('solver.text.imageAlt')} />
        ) : (
          <p className="worker-question">
            {question ?? t('solver.text.noQuestion')}
          </p>
        )
      }
      controls={<TextAnswerForm params={offer.params} disabled={disabled} label={offer.media ? t('solver.text.label') : t('solver.text.questionLabel')} onSubmit={(text) => onSubmit({ kind: 'text', text })} />}
    />
  );
}

/** Listen and type what is said. */
export function AudioSolver({ offer, disabled, onSubmit }: SolverProps) {
  const { t } = useTranslation('worker');
  return (
    <SolverLayout
      media={offer.media ? <AudioPlayer src={offer.media} /> : <p className="worker-question">{t('solver.audio.missing')}</p>}
      controls={<TextAnswerForm params={offer.params} disabled={disabled} label={t('solver.audio.label')} onSubmit={(text) => onSubmit({ kind: 'text', text })} />}
    />
  );
}
