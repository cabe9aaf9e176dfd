import type { ComponentPropsWithRef } from 'react';
import { cx } from '../ui/class-names.ts';

/** Spec §9 button variants, in the spec's order. */
export const BUTTON_VARIANTS = [
  'none',
  'primary',
  'secondary',
  'secondary-white',
  'tertiary',
  'primary-earls-green',
  'primary-alice-blue',
  'primary-danger',
  'primary-warning',
  'primary-light',
  'primary-gray',
  'service',
] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

export const BUTTON_SIZES = ['md', 'lg'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];

/**
 * Button classes for elements that must look like a button but are not one,
 * typically router links: `<Link className={buttonClassName('primary', 'lg')}>`.
 */
export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
): string {
  return cx('btn', `btn--${variant}`, `btn--${size}`, className);
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the container width (e.g. modal footers on phones). */
  block?: boolean;
  /** Shows a spinner and blocks repeat submits while an action is in flight. */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      // A form-less default avoids accidental submits; callers opt in with type="submit".
      type={type}
      className={buttonClassName(variant, size, cx(block && 'btn--block', loading && 'btn--loading', className))}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="btn__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
