/** Drawing on the picture: outlines (canvas tasks) and frames (bounding-box tasks). */
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { Box, Point } from '#shared/captcha-types/types.ts';
import { Button } from '#web/components/button/button.tsx';
import { boxFrom, extendLine, toNaturalPoint } from '../geometry.ts';
import { naturalSizeOf, Picture, useNaturalSize } from '../pickers.tsx';
import { SolverForm, SolverLayout, SolverMessage, SubmitButton, useSolverKeys } from './common.tsx';
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

/** A frame with its label class (labelling projects send `classes`; captchas have none). */
type ClassedBox = Box & { cls?: number };
type Corner = 'tl' | 'tr' | 'bl' | 'br';

/** Distinct, readable frame colours per class (the first is the site's frame colour). */
const CLASS_COLOURS = ['var(--color-primary)', '#d97706', '#059669', '#db2777', '#7c3aed', '#0891b2', '#65a30d', '#dc2626', '#4b5563'];
const colourOf = (cls: number | undefined) => CLASS_COLOURS[(cls ?? 0) % CLASS_COLOURS.length];

function cornerNear(b: Box, p: Point, reach: number): Corner | null {
  const corners: [Corner, number, number][] = [['tl', b.xMin, b.yMin], ['tr', b.xMax, b.yMin], ['bl', b.xMin, b.yMax], ['br', b.xMax, b.yMax]];
  for (const [c, x, y] of corners) if (Math.abs(p.x - x) <= reach && Math.abs(p.y - y) <= reach) return c;
  return null;
}

function moveCorner(b: ClassedBox, corner: Corner, p: Point): ClassedBox {
  const from = { x: corner === 'tl' || corner === 'bl' ? b.xMax : b.xMin, y: corner === 'tl' || corner === 'tr' ? b.yMax : b.yMin };
  const box = boxFrom(from, p, 1);
  return box ? { ...box, ...(b.cls === undefined ? {} : { cls: b.cls }) } : b;
}

/**
 * Frame each object: drag from one corner to the opposite one. With label classes (labelling
 * projects): pick the class (keys 1–9), select a frame (Tab through the list or click its
 * button), drag its corner handles or use the arrow keys to move it (Shift+arrows resize),
 * Delete removes it.
 */
export function BoxSolver({ offer, disabled, onSubmit }: SolverProps) {
  const { t } = useTranslation('worker');
  const [boxes, setBoxes] = useState<ClassedBox[]>([]);
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);
  const [resizing, setResizing] = useState<Corner | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const canNoAnswer = offer.params.canNoAnswer === true;
  const classes = Array.isArray(offer.params.classes) ? (offer.params.classes as unknown[]).filter((c): c is string => typeof c === 'string').slice(0, 20) : [];
  const [cls, setCls] = useState(0);
  const reach = useRef(8);

  const onStroke = (phase: 'start' | 'move' | 'end', point: Point) => {
    setProblem(null);
    if (phase === 'start') {
      const sel = selected === null ? undefined : boxes[selected];
      const corner = sel ? cornerNear(sel, point, reach.current) : null;
      if (corner) return setResizing(corner);
      return setDrag({ from: point, to: point });
    }
    if (resizing && selected !== null) {
      setBoxes((list) => list.map((b, i) => (i === selected ? moveCorner(b, resizing, point) : b)));
      if (phase === 'end') setResizing(null);
      return;
    }
    if (!drag) return;
    if (phase === 'move') return setDrag({ ...drag, to: point });
    const box = boxFrom(drag.from, point);
    setDrag(null);
    if (box) {
      setBoxes((list) => [...list, classes.length ? { ...box, cls } : box].slice(0, 50));
      setSelected(classes.length ? Math.min(boxes.length, 49) : null);
    }
  };

  const setClass = (k: number) => {
    setCls(k);
    if (selected !== null) setBoxes((list) => list.map((b, i) => (i === selected ? { ...b, cls: k } : b)));
  };

  useSolverKeys((event) => {
    if (classes.length === 0) return;
    const n = Number(event.key);
    if (Number.isInteger(n) && n >= 1 && n <= Math.min(9, classes.length)) {
      event.preventDefault();
      return setClass(n - 1);
    }
    if (selected === null) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      setBoxes((list) => list.filter((_, i) => i !== selected));
      return setSelected(null);
    }
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!d) return;
    event.preventDefault();
    const [dx, dy] = d as [number, number];
    setBoxes((list) =>
      list.map((b, i) => {
        if (i !== selected) return b;
        if (event.shiftKey) return b.xMax + dx > b.xMin + 2 && b.yMax + dy > b.yMin + 2 ? { ...b, xMax: b.xMax + dx, yMax: b.yMax + dy } : b;
        return { ...b, xMin: Math.max(0, b.xMin + dx), xMax: b.xMax + dx, yMin: Math.max(0, b.yMin + dy), yMax: b.yMax + dy };
      }),
    );
  }, !disabled);

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
            {(size) => {
              reach.current = Math.max(6, size.width / 40);
              const handle = Math.max(4, size.width / 80);
              return (
                <>
                  {boxes.map((b, i) => (
                    <rect
                      key={i}
                      x={b.xMin}
                      y={b.yMin}
                      width={b.xMax - b.xMin}
                      height={b.yMax - b.yMin}
                      className="worker-sketch__box"
                      strokeWidth={stroke(size) * (i === selected ? 1.6 : 1)}
                      style={classes.length ? { stroke: colourOf(b.cls) } : undefined}
                    />
                  ))}
                  {selected !== null && boxes[selected] &&
                    (['tl', 'tr', 'bl', 'br'] as const).map((c) => {
                      const b = boxes[selected]!;
                      const x = c === 'tl' || c === 'bl' ? b.xMin : b.xMax;
                      const y = c === 'tl' || c === 'tr' ? b.yMin : b.yMax;
                      return <rect key={c} x={x - handle} y={y - handle} width={handle * 2} height={handle * 2} style={{ fill: '#fff', stroke: colourOf(b.cls) }} strokeWidth={stroke(size) / 2} />;
                    })}
                  {pending && (
                    <rect x={pending.xMin} y={pending.yMin} width={pending.xMax - pending.xMin} height={pending.yMax - pending.yMin} className="worker-sketch__box worker-sketch__box--pending" strokeWidth={stroke(size)} style={classes.length ? { stroke: colourOf(cls) } : undefined} />
                  )}
                </>
              );
            }}
          </SketchPad>
        ) : (
          <p className="worker-question">{t('solver.missingImage')}</p>
        )
      }
      controls={
        <SolverForm onSubmit={submit}>
          {classes.length > 0 && (
            <div className="worker-box-classes">
              <fieldset className="worker-box-classes__picker">
                <legend>{t('solver.box.classes')}</legend>
                {classes.map((name, k) => (
                  <label key={k} className="worker-box-classes__option">
                    <input type="radio" name="box-class" checked={cls === k} disabled={disabled} onChange={() => setClass(k)} />
                    <span className="worker-box-classes__swatch" style={{ background: colourOf(k) }} aria-hidden="true" />
                    {k < 9 ? <kbd>{k + 1}</kbd> : null} {name}
                  </label>
                ))}
              </fieldset>
              {boxes.length > 0 && (
                <ul className="worker-box-classes__list" aria-label={t('solver.box.frames')}>
                  {boxes.map((b, i) => (
                    <li key={i}>
                      <Button variant={i === selected ? 'primary' : 'tertiary'} size="md" aria-pressed={i === selected} disabled={disabled} onClick={() => setSelected(i === selected ? null : i)}>
                        {t('solver.box.frame', { n: i + 1, label: classes[b.cls ?? 0] ?? '' })}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <p className="worker-box-classes__keys">{t('solver.box.keys')}</p>
            </div>
          )}
          <SketchControls
            count={boxes.length}
            countLabel={t('solver.box.count', { count: boxes.length })}
            hint={t('solver.box.hint')}
            problem={problem}
            disabled={disabled}
            canNoAnswer={canNoAnswer}
            onUndo={() => {
              setBoxes((list) => list.slice(0, -1));
              setSelected(null);
            }}
            onClear={() => {
              setBoxes([]);
              setSelected(null);
            }}
            onNoMatch={() => onSubmit({ kind: 'noMatch' })}
          />
        </SolverForm>
      }
    />
  );
}
