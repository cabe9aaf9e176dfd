import type { ReactNode } from 'react';
import { cx } from './class-names.ts';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Usually one Button or link that gets the user out of the empty state. */
  action?: ReactNode;
  /** Decorative illustration or icon; hidden from assistive technology. */
  icon?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** Compact variant for empty table bodies and small cards. */
  compact?: boolean;
  className?: string;
}

export function EmptyState({
  title,
  description,
  action,
  icon,
  headingLevel = 2,
  compact = false,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx('empty-state', compact && 'empty-state--compact', className)}>
      {icon != null && (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <Heading className="empty-state__title">{title}</Heading>
      {description != null && <p className="empty-state__description">{description}</p>}
      {action != null && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
