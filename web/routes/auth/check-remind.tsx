import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useNavigate, useParams } from 'react-router';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { useCheckRemindMutation } from '#web/features/auth/api.ts';
import { AuthHead, AuthLayout, FormAlert } from '#web/features/auth/auth-layout.tsx';
import { authErrorMessage, checkNewPassword, isLinkInvalid, readAuthError } from '#web/features/auth/errors.ts';
import { afterSignIn, browserNavigation } from '#web/features/auth/navigation.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { hashLinkFrom } from './shared.ts';

type PasswordField = 'password' | 'repeat';

/** The link of the recovery mail: choose a new password, then the user is signed in. */
export default function CheckRemindPage() {
  const { t } = useTranslation('auth');
  const { to } = useCurrentPage();
  const navigate = useNavigate();
  const link = hashLinkFrom(useParams());
  const [reset, state] = useCheckRemindMutation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<PasswordField, string>>>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!link) return;
    const checked: Partial<Record<PasswordField, string>> = {
      password: checkNewPassword(password) ?? undefined,
      repeat: !repeat
        ? 'fields.repeatPassword.required'
        : repeat !== password
          ? 'fields.repeatPassword.mismatch'
          : undefined,
    };
    setInvalid(checked);
    const first = (['password', 'repeat'] as const).find((f) => checked[f]);
    if (first) {
      ({ password: passwordRef, repeat: repeatRef })[first].current?.focus();
      return;
    }
    const result = await reset({ ...link, password });
    if (result.data?.status === 'ok') browserNavigation.assign(afterSignIn(null, result.data.homePath, to));
    else if (result.data?.status === 'two_factor_required') await navigate(to('/auth/oauth-2fa'));
  }

  const error = state.isError ? readAuthError(state.error) : null;
  if (!link || (error && isLinkInvalid(error))) {
    return (
      <>
        <AuthHead title={t('checkRemind.title')} />
        <AuthLayout
          tone="danger"
          announce="alert"
          focusTitle={Boolean(error)}
          title={t('checkRemind.invalid.heading')}
          lead={t('checkRemind.invalid.text')}
        >
          <LocalizedLink to="/auth/remind" className={buttonClassName('primary', 'lg', 'btn--block')}>
            {t('checkRemind.invalid.action')}
          </LocalizedLink>
        </AuthLayout>
      </>
    );
  }

  return (
    <>
      <AuthHead title={t('checkRemind.title')} />
      <AuthLayout title={t('checkRemind.heading')} lead={t('checkRemind.lead')}>
        {error && <FormAlert>{authErrorMessage(t, error)}</FormAlert>}
        <form className="stack" noValidate onSubmit={onSubmit}>
          <Field
            label={t('fields.newPassword.label')}
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
          <Field label={t('fields.repeatPassword.label')} error={invalid.repeat ? t(invalid.repeat) : undefined}>
            <TextInput
              ref={repeatRef}
              type="password"
              name="password-repeat"
              autoComplete="new-password"
              required
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
            />
          </Field>
          <Button type="submit" size="lg" block loading={state.isLoading || state.isSuccess}>
            {t('checkRemind.submit')}
          </Button>
        </form>
      </AuthLayout>
    </>
  );
}
