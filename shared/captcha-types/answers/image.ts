/**
 * Answer formats of the image kinds (§1.7, §2.4.1). Where the protocol marks a format ❓ the choice
 * is ours and documented in ../README.md.
 */
import { z } from 'zod';
import type { NormalizedTask, Point } from '../types.ts';
import type { AnswerFormat } from './common.ts';
import { NO_MATCH, clickCountProblem, coordinate, expectKind, noMatchProblem, noMatchSchema, pointSchema } from './common.ts';

const plainPoints = (points: Point[]) => points.map((p) => `x=${p.x},y=${p.y}`).join(';');

/** Grid: 1-based cells, top-left = 1, row by row (the v1 clients' reading; the funcaptcha-compare page's 0-based note is not followed). */
export const gridAnswer: AnswerFormat = {
  answerSchema: z.union([
    z.object({
      kind: z.literal('grid'),
      cells: z.array(z.number().int().min(1).max(100)).min(1).max(100).refine((c) => new Set(c).size === c.length, 'cells must be unique'),
    }),
    noMatchSchema,
  ]),
  checkAnswer: (a, task) => {
    if (a.kind === 'noMatch') return noMatchProblem(task);
    const cells = expectKind(a, 'grid').cells;
    const rows = Number(task.params.rows ?? 0);
    const columns = Number(task.params.columns ?? 0);
    if (rows > 0 && columns > 0 && cells.some((c) => c > rows * columns)) return `cells go from 1 to ${rows * columns}`;
    return clickCountProblem(cells.length, task);
  },
  // JSON mode repeats the plain string: the Haskell client requires `request` to be a string.
  toV1Plain: (a) => (a.kind === 'noMatch' ? NO_MATCH : `click:${expectKind(a, 'grid').cells.join('/')}`),
  toV1Json: (a) => ({ request: a.kind === 'noMatch' ? NO_MATCH : `click:${expectKind(a, 'grid').cells.join('/')}` }),
  toV2Solution: (a) => ({ click: a.kind === 'noMatch' ? [] : expectKind(a, 'grid').cells }),
};

/** anti-captcha's ImageToCoordinatesTask returns `[[x,y]]` pairs instead of `{x,y}` objects. */
const pairs = (task: NormalizedTask) => task.params.solutionFormat === 'pairs';

export const pointsAnswer: AnswerFormat = {
  answerSchema: z.object({ kind: z.literal('points'), points: z.array(pointSchema).min(1).max(100) }),
  checkAnswer: (a, task) => clickCountProblem(expectKind(a, 'points').points.length, task),
  toV1Plain: (a) => `coordinates:${plainPoints(expectKind(a, 'points').points)}`,
  // ❓ in the protocol; the shape commonly described for 2captcha (coordinates as strings).
  toV1Json: (a) => ({ request: expectKind(a, 'points').points.map((p) => ({ x: String(p.x), y: String(p.y) })) }),
  toV2Solution: (a, task) => {
    const points = expectKind(a, 'points').points;
    return { coordinates: pairs(task) ? points.map((p) => [p.x, p.y]) : points.map((p) => ({ x: p.x, y: p.y })) };
  },
};

export const rotateAnswer: AnswerFormat = {
  answerSchema: z.object({ kind: z.literal('rotate'), angle: z.number().int().min(0).max(359) }),
  toV1Plain: (a) => String(expectKind(a, 'rotate').angle),
  toV1Json: (a) => ({ request: String(expectKind(a, 'rotate').angle) }),
  toV2Solution: (a) => ({ rotate: expectKind(a, 'rotate').angle }),
};

/** Canvas plain text is ❓: `canvas:` + points `x=…,y=…` joined by `;`, polylines joined by `/`. */
export const drawAnswer: AnswerFormat = {
  answerSchema: z.union([
    z.object({ kind: z.literal('draw'), polylines: z.array(z.array(pointSchema).min(1).max(500)).min(1).max(20) }),
    noMatchSchema,
  ]),
  checkAnswer: (a, task) => (a.kind === 'noMatch' ? noMatchProblem(task) : undefined),
  toV1Plain: (a) => (a.kind === 'noMatch' ? NO_MATCH : `canvas:${expectKind(a, 'draw').polylines.map(plainPoints).join('/')}`),
  toV1Json: (a) => ({ request: a.kind === 'noMatch' ? NO_MATCH : expectKind(a, 'draw').polylines }),
  toV2Solution: (a) => ({ canvas: a.kind === 'noMatch' ? [] : expectKind(a, 'draw').polylines }),
};

const boxSchema = z
  // `cls`: the label class of a labelling project's box (index into its classes); captchas leave it out.
  .object({ xMin: coordinate, xMax: coordinate, yMin: coordinate, yMax: coordinate, cls: z.number().int().min(0).max(49).optional() })
  .refine((b) => b.xMin < b.xMax && b.yMin < b.yMax, 'a box needs xMin < xMax and yMin < yMax');

/** Plain text is ❓: `bounding_boxes:xMin=…,xMax=…,yMin=…,yMax=…` joined by `;`. */
export const boxAnswer: AnswerFormat = {
  answerSchema: z.union([z.object({ kind: z.literal('box'), boxes: z.array(boxSchema).min(1).max(50) }), noMatchSchema]),
  checkAnswer: (a, task) => (a.kind === 'noMatch' ? noMatchProblem(task) : undefined),
  toV1Plain: (a) =>
    a.kind === 'noMatch'
      ? NO_MATCH
      : `bounding_boxes:${expectKind(a, 'box').boxes.map((b) => `xMin=${b.xMin},xMax=${b.xMax},yMin=${b.yMin},yMax=${b.yMax}`).join(';')}`,
  toV1Json: (a) => ({ request: a.kind === 'noMatch' ? NO_MATCH : expectKind(a, 'box').boxes }),
  toV2Solution: (a, task) => {
    const boxes = a.kind === 'noMatch' ? [] : expectKind(a, 'box').boxes;
    // ImageToCoordinatesTask in "rectangles" mode: anti-captcha's [x1,y1,x2,y2] arrays.
    if (task.params.solutionFormat === 'rectangles') return { coordinates: boxes.map((b) => [b.xMin, b.yMin, b.xMax, b.yMax]) };
    return { bounding_boxes: boxes.map((b) => ({ xMin: b.xMin, xMax: b.xMax, yMin: b.yMin, yMax: b.yMax })) };
  },
};
