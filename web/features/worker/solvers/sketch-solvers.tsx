/** Drawing on the picture: outlines (canvas tasks) and frames (bounding-box tasks). */
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Box, Point } from '#shared/captcha-types/types.ts';
import { Button } from '#web/components/button/button.tsx';
import { boxFrom, extendLine, toNaturalPoint } from '../geometry.ts';
import { naturalSizeOf, Picture, useNaturalSize } from '../pickers.tsx';
import { SolverForm, SolverLayout, SolverMessage, SubmitButton } from './common.tsx';
import type { SolverProps } from './types.ts';

interface SketchPadProps {
  src: string;
  alt: string;
  label: string;
  disabled: boolean;
  /** A drag: its start, each move, its end (natural pixels). */
  onStroke(phase: 'start' | 'move' | 'end', point: Point): void;
  /** Drawn in natural pixels (the SVG's viewBox is the image). */
  children: (size: { width: number; height: number }) => ReactNode;
}

function SketchPad({ src, alt, label, disabled, onStroke, children }: SketchPadProps) {
  const img = useRef<HTMLImageElement>(null);
  const [size, onLoad] = useNaturalSize(img);
  const drawing = useRef(false);

  const pointOf = (event: PointerEvent) => toNaturalPoint(event.clientX, event.clientY, img.current!.getBoundingClientRect(), naturalSizeOf(img.current));

  return (
    <Picture src={src} alt={alt} imgRef={img} onLoad={onLoad}>
      <svg
        className="worker-sketch"
        viewBox={`0 0 ${Math.max(1, size.width)} ${Math.max(1, size.height)}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        onPointerDown={(event) => {
          if (disabled || !img.current || event.button !== 0) return;
          event.preventDefault();
          event.currentTarget.setPointerCapture?.(event.pointerId);
          drawing.current = true;
          onStroke('start', pointOf(event));
        }}
        onPointerMove={(event) => {
          if (drawing.current && img.current) onStroke('move', pointOf(event));
        }}
        onPointerUp={(event) => {
          if (!drawing.current || !img.current) return;
          drawing.current = false;
          onStroke('end', pointOf(event));
        }}
        onPointerCancel={() => {
          drawing.current = false;
        }}
      >
        {children(size)}
      </svg>
    </Picture>
  );
}

function SketchControls({ count, countLabel, hint, problem, disabled, canNoAnswer, onUndo, onClear, onNoMatch }: {
  count: number;
  countLabel: string;
  hint: string;
  problem: string | null;
  disabled: boolean;
  canNoAnswer: boolean;
  onUndo(): void;
  onClear(): void;
  onNoMatch(): void;
}) {
  const { t } = useTranslation('worker');
  return (
    <>
      <div className="worker-answer-row">
        <p className="worker-selection" aria-live="polite">
          {countLabel}
        </p>
        <div className="worker-answer-row__actions">
          <Button variant="secondary" size="lg" disabled={disabled || count === 0} onClick={onUndo}>
            {t('solver.undo')}
          </Button>
          <Button variant="tertiary" size="lg" disabled={disabled || count === 0} onClick={onClear}>
            {t('solver.clear')}
          </Button>
          {canNoAnswer && (
            <Button variant="secondary" size="lg" disabled={disabled} onClick={onNoMatch}>
              {t('solver.noMatch')}
            </Button>
          )}
          <SubmitButton disabled={disabled} />
        </div>
      </div>
      <SolverMessage problem={problem} hint={hint} />
    </>
  );
}

const stroke = (size: { width: number }) => Math.max(2, size.width / 150);

/** Draw around the object: each drag is one line. */
export function DrawSolver({ offer, disabled, onSubmit }: SolverProps) {
  const { t } = useTranslation('worker');
  const [lines, setLines] = useState<Point[][]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const canNoAnswer = offer.params.canNoAnswer === true;

  const onStroke = (phase: 'start' | 'move' | 'end', point: Point) => {
    setProblem(null);
    setLines((list) => {
      if (phase === 'start') return [...list, [point]].slice(-20);
      const last = list[list.length - 1];
      if (!last) return list;
      return [...list.slice(0, -1), extendLine(last, point)];
    });
  };

  const submit = () => {
    const drawn = lines.filter((l) => l.length > 1);
    if (drawn.length === 0) {
      setProblem(t('solver.draw.empty'));
      return;
    }
    onSubmit({ kind: 'draw', polylines: drawn });
  };

  return (
    <SolverLayout
      media={
        offer.media ? (
          <SketchPad src={offer.media} alt={t('solver.draw.imageAlt')} label={t('solver.draw.label', { count: lines.length })} disabled={disabled} onStroke={onStroke}>
            {(size) =>
              lines.map((line, i) => (
                <polyline key={i} points={line.map((p) => `${p.x},${p.y}`).join(' ')} className="worker-sketch__line" strokeWidth={stroke(size)} />
              ))
            }
          </SketchPad>
        ) : (
          <p className="worker-question">{t('solver.missingImage')}</p>
        )
      }
      controls={
        <SolverForm onSubmit={submit}>
          <SketchControls
            count={lines.length}
            countLabel={t('solver.draw.count', { count: lines.length })}
            hint={t('solver.draw.hint')}
            problem={problem}
            disabled={disabled}
            canNoAnswer={canNoAnswer}
            onUndo={() => setLines((list) => list.slice(0, -1))}
            onClear={() => setLines([])}
            onNoMatch={() => onSubmit({ kind: 'noMatch' })}
          />
        </SolverForm>
      }
    />
  );
}

/** Frame each object: drag from one corner to the opposite one. */
export function BoxSolver({ offer, disabled, onSubmit }: SolverProps) {
  const { t } = useTranslation('worker');
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const canNoAnswer = offer.params.canNoAnswer === true;

  const onStroke = (phase: 'start' | 'move' | 'end', point: Point) => {
    setProblem(null);
    if (phase === 'start') return setDrag({ from: point, to: point });
    if (!drag) return;
    if (phase === 'move') return setDrag({ ...drag, to: point });
    const box = boxFrom(drag.from, point);
    setDrag(null);
    if (box) setBoxes((list) => [...list, box].slice(0, 50));
  };

  const submit = () => {
    if (boxes.length === 0) {
      setProblem(t('solver.box.empty'));
      return;
    }
    onSubmit({ kind: 'box', boxes });
  };

  const pending = drag ? boxFrom(drag.from, drag.to, 0) : null;
  return (
    <SolverLayout
      media={
        offer.media ? (
          <SketchPad src={offer.media} alt={t('solver.box.imageAlt')} label={t('solver.box.label', { count: boxes.length })} disabled={disabled} onStroke={onStroke}>
            {(size) => (
              <>
                {boxes.map((b, i) => (
                  <rect key={i} x={b.xMin} y={b.yMin} width={b.xMax - b.xMin} height={b.yMax - b.yMin} className="worker-sketch__box" strokeWidth={stroke(size)} />
                ))}
                {pending && (
                  <rect x={pending.xMin} y={pending.yMin} width={pending.xMax - pending.xMin} height={pending.yMax - pending.yMin} className="worker-sketch__box worker-sketch__box--pending" strokeWidth={stroke(size)} />
                )}
              </>
            )}
          </SketchPad>
        ) : (
          <p className="worker-question">{t('solver.missingImage')}</p>
        )
      }
      controls={
        <SolverForm onSubmit={submit}>
          <SketchControls
            count={boxes.length}
            countLabel={t('solver.box.count', { count: boxes.length })}
            hint={t('solver.box.hint')}
            problem={problem}
            disabled={disabled}
            canNoAnswer={canNoAnswer}
            onUndo={() => setBoxes((list) => list.slice(0, -1))}
            onClear={() => setBoxes([])}
            onNoMatch={() => onSubmit({ kind: 'noMatch' })}
          />
        </SolverForm>
      }
    />
  );
}
