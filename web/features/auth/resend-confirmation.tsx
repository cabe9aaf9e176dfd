import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { Button } from '#web/components/button/button.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { useResendConfirmationMutation } from './api.ts';
import { FormAlert, FormNotice } from './auth-layout.tsx';
import { authErrorMessage, checkEmail, readAuthError } from './errors.ts';

export interface ResendConfirmationProps {
  language: Language;
  /** The address, when the page knows it: then only a button is shown. */
  email?: string | null;
  variant?: 'primary' | 'secondary';
}

/**
 * "Send the link again" for an unconfirmed address. The server answers alike whether or not the
 * address has an unconfirmed account, so the page does too.
 */
export function ResendConfirmation({ language, email: knownEmail, variant = 'secondary' }: ResendConfirmationProps) {
  const { t } = useTranslation('auth');
  const [resend, state] = useResendConfirmationMutation();
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const email = knownEmail ?? typed;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = checkEmail(email);
    if (problem) {
      setFieldError(problem);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setSentTo(null);
    const result = await resend({ email: email.trim(), language });
    if (!result.error) setSentTo(email.trim());
  }

  const error = state.isError ? readAuthError(state.error) : null;
  return (
    <form className="stack" noValidate onSubmit={onSubmit}>
      {knownEmail == null && (
        <Field label={t('fields.email.label')} error={fieldError ? t(fieldError) : undefined}>
          <TextInput
            ref={inputRef}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </Field>
      )}
      {error && <FormAlert>{authErrorMessage(t, error)}</FormAlert>}
      {sentTo && !state.isLoading && <FormNotice>{t('resend.sent', { email: sentTo })}</FormNotice>}
      <div>
        <Button type="submit" variant={variant} loading={state.isLoading}>
          {t('resend.action')}
        </Button>
      </div>
    </form>
  );
}
