/**
 * The pictures workers act on: a plain image, a grid of tiles over an image, and an image that
 * takes clicks. Used by the live solvers and by the training items.
 */
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref, type RefObject } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { Point } from '#shared/captcha-types/types.ts';
import { cx } from '#web/components/ui/class-names.ts';
import { cellNumber, clamp, toNaturalPoint, toPercent, type Size } from './geometry.ts';

export interface PictureProps {
  src: string;
  alt: string;
  /** Drawn on top of the image, sized to it (tiles, markers, boxes). */
  children?: ReactNode;
  className?: string;
  imgRef?: Ref<HTMLImageElement>;
  /** Rendered size hints, so the box is reserved before the image decodes. */
  width?: number;
  height?: number;
  /** Training pictures are small SVGs: shown larger. */
  zoom?: boolean;
  onLoad?: () => void;
}

/** An image in a box that shrink-wraps it, so overlays line up with the pixels. */
export function Picture({ src, alt, children, className, imgRef, width, height, zoom = false, onLoad }: PictureProps) {
  return (
    <div className={cx('worker-picture', zoom && 'worker-picture--zoom', className)} style={zoom && width ? ({ '--picture-width': `${width}px` } as CSSProperties) : undefined}>
      <img ref={imgRef} src={src} alt={alt} width={width} height={height} draggable={false} className="worker-picture__img" onLoad={onLoad} />
      {children != null && <div className="worker-picture__overlay">{children}</div>}
    </div>
  );
}

/** The natural size of an image element, or `fallback` (training SVGs state theirs). */
export function naturalSizeOf(img: HTMLImageElement | null, fallback?: Size): Size {
  if (fallback) return fallback;
  if (!img) return { width: 0, height: 0 };
  return { width: img.naturalWidth || img.width, height: img.naturalHeight || img.height };
}

/**
 * The natural size of the image in `img` as state (for overlays drawn in percent): read when it
 * loads, and at mount for an image that decoded before hydration.
 */
export function useNaturalSize(img: RefObject<HTMLImageElement | null>, fallback?: Size): [Size, () => void] {
  const [size, setSize] = useState<Size>(fallback ?? { width: 0, height: 0 });
  const fw = fallback?.width;
  const fh = fallback?.height;
  const measure = (element: HTMLImageElement | null) => {
    const next = naturalSizeOf(element, fw && fh ? { width: fw, height: fh } : undefined);
    setSize((prev) => (prev.width === next.width && prev.height === next.height ? prev : next));
  };
  useEffect(() => {
    const element = img.current;
    if (!element?.complete) return;
    const next = naturalSizeOf(element, fw && fh ? { width: fw, height: fh } : undefined);
    setSize((prev) => (prev.width === next.width && prev.height === next.height ? prev : next));
  }, [img, fw, fh]);
  return [size, () => measure(img.current)];
}

export interface GridPickerProps {
  src: string;
  alt: string;
  rows: number;
  columns: number;
  /** 1-based selected cells. */
  selected: readonly number[];
  onToggle(cell: number): void;
  disabled?: boolean;
  /** Cells to outline as the right answer (training). */
  reveal?: readonly number[];
  width?: number;
  height?: number;
  zoom?: boolean;
}

/**
 * Tiles over the image, numbered 1… row by row from the top left. Each tile is a toggle button
 * (aria-pressed); number keys are handled by the solver around it.
 */
export function GridPicker({ src, alt, rows, columns, selected, onToggle, disabled = false, reveal, width, height, zoom }: GridPickerProps) {
  const { t } = useTranslation('worker');
  const cells = Array.from({ length: rows * columns }, (_, i) => cellNumber(Math.floor(i / columns), i % columns, columns));
  return (
    <Picture src={src} alt={alt} width={width} height={height} zoom={zoom}>
      <div className="worker-grid" role="group" aria-label={t('solver.grid.label')} style={{ gridTemplateColumns: `repeat(${columns}, 1fr)`, gridTemplateRows: `repeat(${rows}, 1fr)` }}>
        {cells.map((cell) => {
          const pressed = selected.includes(cell);
          return (
            <button
              key={cell}
              type="button"
              className={cx('worker-grid__tile', reveal?.includes(cell) && 'worker-grid__tile--answer')}
              aria-pressed={pressed}
              aria-label={t('solver.grid.tile', { number: cell })}
              disabled={disabled}
              onClick={() => onToggle(cell)}
            >
              <span className="worker-grid__number" aria-hidden="true">
                {cell}
              </span>
              {pressed && (
                <span className="worker-grid__check" aria-hidden="true">
                  ✓
                </span>
              )}
            </button>
          );
        })}
      </div>
    </Picture>
  );
}

export interface PointPickerProps {
  src: string;
  alt: string;
  points: readonly Point[];
  onAdd(point: Point): void;
  onRemove(index: number): void;
  /** The image's pixel size when the element cannot tell (SVG without intrinsic size). */
  natural?: Size;
  /** No more points once reached (0: no limit). */
  max?: number;
  disabled?: boolean;
  /** Points to show as the right answer (training). */
  reveal?: readonly Point[];
  width?: number;
  height?: number;
  zoom?: boolean;
}

/**
 * Click the image to mark a point (in the image's natural pixels); click a marker to remove it.
 * Keyboard: focus the image, move the crosshair with the arrow keys (Shift: faster), Space marks.
 */
export function PointPicker({ src, alt, points, onAdd, onRemove, natural, max = 0, disabled = false, reveal, width, height, zoom }: PointPickerProps) {
  const { t } = useTranslation('worker');
  const img = useRef<HTMLImageElement>(null);
  const [cursor, setCursor] = useState<Point | null>(null);
  const [shownSize, onLoad] = useNaturalSize(img, natural);
  const full = max > 0 && points.length >= max;

  const size = () => naturalSizeOf(img.current, natural);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (disabled || full || !img.current) return;
    if ((event.target as HTMLElement).closest('.worker-marker')) return;
    const rect = img.current.getBoundingClientRect();
    onAdd(toNaturalPoint(event.clientX, event.clientY, rect, size()));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const { width: w, height: h } = size();
    if (w === 0 || h === 0) return;
    const step = event.shiftKey ? 0.1 : 0.02;
    const at = cursor ?? { x: Math.round(w / 2), y: Math.round(h / 2) };
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCursor({ x: clamp(Math.round(at.x + move[0] * w * step), 0, w - 1), y: clamp(Math.round(at.y + move[1] * h * step), 0, h - 1) });
    } else if (event.key === ' ' && !full) {
      event.preventDefault();
      onAdd(at);
      setCursor(at);
    }
  };

  return (
    <div
      className={cx('worker-pointer', disabled && 'worker-pointer--disabled', full && 'worker-pointer--full')}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onBlur={() => setCursor(null)}
      tabIndex={disabled ? -1 : 0}
      role="group"
      aria-label={t('solver.points.label')}
    >
      <Picture src={src} alt={alt} imgRef={img} width={width} height={height} zoom={zoom} onLoad={onLoad}>
        {reveal?.map((p, i) => (
          <span key={`r${i}`} className="worker-marker worker-marker--answer" style={toPercent(p, shownSize)} aria-hidden="true" />
        ))}
        {points.map((p, i) => (
          <button
            key={`${i}-${p.x}-${p.y}`}
            type="button"
            className="worker-marker"
            style={toPercent(p, shownSize)}
            aria-label={t('solver.points.remove', { number: i + 1, x: p.x, y: p.y })}
            disabled={disabled}
            tabIndex={-1}
            onClick={(event) => {
              event.stopPropagation();
              onRemove(i);
            }}
          >
            {i + 1}
          </button>
        ))}
        {cursor && !disabled && <span className="worker-crosshair" style={toPercent(cursor, shownSize)} aria-hidden="true" />}
      </Picture>
    </div>
  );
}
