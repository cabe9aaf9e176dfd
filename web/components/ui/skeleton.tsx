import type { CSSProperties } from 'react';
import { cx } from './class-names.ts';

export interface SkeletonProps {
  /** Number → px, string → any CSS length. Defaults to the container width. */
  width?: number | string;
  /** Reserve the final content height so nothing shifts when data arrives. */
  height?: number | string;
  shape?: 'rect' | 'text' | 'circle';
  className?: string;
}

const toLength = (value: number | string | undefined) =>
  typeof value === 'number' ? `${value}px` : value;

/** A placeholder block. Hidden from assistive technology: announce loading elsewhere. */
export function Skeleton({ width, height, shape = 'rect', className }: SkeletonProps) {
  const style: CSSProperties = { width: toLength(width), height: toLength(height) };
  return (
    <span
      className={cx('skeleton', `skeleton--${shape}`, className)}
      style={style}
      aria-hidden="true"
    />
  );
}
