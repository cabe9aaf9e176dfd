import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { intParam, toggleCell } from '../geometry.ts';
import { GridPicker } from '../pickers.tsx';
import { SolverForm, SolverLayout, SolverMessage, SubmitButton, useSolverKeys } from './common.tsx';
import type { SolverProps } from './types.ts';

/**
 * Click the matching tiles. Tiles are toggle buttons numbered 1… from the top left, row by row;
 * the number keys 1–9 toggle them too. The answer lists the selected numbers.
 */
export function GridSolver({ offer, disabled, onSubmit }: SolverProps) {
  const { t } = useTranslation('worker');
  const rows = intParam(offer.params.rows, 3);
  const columns = intParam(offer.params.columns, 3);
  const minClicks = intParam(offer.params.minClicks, 0);
  const maxClicks = intParam(offer.params.maxClicks, 0);
  const canNoAnswer = offer.params.canNoAnswer === true;
  const [cells, setCells] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = (cell: number) => {
    if (disabled || cell < 1 || cell > rows * columns) return;
    if (!cells.includes(cell) && maxClicks > 0 && cells.length >= maxClicks) {
      setProblem(t('solver.grid.tooMany', { count: maxClicks }));
      return;
    }
    setProblem(null);
    setCells(toggleCell(cells, cell));
  };

  useSolverKeys((event) => {
    if (/^[1-9]$/.test(event.key)) {
      event.preventDefault();
      toggle(Number(event.key));
    }
  }, !disabled);

  const submit = () => {
    if (cells.length === 0) {
      setProblem(canNoAnswer ? t('solver.grid.emptyOrNone') : t('solver.grid.empty'));
      return;
    }
    if (minClicks > 0 && cells.length < minClicks) {
      setProblem(t('solver.grid.tooFew', { count: minClicks }));
      return;
    }
    onSubmit({ kind: 'grid', cells });
  };

  return (
    <SolverLayout
      media={
        offer.media ? (
          <GridPicker src={offer.media} alt={t('solver.grid.imageAlt')} rows={rows} columns={columns} selected={cells} onToggle={toggle} disabled={disabled} />
        ) : (
          <p className="worker-question">{t('solver.missingImage')}</p>
        )
      }
      controls={
        <SolverForm onSubmit={submit}>
          <div className="worker-answer-row">
            <p className="worker-selection" aria-live="polite">
              {cells.length > 0 ? t('solver.grid.selected', { cells: cells.join(', ') }) : t('solver.grid.none')}
            </p>
            <div className="worker-answer-row__actions">
              {canNoAnswer && (
                <Button variant="secondary" size="lg" disabled={disabled} onClick={() => onSubmit({ kind: 'noMatch' })}>
                  {t('solver.noMatch')}
                </Button>
              )}
              <SubmitButton disabled={disabled} />
            </div>
          </div>
          <SolverMessage problem={problem} hint={t('solver.grid.keys', { max: Math.min(9, rows * columns) })} />
        </SolverForm>
      }
    />
  );
}
