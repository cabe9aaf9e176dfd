import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import { homePathOf, type UserType } from '#shared/contracts/user.ts';
import { Button } from '#web/components/button/button.tsx';
import { AuthHead, AuthLayout, FormAlert } from '#web/features/auth/auth-layout.tsx';
import { authErrorMessage, readAuthError } from '#web/features/auth/errors.ts';
import { afterSignIn, browserNavigation, returnToFrom } from '#web/features/auth/navigation.ts';
import { RoleChoice } from '#web/features/auth/role-choice.tsx';
import { useUpdateUserMutation } from '#web/features/user/api.ts';
import { useCurrentUser } from '#web/features/user/use-current-user.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';

/**
 * The user type: chosen once after sign-up (/select-role, often with return_to) and changed later
 * from the cabinet (/cabinet/edittype, the current type preselected).
 */
export default function SelectRolePage() {
  const { t } = useTranslation('auth');
  const { page, to } = useCurrentPage();
  const [search] = useSearchParams();
  const user = useCurrentUser();
  const current = user?.profile.userType ?? null;
  const editing = page?.id === 'cabinet-edittype';
  const returnTo = returnToFrom(search);
  const [update, state] = useUpdateUserMutation();
  const [picked, setPicked] = useState<UserType | null>(null);
  const choice = picked ?? current;
  const [missing, setMissing] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!choice) {
      setMissing(true);
      firstRef.current?.focus();
      return;
    }
    setMissing(false);
    const result = await update({ userType: choice });
    if (!result.data) return;
    browserNavigation.assign(afterSignIn(returnTo, homePathOf(result.data.profile.userType ?? choice), to));
  }

  const error = state.isError ? readAuthError(state.error) : null;
  const key = editing ? 'editType' : 'selectRole';
  return (
    <>
      <AuthHead title={t(`${key}.title`)} />
      <AuthLayout wide title={t(`${key}.heading`)} lead={t(`${key}.lead`)}>
        {error && <FormAlert>{authErrorMessage(t, error)}</FormAlert>}
        <form className="stack stack--lg" noValidate onSubmit={onSubmit}>
          <RoleChoice
            layout="cards"
            legend={t('selectRole.legend')}
            hideLegend
            value={choice}
            current={current}
            onChange={(role) => {
              setPicked(role);
              setMissing(false);
            }}
            error={missing ? t('selectRole.required') : undefined}
            firstInputRef={firstRef}
          />
          <div className="cluster cluster--end">
            <Button type="submit" size="lg" loading={state.isLoading || state.isSuccess}>
              {editing ? t('editType.submit') : t('selectRole.submit')}
            </Button>
          </div>
        </form>
      </AuthLayout>
    </>
  );
}
