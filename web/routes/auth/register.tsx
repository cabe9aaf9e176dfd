import { useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from '#web/lib/i18n-react.ts';
import { useNavigate, useSearchParams } from 'react-router';
import type { UserType } from '#shared/contracts/user.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { useRegisterMutation } from '#web/features/auth/api.ts';
import { AuthHead, AuthLayout, FormAlert } from '#web/features/auth/auth-layout.tsx';
import {
  authErrorMessage,
  checkEmail,
  checkNewPassword,
  readAuthError,
  serverFieldKey,
} from '#web/features/auth/errors.ts';
import { parseUserType, RoleChoice } from '#web/features/auth/role-choice.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { redirectSignedIn } from './shared.ts';

export function loader(args: PageLoaderArgs) {
  return redirectSignedIn(args);
}

type RegisterField = 'email' | 'password';

/** Sign-up: user type (optional, preselected by ?userType=), e-mail and a new password. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { lang, to } = useCurrentPage();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [register, state] = useRegisterMutation();
  const [userType, setUserType] = useState<UserType | null>(() => parseUserType(search.get('userType')));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<RegisterField, string>>>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  function showInvalid(fields: Partial<Record<RegisterField, string>>): boolean {
    setInvalid(fields);
    const first = (['email', 'password'] as const).find((f) => fields[f]);
    if (first) ({ email: emailRef, password: passwordRef })[first].current?.focus();
    return first !== undefined;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = { email: checkEmail(email) ?? undefined, password: checkNewPassword(password) ?? undefined };
    if (showInvalid(checked)) return;
    const address = email.trim();
    const result = await register({ email: address, password, language: lang, ...(userType ? { userType } : {}) });
    if (result.data) {
      await navigate(`${to('/auth/confirm-email')}?email=${encodeURIComponent(address)}`);
    } else if (result.error) {
      const error = readAuthError(result.error);
      if (error.code === 'VALIDATION_FAILED') {
        showInvalid(
          Object.fromEntries(
            error.fields.filter((f) => f === 'email' || f === 'password').map((f) => [f, serverFieldKey(f)]),
          ),
        );
      }
    }
  }

  const error = state.isError ? readAuthError(state.error) : null;
  return (
    <>
      <AuthHead title={t('register.title')} />
      <AuthLayout
        title={t('register.heading')}
        lead={t('register.lead')}
        footer={
          <p className="text-sm">
            {t('register.haveAccount')} <LocalizedLink to="/auth/login">{t('register.signIn')}</LocalizedLink>
          </p>
        }
      >
        {error && <FormAlert>{authErrorMessage(t, error)}</FormAlert>}
        <form className="stack" noValidate onSubmit={onSubmit}>
          <RoleChoice
            legend={t('register.userType')}
            hint={t('register.userTypeHint')}
            value={userType}
            onChange={setUserType}
          />
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
          <Field
            label={t('fields.password.label')}
            hint={t('fields.newPassword.hint')}
            error={invalid.password ? t(invalid.password) : undefined}
          >
            <TextInput
              ref={passwordRef}
              type="password"
              name="password"
              autoComplete="new-password"
              minLength={10}
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <p className="text-sm text-secondary">
            <Trans
              t={t}
              i18nKey="register.terms"
              components={{
                terms: <LocalizedLink to="/terms-of-service" />,
                privacy: <LocalizedLink to="/privacy-policy" />,
              }}
            />
          </p>
          <Button type="submit" size="lg" block loading={state.isLoading || state.isSuccess}>
            {t('register.submit')}
          </Button>
        </form>
      </AuthLayout>
    </>
  );
}
