import type { ReactNode } from 'react';
import { cx } from './class-names.ts';

export interface StatProps {
  label: ReactNode;
  /** Rendered with tabular numbers so columns of stats line up. */
  value: ReactNode;
  hint?: ReactNode;
  className?: string;
}

export function Stat({ label, value, hint, className }: StatProps) {
  return (
    <div className={cx('stat', className)}>
      <div className="stat__label">{label}</div>
      <div className="stat__value num">{value}</div>
      {hint != null && <div className="stat__hint">{hint}</div>}
    </div>
  );
}
