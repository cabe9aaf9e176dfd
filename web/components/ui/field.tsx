import { cloneElement, isValidElement, useId } from 'react';
import type { ComponentPropsWithRef, ReactElement, ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { cx } from './class-names.ts';

/** Attributes a Field hands to its control so label, hint and error are announced. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

type ControlElement = ReactElement<{ id?: string; 'aria-describedby'?: string }>;

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Inline validation message; marks the control aria-invalid. */
  error?: ReactNode;
  /** Control id; generated when omitted. */
  id?: string;
  required?: boolean;
  /** Shows a muted "optional" marker instead of marking required fields. */
  optional?: boolean;
  className?: string;
  /** An input element (props are merged in) or a render prop receiving the control props. */
  children: ControlElement | ((control: FieldControlProps) => ReactNode);
}

export function Field({
  label,
  hint,
  error,
  id,
  required,
  optional = false,
  className,
  children,
}: FieldProps) {
  const { t } = useTranslation('ui');
  const generated = useId();
  const child = typeof children === 'function' ? null : children;
  const controlId = id ?? (isValidElement(child) ? child.props.id : undefined) ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const hasError = error != null && error !== false && error !== '';

  const describedBy =
    cx(
      isValidElement(child) ? child.props['aria-describedby'] : undefined,
      hint != null && hintId,
      hasError && errorId,
    ) || undefined;

  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': describedBy,
    ...(hasError ? { 'aria-invalid': true as const } : {}),
    ...(required ? { required: true } : {}),
  };

  return (
    <div className={cx('field', hasError && 'field--invalid', className)}>
      <label className="field__label" htmlFor={controlId}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
        {optional && !required && <span className="field__optional">{t('ui:optional')}</span>}
      </label>
      {typeof children === 'function' ? children(control) : cloneElement(children, control)}
      {hint != null && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {hasError && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextInputProps extends ComponentPropsWithRef<'input'> {
  inputSize?: 'md' | 'lg';
  /** Monospace, for API keys, tokens and captcha answers. */
  mono?: boolean;
}

export function TextInput({
  inputSize = 'md',
  mono = false,
  type = 'text',
  className,
  ...rest
}: TextInputProps) {
  return (
    <input
      type={type}
      className={cx('input', `input--${inputSize}`, mono && 'input--mono', className)}
      {...rest}
    />
  );
}
