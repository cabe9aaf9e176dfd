import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { useChangePasswordMutation } from './api.ts';
import { errorKey } from './errors.ts';
import { FormMessage } from './states.tsx';

export const MIN_PASSWORD = 10;

type Problem = 'currentRequired' | 'tooShort' | 'mismatch' | 'same';

/** Client checks before the call; the server checks the current password. */
export function passwordProblems(
  current: string,
  next: string,
  repeat: string,
): Partial<Record<'current' | 'next' | 'repeat', Problem>> {
  const problems: Partial<Record<'current' | 'next' | 'repeat', Problem>> = {};
  if (!current) problems.current = 'currentRequired';
  if (next.length < MIN_PASSWORD) problems.next = 'tooShort';
  else if (next === current) problems.next = 'same';
  if (!problems.next && repeat !== next) problems.repeat = 'mismatch';
  return problems;
}

/** Current, new (≥ 10 characters) and repeated password → PUT /api/v2/profile/password. */
export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<ReturnType<typeof passwordProblems>>({});
  const [done, setDone] = useState(false);
  const [change, { isLoading, error }] = useChangePasswordMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const found = passwordProblems(current, next, repeat);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const first = (event.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>('[aria-invalid="true"]');
      first?.focus();
      return;
    }
    const result = await change({ currentPassword: current, newPassword: next });
    if (!result.error) {
      setDone(true);
      setCurrent('');
      setNext('');
      setRepeat('');
    }
  };

  const problem = (p: Problem | undefined) => (p ? t(`password.problems.${p}`, { min: MIN_PASSWORD }) : undefined);
  const message = error
    ? t(
        errorKey(error, {
          INVALID_CREDENTIALS: 'password.wrongCurrent',
          VALIDATION_FAILED: 'password.problems.tooShort',
        }),
        { min: MIN_PASSWORD },
      )
    : null;

  return (
    <Card>
      <form className="stack form-narrow" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('password.current')} error={problem(problems.current)} required>
          <TextInput
            type="password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            autoComplete="current-password"
            maxLength={128}
          />
        </Field>
        <Field
          label={t('password.new')}
          hint={t('password.newHint', { min: MIN_PASSWORD })}
          error={problem(problems.next)}
          required
        >
          <TextInput
            type="password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            autoComplete="new-password"
            minLength={MIN_PASSWORD}
            maxLength={128}
          />
        </Field>
        <Field label={t('password.repeat')} error={problem(problems.repeat)} required>
          <TextInput
            type="password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            autoComplete="new-password"
            maxLength={128}
          />
        </Field>
        <FormMessage error={message} success={done ? t('password.done') : null} />
        <div>
          <Button type="submit" loading={isLoading}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
