/**
 * When two workers' answers to the same task count as the same answer: the comparison behind
 * 100% recognition (consensus) and behind judging a report by a trusted re-solve.
 *
 * Text: trimmed, inner whitespace collapsed, case-insensitive unless the task asked for a
 * case-sensitive answer (`regsense` / `case`). Grid: the same set of cells. Clicks, boxes and
 * drawings: the same count, each within a few pixels of its counterpart (in order; boxes sorted).
 * Rotation: within a few degrees. Tokens: identical. "No matching images" matches only itself.
 */
import type { Answer, Box, NormalizedTask, Point } from './types.ts';

/** Pixels two clicks (or box edges, or stroke ends) may differ by and still agree. */
export const POINT_TOLERANCE = 12;
/** Degrees two rotation answers may differ by and still agree. */
export const ANGLE_TOLERANCE = 5;

const normText = (text: string, caseSensitive: boolean) => {
  const s = text.trim().replace(/\s+/g, ' ');
  return caseSensitive ? s : s.toLowerCase();
};
const near = (a: Point, b: Point, tolerance = POINT_TOLERANCE) => Math.abs(a.x - b.x) <= tolerance && Math.abs(a.y - b.y) <= tolerance;
const sortedBoxes = (boxes: Box[]) => [...boxes].sort((a, b) => a.xMin - b.xMin || a.yMin - b.yMin);
const boxNear = (a: Box, b: Box) =>
  [a.xMin - b.xMin, a.xMax - b.xMax, a.yMin - b.yMin, a.yMax - b.yMax].every((d) => Math.abs(d) <= POINT_TOLERANCE);

export function sameAnswer(task: Pick<NormalizedTask, 'params'>, a: Answer, b: Answer): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'text':
      return normText(a.text, task.params.caseSensitive === true) === normText((b as typeof a).text, task.params.caseSensitive === true);
    case 'grid': {
      const x = [...new Set(a.cells)].sort((p, q) => p - q).join(',');
      return x === [...new Set((b as typeof a).cells)].sort((p, q) => p - q).join(',');
    }
    case 'points': {
      const other = (b as typeof a).points;
      return a.points.length === other.length && a.points.every((p, i) => near(p, other[i]!));
    }
    case 'rotate': {
      const d = Math.abs(a.angle - (b as typeof a).angle) % 360;
      return Math.min(d, 360 - d) <= ANGLE_TOLERANCE;
    }
    case 'box': {
      const x = sortedBoxes(a.boxes);
      const y = sortedBoxes((b as typeof a).boxes);
      return x.length === y.length && x.every((box, i) => boxNear(box, y[i]!));
    }
    case 'draw': {
      const other = (b as typeof a).polylines;
      return (
        a.polylines.length === other.length &&
        a.polylines.every((line, i) => near(line[0]!, other[i]![0]!, POINT_TOLERANCE * 2) && near(line.at(-1)!, other[i]!.at(-1)!, POINT_TOLERANCE * 2))
      );
    }
    case 'token':
      return a.token === (b as typeof a).token;
    case 'noMatch':
      return true;
  }
}
