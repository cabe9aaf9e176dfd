import type { SVGProps } from 'react';

/**
 * A handful of 20px stroke icons the shared components need. Decorative by
 * default (aria-hidden); the control that holds an icon carries the label.
 */
export type IconName = 'close' | 'info' | 'success' | 'warning' | 'danger' | 'menu';

const PATHS: Record<IconName, string> = {
  close: 'M5 5l10 10M15 5L5 15',
  menu: 'M3 6h14M3 10h14M3 14h14',
  info: 'M10 18a8 8 0 100-16 8 8 0 000 16zM10 9v5M10 6.5v.01',
  success: 'M10 18a8 8 0 100-16 8 8 0 000 16zM6.5 10.2l2.3 2.3 4.7-4.8',
  warning: 'M8.6 3.2L1.9 15a1.6 1.6 0 001.4 2.4h13.4a1.6 1.6 0 001.4-2.4L11.4 3.2a1.6 1.6 0 00-2.8 0zM10 8v3.5M10 14.2v.01',
  danger: 'M10 18a8 8 0 100-16 8 8 0 000 16zM12.5 7.5l-5 5M7.5 7.5l5 5',
};

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number;
}

export function Icon({ name, size = 20, className, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className ? `icon ${className}` : 'icon'}
      {...rest}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
