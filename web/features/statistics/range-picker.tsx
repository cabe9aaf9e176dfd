import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useSearchParams } from 'react-router';
import { Button } from '#web/components/button/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { cx } from '#web/components/ui/class-names.ts';
import { checkRange, PRESETS, presetRange, type Range, type RangeError } from './range.ts';

/**
 * The period of a statistics page, kept in the address (?dateFrom=&dateTo=) so it can be shared and
 * is rendered on the server. Two labelled date inputs, checked before they are applied, and quick ranges.
 */
export function RangePicker({ range, error }: { range: Range; error: RangeError | null }) {
  const { t } = useTranslation('statistics');
  const [, setSearch] = useSearchParams();
  const [from, setFrom] = useState(range.dateFrom);
  const [to, setTo] = useState(range.dateTo);
  const [problem, setProblem] = useState<RangeError | null>(null);
  const [shown, setShown] = useState(range);
  const presetsId = useId();
  // A navigation (preset, back button) changed the range: show it in the inputs.
  if (shown.dateFrom !== range.dateFrom || shown.dateTo !== range.dateTo) {
    setShown(range);
    setFrom(range.dateFrom);
    setTo(range.dateTo);
    setProblem(null);
  }
  const apply = (next: Range) => setSearch({ dateFrom: next.dateFrom, dateTo: next.dateTo }, { preventScrollReset: true });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkRange(from, to);
    setProblem(found);
    if (!found) apply({ dateFrom: from, dateTo: to });
  };
  const message = problem ?? error;
  const active = PRESETS.find((p) => {
    const r = presetRange(p.days);
    return r.dateFrom === range.dateFrom && r.dateTo === range.dateTo;
  });

  return (
    <form className="range-picker" onSubmit={onSubmit} noValidate aria-label={t('range.legend')}>
      <div className="range-picker__fields">
        <Field label={t('range.from')} error={message === 'invalid' || message === 'order' ? t(`range.errors.${message}`) : undefined}>
          <input type="date" className="input" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label={t('range.to')} error={message === 'tooLong' ? t('range.errors.tooLong') : undefined}>
          <input type="date" className="input" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <Button type="submit" variant="primary" className="range-picker__apply">
          {t('range.apply')}
        </Button>
      </div>
      <div className="range-picker__presets" role="group" aria-labelledby={presetsId}>
        <span id={presetsId} className="text-sm muted">
          {t('range.presets.label')}
        </span>
        {PRESETS.map((p) => (
          <button
            key={p.key}
            type="button"
            className={cx('chip', active?.key === p.key && 'chip--active')}
            aria-pressed={active?.key === p.key}
            onClick={() => apply(presetRange(p.days))}
          >
            {t(`range.presets.${p.key}`)}
          </button>
        ))}
      </div>
      <p className="text-sm muted">{t('range.utc')}</p>
    </form>
  );
}
