import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import { homePathOf } from '#shared/contracts/user.ts';
import { localizedPath } from '#shared/i18n/routing.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { authApi, useAuthStatusQuery, useTwoFactorMutation } from '#web/features/auth/api.ts';
import { AuthHead, AuthLayout, FormAlert } from '#web/features/auth/auth-layout.tsx';
import { authErrorMessage, checkCode, normalizeCode, readAuthError } from '#web/features/auth/errors.ts';
import { afterSignIn, browserNavigation, returnToFrom } from '#web/features/auth/navigation.ts';
import { userApi } from '#web/features/user/api.ts';
import { safeReturnTo } from '#shared/return-to.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/** Whether a sign-in is waiting for its code; an already finished sign-in goes on to its target. */
export async function loader({ store, request, lang }: PageLoaderArgs) {
  const status = await store.dispatch(
    authApi.endpoints.authStatus.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  if (status.data?.state === 'signed_in') {
    const user = userApi.endpoints.getUser.select()(store.getState()).data;
    const returnTo = safeReturnTo(new URL(request.url).searchParams.get('return_to'));
    throw redirect(
      returnTo ?? localizedPath(lang, homePathOf(user?.profile.userType ?? null), store.getState().app.hostLanguage),
    );
  }
  return null;
}

/** The two-factor step of sign-in: an authenticator code or a recovery code. */
export default function TwoFactorPage() {
  const { t } = useTranslation('auth');
  const { to } = useCurrentPage();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = returnToFrom(search);
  const status = useAuthStatusQuery();
  const [submit, state] = useTwoFactorMutation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = normalizeCode(code);
    const problem = checkCode(value);
    if (problem) {
      setFieldError(problem);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    const result = await submit({ code: value });
    if (result.data) {
      browserNavigation.assign(afterSignIn(returnTo, result.data.homePath, to));
      return;
    }
    const error = readAuthError(result.error);
    if (error.code === 'UNAUTHENTICATED') {
      await navigate(to('/auth/two_factor_error'), { replace: true });
      return;
    }
    setCode('');
    inputRef.current?.focus();
  }

  function toggleRecovery() {
    setRecovery((r) => !r);
    setCode('');
    setFieldError(null);
    inputRef.current?.focus();
  }

  if (status.data?.state === 'anonymous') {
    return (
      <>
        <AuthHead title={t('twoFactor.title')} />
        <AuthLayout tone="warning" title={t('twoFactor.expired.heading')} lead={t('twoFactor.expired.text')}>
          <LocalizedLink
            to={returnTo ? `/auth/login?return_to=${encodeURIComponent(returnTo)}` : '/auth/login'}
            className={buttonClassName('primary', 'lg', 'btn--block')}
          >
            {t('twoFactor.signInAgain')}
          </LocalizedLink>
        </AuthLayout>
      </>
    );
  }

  const error = state.isError ? readAuthError(state.error) : null;
  return (
    <>
      <AuthHead title={t('twoFactor.title')} />
      <AuthLayout
        title={t('twoFactor.heading')}
        lead={recovery ? t('twoFactor.leadRecovery') : t('twoFactor.lead')}
        footer={
          <p className="text-sm">
            <LocalizedLink to="/auth/login">{t('twoFactor.otherAccount')}</LocalizedLink>
          </p>
        }
      >
        {error && error.code !== 'UNAUTHENTICATED' && <FormAlert>{authErrorMessage(t, error)}</FormAlert>}
        <form className="stack" noValidate onSubmit={onSubmit}>
          <Field
            label={recovery ? t('fields.recoveryCode.label') : t('fields.code.label')}
            error={fieldError ? t(fieldError) : undefined}
          >
            <TextInput
              ref={inputRef}
              name="code"
              inputSize="lg"
              mono
              autoComplete={recovery ? 'off' : 'one-time-code'}
              inputMode={recovery ? 'text' : 'numeric'}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={32}
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </Field>
          <Button type="submit" size="lg" block loading={state.isLoading || state.isSuccess}>
            {t('twoFactor.submit')}
          </Button>
          <div>
            <Button variant="tertiary" onClick={toggleRecovery}>
              {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
            </Button>
          </div>
        </form>
      </AuthLayout>
    </>
  );
}
