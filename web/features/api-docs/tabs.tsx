import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '#web/components/ui/class-names.ts';

export interface TabsProps<T extends string> {
  label: string;
  options: readonly T[];
  value: T;
  onChange(value: T): void;
  labelOf(option: T): string;
  /** The panel of each option; all are rendered (hidden but present), so the page's HTML has every one. */
  panel(option: T): ReactNode;
  testId?: string;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; the selection is the caller's state. */
export function Tabs<T extends string>({ label, options, value, onChange, labelOf, panel, testId }: TabsProps<T>) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = options.length - 1;
    const next = e.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : e.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    if (next === null) return;
    e.preventDefault();
    onChange(options[next]!);
    refs.current[next]?.focus();
  };
  return (
    <div className="docs-tabs" data-testid={testId}>
      <div role="tablist" aria-label={label} className="tabs docs-tabs__list">
        {options.map((option, i) => (
          <button
            key={option}
            ref={(el) => void (refs.current[i] = el)}
            type="button"
            role="tab"
            id={`${id}-tab-${option}`}
            aria-selected={option === value}
            aria-controls={`${id}-panel-${option}`}
            tabIndex={option === value ? 0 : -1}
            className={cx('tabs__tab')}
            onClick={() => onChange(option)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {labelOf(option)}
          </button>
        ))}
      </div>
      {options.map((option) => (
        <div key={option} role="tabpanel" id={`${id}-panel-${option}`} aria-labelledby={`${id}-tab-${option}`} hidden={option !== value} className="docs-tabs__panel">
          {panel(option)}
        </div>
      ))}
    </div>
  );
}
