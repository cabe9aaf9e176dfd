import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { intParam, rotateBy } from '../geometry.ts';
import { SolverForm, SolverLayout, SolverMessage, SubmitButton, useSolverKeys } from './common.tsx';
import type { SolverProps } from './types.ts';

/**
 * Turn the picture upright: the buttons and the arrow keys turn it by the task's step (40° unless
 * the customer set `angle`); the answer is the clockwise angle applied.
 */
export function RotateSolver({ offer, disabled, onSubmit }: SolverProps) {
  const { t } = useTranslation('worker');
  const step = Math.min(180, intParam(offer.params.angle, 40));
  const [angle, setAngle] = useState(0);
  const turn = (direction: 1 | -1) => {
    if (!disabled) setAngle((a) => rotateBy(a, step, direction));
  };

  useSolverKeys((event) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      turn(event.key === 'ArrowRight' ? 1 : -1);
    }
  }, !disabled);

  const extra = offer.mediaList.slice(1);
  return (
    <SolverLayout
      media={
        offer.media ? (
          <div className="worker-rotate">
            <div className="worker-rotate__dial">
              <img src={offer.media} alt={t('solver.rotate.imageAlt')} className="worker-rotate__img" style={{ transform: `rotate(${angle}deg)` }} draggable={false} />
            </div>
            {extra.length > 0 && (
              <ul className="worker-rotate__extra" aria-label={t('solver.rotate.extra')}>
                {extra.map((src, i) => (
                  <li key={i}>
                    <img src={src} alt={t('solver.rotate.extraAlt', { number: i + 2 })} draggable={false} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <p className="worker-question">{t('solver.missingImage')}</p>
        )
      }
      controls={
        <SolverForm onSubmit={() => onSubmit({ kind: 'rotate', angle })}>
          <div className="worker-answer-row">
            <div className="worker-answer-row__actions">
              <Button variant="secondary" size="lg" disabled={disabled} onClick={() => turn(-1)} aria-label={t('solver.rotate.left', { step })}>
                ↺
              </Button>
              <output className="worker-angle num" aria-live="polite">
                {t('solver.rotate.angle', { angle })}
              </output>
              <Button variant="secondary" size="lg" disabled={disabled} onClick={() => turn(1)} aria-label={t('solver.rotate.right', { step })}>
                ↻
              </Button>
            </div>
            <SubmitButton disabled={disabled} />
          </div>
          <SolverMessage hint={t('solver.rotate.hint', { step })} />
        </SolverForm>
      }
    />
  );
}
