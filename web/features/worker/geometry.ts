/**
 * Pure helpers of the solvers: grid cells, click scaling, angles, boxes. Answers are in the
 * image's natural pixels; the screen shows it scaled, so every pointer position is scaled back.
 */
import type { Box, Point } from '#shared/captcha-types/types.ts';

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  left: number;
  top: number;
}

/** Toggles a 1-based cell; the result is sorted, so the answer reads top-left to bottom-right. */
export function toggleCell(cells: readonly number[], cell: number): number[] {
  const next = cells.includes(cell) ? cells.filter((c) => c !== cell) : [...cells, cell];
  return next.sort((a, b) => a - b);
}

/** The 1-based cell of row `row` and column `column` (both 0-based), row by row. */
export function cellNumber(row: number, column: number, columns: number): number {
  return row * columns + column + 1;
}

/** A positive integer param (rows, columns, angle, clicks), else `fallback`. */
export function intParam(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * A pointer position on the shown image → the image's natural pixels: the offset inside the
 * element scaled by natural width / shown width (and the same for height), clamped to the image.
 */
export function toNaturalPoint(clientX: number, clientY: number, shown: Rect, natural: Size): Point {
  const scaleX = shown.width > 0 ? natural.width / shown.width : 1;
  const scaleY = shown.height > 0 ? natural.height / shown.height : 1;
  const x = Math.round((clientX - shown.left) * scaleX);
  const y = Math.round((clientY - shown.top) * scaleY);
  return { x: clamp(x, 0, Math.max(0, natural.width - 1)), y: clamp(y, 0, Math.max(0, natural.height - 1)) };
}

/** Where a natural-pixel point sits on the shown image, in percent (for markers and overlays). */
export function toPercent(point: Point, natural: Size): { left: string; top: string } {
  return {
    left: `${natural.width > 0 ? (point.x / natural.width) * 100 : 0}%`,
    top: `${natural.height > 0 ? (point.y / natural.height) * 100 : 0}%`,
  };
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The next rotation angle, turning by `step` degrees (negative: counter-clockwise). Answers must be
 * multiples of the step below 360, so the angles are 0, step, 2·step … and wrap around.
 */
export function rotateBy(angle: number, step: number, direction: 1 | -1): number {
  const positions = Math.floor(359 / step) + 1;
  const index = Math.round(angle / step);
  return (((index + direction) % positions) + positions) % positions * step;
}

/** A box from two corners, in natural pixels; null when it is too small to be meant. */
export function boxFrom(a: Point, b: Point, minSize = 3): Box | null {
  const box = { xMin: Math.min(a.x, b.x), xMax: Math.max(a.x, b.x), yMin: Math.min(a.y, b.y), yMax: Math.max(a.y, b.y) };
  return box.xMax - box.xMin >= minSize && box.yMax - box.yMin >= minSize ? box : null;
}

/** Adds a point to a polyline unless it is closer than `minGap` to the last one (keeps lines short). */
export function extendLine(line: readonly Point[], point: Point, minGap = 3, max = 500): Point[] {
  const last = line[line.length - 1];
  if (line.length >= max) return [...line];
  if (last && Math.hypot(point.x - last.x, point.y - last.y) < minGap) return [...line];
  return [...line, point];
}
