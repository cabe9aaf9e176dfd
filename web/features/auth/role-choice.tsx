import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { USER_TYPES, type UserType } from '#shared/contracts/user.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cx } from '#web/components/ui/class-names.ts';

/** The order the choice is offered in: most visitors come to buy or to earn. */
export const ROLE_ORDER: readonly UserType[] = ['customer', 'worker', 'developer'];

export function parseUserType(value: string | null | undefined): UserType | null {
  return (USER_TYPES as readonly string[]).includes(value ?? '') ? (value as UserType) : null;
}

export interface RoleChoiceProps {
  legend: ReactNode;
  /** Keeps the legend for screen readers only, when the page heading already asks the question. */
  hideLegend?: boolean;
  hint?: ReactNode;
  value: UserType | null;
  onChange(value: UserType): void;
  /** The type the user has now (marked "current"). */
  current?: UserType | null;
  error?: ReactNode;
  /** `cards`: three columns on wide screens (select-role); `list`: stacked (sign-up form). */
  layout?: 'list' | 'cards';
  disabled?: boolean;
  /** Receives the first radio, to focus it when nothing is chosen. */
  firstInputRef?: Ref<HTMLInputElement>;
}

/** Customer, worker or developer: radio buttons dressed as cards, one sentence each. */
export function RoleChoice({
  legend,
  hideLegend = false,
  hint,
  value,
  onChange,
  current = null,
  error,
  layout = 'list',
  disabled = false,
  firstInputRef,
}: RoleChoiceProps) {
  const { t } = useTranslation('auth');
  const name = useId();
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const hasError = error != null && error !== false && error !== '';
  return (
    <fieldset
      className={cx('role-choice', `role-choice--${layout}`)}
      aria-describedby={cx(hint != null && hintId, hasError && errorId) || undefined}
      disabled={disabled}
    >
      <legend className={hideLegend ? 'visually-hidden' : 'field__label role-choice__legend'}>{legend}</legend>
      {hint != null && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <div className="role-choice__options">
        {ROLE_ORDER.map((role, i) => (
          <label key={role} className="role-option">
            <input
              ref={i === 0 ? firstInputRef : undefined}
              type="radio"
              name={name}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              aria-labelledby={`${name}-${role}`}
              aria-describedby={cx(current === role && `${name}-${role}-current`, `${name}-${role}-text`)}
              aria-invalid={hasError || undefined}
            />
            <span className="role-option__body">
              <span className="role-option__head">
                <span className="role-option__title" id={`${name}-${role}`}>
                  {t(`roles.${role}.title`)}
                </span>
                {current === role && (
                  <Badge tone="info" id={`${name}-${role}-current`}>
                    {t('roles.current')}
                  </Badge>
                )}
              </span>
              <span className="role-option__text" id={`${name}-${role}-text`}>
                {t(`roles.${role}.text`)}
              </span>
            </span>
          </label>
        ))}
      </div>
      {hasError && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
