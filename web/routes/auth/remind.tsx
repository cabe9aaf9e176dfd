import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { useRemindMutation } from '#web/features/auth/api.ts';
import { AuthHead, AuthLayout, FormAlert } from '#web/features/auth/auth-layout.tsx';
import { authErrorMessage, checkEmail, readAuthError } from '#web/features/auth/errors.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/**
 * Password recovery: the same answer whether or not the address has an account
 * (the server mails a notice to unknown addresses), so nobody learns who is registered here.
 */
export default function RemindPage() {
  const { t } = useTranslation('auth');
  const { lang } = useCurrentPage();
  const [search] = useSearchParams();
  const [remind, state] = useRemindMutation();
  const [email, setEmail] = useState(search.get('email') ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = checkEmail(email);
    setFieldError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    const result = await remind({ email: email.trim(), language: lang });
    if (result.error && readAuthError(result.error).code === 'VALIDATION_FAILED') {
      setFieldError('fields.email.invalid');
      inputRef.current?.focus();
    }
  }

  const footer = (
    <p className="text-sm">
      {t('remind.remembered')} <LocalizedLink to="/auth/login">{t('remind.signIn')}</LocalizedLink>
    </p>
  );

  if (state.isSuccess) {
    return (
      <>
        <AuthHead title={t('remind.title')} />
        <AuthLayout
          tone="success"
          announce="status"
          focusTitle
          title={t('remind.sent.heading')}
          lead={t('remind.sent.text', { email: state.originalArgs?.email ?? email })}
          footer={footer}
        >
          <p className="text-secondary">{t('remind.sent.hint')}</p>
          <div>
            <Button variant="secondary" onClick={() => state.reset()}>
              {t('remind.sent.again')}
            </Button>
          </div>
        </AuthLayout>
      </>
    );
  }

  const error = state.isError ? readAuthError(state.error) : null;
  return (
    <>
      <AuthHead title={t('remind.title')} />
      <AuthLayout announce="status" title={t('remind.heading')} lead={t('remind.lead')} footer={footer}>
        {error && error.code !== 'VALIDATION_FAILED' && <FormAlert>{authErrorMessage(t, error)}</FormAlert>}
        <form className="stack" noValidate onSubmit={onSubmit}>
          <Field label={t('fields.email.label')} error={fieldError ? t(fieldError) : undefined}>
            <TextInput
              ref={inputRef}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Button type="submit" size="lg" block loading={state.isLoading}>
            {t('remind.submit')}
          </Button>
        </form>
      </AuthLayout>
    </>
  );
}
