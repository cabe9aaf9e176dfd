import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { AuthHead, AuthLayout, FormAlert } from '#web/features/auth/auth-layout.tsx';
import {
  authErrorMessage,
  checkEmail,
  checkPassword,
  readAuthError,
  serverFieldKey,
} from '#web/features/auth/errors.ts';
import { afterSignIn, browserNavigation, returnToFrom, withReturnTo } from '#web/features/auth/navigation.ts';
import { ResendConfirmation } from '#web/features/auth/resend-confirmation.tsx';
import { useLoginMutation } from '#web/features/user/api.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { redirectSignedIn } from './shared.ts';

export function loader(args: PageLoaderArgs) {
  return redirectSignedIn(args);
}

type LoginField = 'email' | 'password';

/** Sign-in: e-mail and password, then home (or return_to), or the two-factor step. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { lang, to } = useCurrentPage();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = returnToFrom(search);
  const [login, state] = useLoginMutation();
  const [email, setEmail] = useState(search.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<LoginField, string>>>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  function showInvalid(fields: Partial<Record<LoginField, string>>): boolean {
    setInvalid(fields);
    const first = (['email', 'password'] as const).find((f) => fields[f]);
    if (first) ({ email: emailRef, password: passwordRef })[first].current?.focus();
    return first !== undefined;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = { email: checkEmail(email) ?? undefined, password: checkPassword(password) ?? undefined };
    if (showInvalid(checked)) return;
    const result = await login({ email: email.trim(), password });
    if (result.data?.status === 'ok') {
      browserNavigation.assign(afterSignIn(returnTo, result.data.homePath, to));
    } else if (result.data?.status === 'two_factor_required') {
      await navigate(withReturnTo(to('/auth/oauth-2fa'), returnTo));
    } else if (result.error) {
      const error = readAuthError(result.error);
      if (error.code === 'VALIDATION_FAILED') {
        const fields = Object.fromEntries(
          error.fields.filter((f) => f === 'email' || f === 'password').map((f) => [f, serverFieldKey(f)]),
        );
        showInvalid(fields);
      } else if (error.code === 'INVALID_CREDENTIALS') {
        setPassword('');
        passwordRef.current?.focus();
      }
    }
  }

  const error = state.isError ? readAuthError(state.error) : null;
  const submittedEmail = state.originalArgs?.email ?? email;
  return (
    <>
      <AuthHead title={t('login.title')} />
      <AuthLayout
        title={t('login.heading')}
        lead={t('login.lead')}
        footer={
          <p className="text-sm">
            {t('login.noAccount')} <LocalizedLink to="/auth/register">{t('login.register')}</LocalizedLink>
          </p>
        }
      >
        {error && (
          <FormAlert>
            <div className="stack stack--sm">
              <p>{authErrorMessage(t, error)}</p>
              {error.code === 'EMAIL_NOT_CONFIRMED' && <ResendConfirmation language={lang} email={submittedEmail} />}
            </div>
          </FormAlert>
        )}
        <form className="stack" noValidate onSubmit={onSubmit}>
          <Field label={t('fields.email.label')} error={invalid.email ? t(invalid.email) : undefined}>
            <TextInput
              ref={emailRef}
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
          <div className="stack stack--xs">
            <Field label={t('fields.password.label')} error={invalid.password ? t(invalid.password) : undefined}>
              <TextInput
                ref={passwordRef}
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <p className="text-sm">
              <LocalizedLink
                to={email.trim() ? `/auth/remind?email=${encodeURIComponent(email.trim())}` : '/auth/remind'}
              >
                {t('login.forgot')}
              </LocalizedLink>
            </p>
          </div>
          <Button
            type="submit"
            size="lg"
            block
            loading={state.isLoading || (state.isSuccess && state.data.status === 'ok')}
          >
            {t('login.submit')}
          </Button>
        </form>
      </AuthLayout>
    </>
  );
}
