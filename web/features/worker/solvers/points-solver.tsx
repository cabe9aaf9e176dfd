import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { Point } from '#shared/captcha-types/types.ts';
import { Button } from '#web/components/button/button.tsx';
import { intParam } from '../geometry.ts';
import { PointPicker } from '../pickers.tsx';
import { SolverForm, SolverLayout, SolverMessage, SubmitButton } from './common.tsx';
import type { SolverProps } from './types.ts';

/** Click the points the instructions ask for; the answer is in the image's own pixels. */
export function PointsSolver({ offer, disabled, onSubmit }: SolverProps) {
  const { t } = useTranslation('worker');
  const minClicks = Math.max(1, intParam(offer.params.minClicks, 1));
  const maxClicks = intParam(offer.params.maxClicks, 0);
  const [points, setPoints] = useState<Point[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    if (points.length < minClicks) {
      setProblem(t('solver.points.tooFew', { count: minClicks }));
      return;
    }
    onSubmit({ kind: 'points', points });
  };

  // Temu: one point per piece, so the registry sets minClicks = maxClicks = the number of pieces.
  const hint =
    maxClicks > 0 && maxClicks === minClicks
      ? t('solver.points.hintExact', { count: minClicks })
      : maxClicks > 0
        ? t('solver.points.hintRange', { min: minClicks, max: maxClicks })
        : t('solver.points.hint', { count: minClicks });
  const extra = offer.mediaList.slice(1);
  const picker = (src: string) => (
    <PointPicker
      src={src}
      alt={t('solver.points.imageAlt')}
      points={points}
      max={maxClicks}
      disabled={disabled}
      onAdd={(p) => {
        setProblem(null);
        setPoints((list) => [...list, p]);
      }}
      onRemove={(i) => setPoints((list) => list.filter((_, k) => k !== i))}
    />
  );
  return (
    <SolverLayout
      media={
        offer.media ? (
          extra.length > 0 ? (
            // Further pictures of the task (Temu's pieces) under the picture, numbered like the markers that place them.
            <div className="worker-pieces-stage">
              <div className="worker-pieces-stage__picture">{picker(offer.media)}</div>
              <figure className="worker-pieces">
                <figcaption className="worker-pieces__title">{t('solver.points.pieces')}</figcaption>
                <ol className="worker-pieces__list" aria-label={t('solver.rotate.extra')}>
                  {extra.map((src, i) => (
                    <li key={i} className="worker-pieces__item">
                      <span className="worker-pieces__number" aria-hidden="true">{i + 1}</span>
                      <img src={src} alt={t('solver.points.piece', { number: i + 1 })} draggable={false} />
                    </li>
                  ))}
                </ol>
              </figure>
            </div>
          ) : (
            picker(offer.media)
          )
        ) : (
          <p className="worker-question">{t('solver.missingImage')}</p>
        )
      }
      controls={
        <SolverForm onSubmit={submit}>
          <div className="worker-answer-row">
            <p className="worker-selection" aria-live="polite">{t('solver.points.count', { count: points.length })}</p>
            <div className="worker-answer-row__actions">
              <Button variant="secondary" size="lg" disabled={disabled || points.length === 0} onClick={() => setPoints((list) => list.slice(0, -1))}>
                {t('solver.undo')}
              </Button>
              <Button variant="tertiary" size="lg" disabled={disabled || points.length === 0} onClick={() => setPoints([])}>
                {t('solver.clear')}
              </Button>
              <SubmitButton disabled={disabled} />
            </div>
          </div>
          <SolverMessage problem={problem} hint={hint} />
        </SolverForm>
      }
    />
  );
}
