import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { cx } from './class-names.ts';
import { Icon } from './icon.tsx';

export const BANNER_TONES = ['info', 'success', 'warning', 'danger', 'neutral'] as const;
export type BannerTone = (typeof BANNER_TONES)[number];

export interface BannerProps extends ComponentPropsWithRef<'div'> {
  tone?: BannerTone;
  /** Shows a × button; the parent hides the banner (and persists that, if needed). */
  onDismiss?: () => void;
  dismissLabel?: string;
}

export function Banner({
  tone = 'info',
  onDismiss,
  dismissLabel,
  className,
  children,
  ...rest
}: BannerProps) {
  const { t } = useTranslation('ui');
  return (
    <div className={cx('banner', `banner--${tone}`, className)} {...rest}>
      <Icon name={tone === 'neutral' ? 'info' : tone} className="banner__icon" />
      <div className="banner__content">{children}</div>
      {onDismiss && (
        <button
          type="button"
          className="banner__dismiss"
          aria-label={dismissLabel ?? t('ui:dismiss')}
          onClick={onDismiss}
        >
          <Icon name="close" size={16} />
        </button>
      )}
    </div>
  );
}
