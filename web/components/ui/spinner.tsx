import { useTranslation } from '#web/lib/i18n-react.ts';
import { cx } from './class-names.ts';

export interface SpinnerProps {
  /** Screen-reader text; defaults to the translated `ui:loading`. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const { t } = useTranslation('ui');
  return (
    <span className={cx('spinner', `spinner--${size}`, className)} role="status">
      <span className="visually-hidden">{label ?? t('ui:loading')}</span>
    </span>
  );
}
