import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './class-names.ts';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  as?: 'div' | 'section' | 'article' | 'li';
  title?: ReactNode;
  /** Heading level of `title`, so cards fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  description?: ReactNode;
  /** Right side of the header: a button, link or badge. */
  actions?: ReactNode;
  footer?: ReactNode;
  padding?: 'none' | 'md' | 'lg';
  /** Hover lift for cards that are entirely a link or button target. */
  interactive?: boolean;
}

export function Card({
  as: Tag = 'div',
  title,
  headingLevel = 2,
  description,
  actions,
  footer,
  padding = 'md',
  interactive = false,
  className,
  children,
  ...rest
}: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const hasHeader = title != null || actions != null;
  return (
    <Tag
      className={cx('card', `card--pad-${padding}`, interactive && 'card--interactive', className)}
      {...rest}
    >
      {hasHeader && (
        <div className="card__header">
          <div className="card__heading">
            {title != null && <Heading className="card__title">{title}</Heading>}
            {description != null && <p className="card__description">{description}</p>}
          </div>
          {actions != null && <div className="card__actions">{actions}</div>}
        </div>
      )}
      {children != null && <div className="card__body">{children}</div>}
      {footer != null && <div className="card__footer">{footer}</div>}
    </Tag>
  );
}
