import { createHmac } from 'node:crypto';

/**
 * Training material drawn procedurally, so every answer is known and every picture is new:
 * distorted text, grids of shapes, click-the-stars scenes. Each item comes from its own seed
 * (HMAC of the training secret and the item's opaque picture token), so the picture can be drawn
 * again when the browser asks for it and nothing in the token says what it shows. The SVG made here
 * never leaves the server: training-render.ts rasterises it with noise and distortion.
 *
 * Variety per kind: text is 5 of 30 characters (30^5 strings) in a hand-drawn stroke font with
 * per-glyph rotation, scale, jitter, colour and crossing curves; grids draw 2–5 targets among 9
 * tiles with random sizes, offsets, rotations, colours and outlines; scenes place 2–3 stars among
 * 4–6 other shapes anywhere on the picture, all from one shared palette.
 */
export type ItemUi = 'text' | 'grid' | 'points';
export const SHAPES = ['circle', 'square', 'triangle'] as const;
type Shape = (typeof SHAPES)[number] | 'star' | 'diamond' | 'pentagon';
/** No I, O, Q, D, 0, 1: easy to confuse once distorted. */
export const CHARS = 'ABCEFGHJKLMNPRSTUVWXYZ23456789';

export interface DrawnItem {
  ui: ItemUi;
  instruction: string;
  width: number;
  height: number;
  rows?: number;
  columns?: number;
  /** text → string, grid → 1-based cells, points → [{x,y}] in picture pixels. */
  answer: string | number[] | { x: number; y: number }[];
  /** The clean drawing; rasterised and distorted before anyone sees it. */
  svg: string;
}

export type Rand = () => number;

/** A deterministic stream of [0, 1) numbers from a seed (HMAC-SHA256 blocks). */
export function rng(seed: string): Rand {
  let h = createHmac('sha256', seed).update('rng').digest();
  let i = 0;
  return () => {
    if (i + 4 > h.length) {
      h = createHmac('sha256', h).update('more').digest();
      i = 0;
    }
    const v = h.readUInt32BE(i) / 2 ** 32;
    i += 4;
    return v;
  };
}

/** The seed of the item behind a picture token. */
export const itemSeed = (secret: string, token: string) => createHmac('sha256', secret).update(`training-item:${token}`).digest('hex');

const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
/** Fisher–Yates, in place. */
export function shuffle<T>(rand: Rand, list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}
const between = (rand: Rand, lo: number, hi: number) => lo + rand() * (hi - lo);
const f = (n: number) => n.toFixed(1);

/** Stroke font on a 4 × 6 grid: each glyph is a list of polylines. */
const GLYPHS: Record<string, string[]> = {
  A: ['0,6 2,0 4,6', '1,3.6 3,3.6'],
  B: ['0,0 0,6 3,6 4,5 4,4 3,3 0,3', '0,0 3,0 4,1 4,2 3,3'],
  C: ['4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5'],
  D: ['0,0 0,6 2.5,6 4,4.5 4,1.5 2.5,0 0,0'],
  E: ['4,0 0,0 0,6 4,6', '0,3 3,3'],
  F: ['4,0 0,0 0,6', '0,3 3,3'],
  G: ['4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3 2,3'],
  H: ['0,0 0,6', '4,0 4,6', '0,3 4,3'],
  J: ['1,0 4,0', '3,0 3,5 2,6 1,6 0,5'],
  K: ['0,0 0,6', '4,0 0,4', '1.5,2.5 4,6'],
  L: ['0,0 0,6 4,6'],
  M: ['0,6 0,0 2,3 4,0 4,6'],
  N: ['0,6 0,0 4,6 4,0'],
  P: ['0,6 0,0 3,0 4,1 4,2 3,3 0,3'],
  Q: ['1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0', '2.5,4.5 4,6.3'],
  R: ['0,6 0,0 3,0 4,1 4,2 3,3 0,3', '2,3 4,6'],
  S: ['4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5'],
  T: ['0,0 4,0', '2,0 2,6'],
  U: ['0,0 0,5 1,6 3,6 4,5 4,0'],
  V: ['0,0 2,6 4,0'],
  W: ['0,0 1,6 2,2.5 3,6 4,0'],
  X: ['0,0 4,6', '4,0 0,6'],
  Y: ['0,0 2,3 4,0', '2,3 2,6'],
  Z: ['0,0 4,0 0,6 4,6'],
  '2': ['0,1 1,0 3,0 4,1 4,2 0,6 4,6'],
  '3': ['0,1 1,0 3,0 4,1 4,2 3,3 1.5,3', '3,3 4,4 4,5 3,6 1,6 0,5'],
  '4': ['3,6 3,0 0,4 4,4'],
  '5': ['4,0 0,0 0,3 3,3 4,4 4,5 3,6 1,6 0,5'],
  '6': ['4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3'],
  '7': ['0,0 4,0 1.5,6'],
  '8': ['1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3'],
  '9': ['4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 1,6 0,5'],
};

const INK = ['#1f2937', '#7c2d12', '#1e3a8a', '#14532d', '#581c87', '#3f3f46'];
const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#f59e0b', '#7c3aed', '#0891b2', '#db2777', '#64748b'];
const PAPER = ['#f1f5f9', '#fef3c7', '#ecfdf5', '#eff6ff', '#fdf2f8', '#f5f5f4'];

const svgDoc = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** One glyph as jittered polylines, placed at (x, y) (its centre), rotated and scaled. */
function glyph(c: string, x: number, y: number, rand: Rand): string {
  const sx = between(rand, 5, 6.5);
  const sy = between(rand, 5.2, 6.6);
  const rot = between(rand, -22, 22);
  const skew = between(rand, -12, 12);
  const width = between(rand, 2.6, 4.2);
  const ink = pick(rand, INK);
  const lines = GLYPHS[c]!.map((line) => {
    const pts = line.split(' ').map((p) => {
      const [gx, gy] = p.split(',').map(Number) as [number, number];
      return `${f((gx - 2 + between(rand, -0.25, 0.25)) * sx)},${f((gy - 3 + between(rand, -0.25, 0.25)) * sy)}`;
    });
    return `<polyline points="${pts.join(' ')}" fill="none" stroke="${ink}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
  });
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)}) skewX(${f(skew)})">${lines.join('')}</g>`;
}

/** A random smooth curve across the picture. */
function curve(w: number, h: number, rand: Rand, stroke: string, width: number): string {
  return `<path d="M${f(between(rand, -10, w * 0.3))},${f(rand() * h)} C${f(rand() * w)},${f(rand() * h)} ${f(rand() * w)},${f(rand() * h)} ${f(between(rand, w * 0.7, w + 10))},${f(rand() * h)}" fill="none" stroke="${stroke}" stroke-width="${f(width)}"/>`;
}

function clutter(w: number, h: number, rand: Rand, dots: number): string {
  return Array.from({ length: dots }, () => `<circle cx="${f(rand() * w)}" cy="${f(rand() * h)}" r="${f(between(rand, 0.6, 1.8))}" fill="${pick(rand, PALETTE)}" opacity="${f(between(rand, 0.3, 0.8))}"/>`).join('');
}

function polygon(n: number, x: number, y: number, r: number, rot: number, inner = 0): string {
  const k = inner ? n * 2 : n;
  return Array.from({ length: k }, (_, i) => {
    const a = rot + (2 * Math.PI * i) / k - Math.PI / 2;
    const rr = inner && i % 2 ? r * inner : r;
    return `${f(x + rr * Math.cos(a))},${f(y + rr * Math.sin(a))}`;
  }).join(' ');
}

function shape(kind: Shape, x: number, y: number, r: number, rot: number, paint: string): string {
  if (kind === 'circle') return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" ${paint}/>`;
  if (kind === 'square') return `<polygon points="${polygon(4, x, y, r * 1.25, rot + Math.PI / 4)}" ${paint}/>`;
  if (kind === 'triangle') return `<polygon points="${polygon(3, x, y, r * 1.2, rot)}" ${paint}/>`;
  if (kind === 'diamond') return `<polygon points="${polygon(4, x, y, r * 1.2, rot)}" ${paint}/>`;
  if (kind === 'pentagon') return `<polygon points="${polygon(5, x, y, r, rot)}" ${paint}/>`;
  return `<polygon points="${polygon(5, x, y, r * 1.15, rot, 0.45)}" ${paint}/>`;
}

function textItem(rand: Rand): DrawnItem {
  const [w, h] = [200, 70];
  const text = Array.from({ length: 5 }, () => pick(rand, [...CHARS])).join('');
  let body = `<rect width="${w}" height="${h}" fill="${pick(rand, PAPER)}"/>`;
  body += Array.from({ length: 3 }, () => curve(w, h, rand, pick(rand, PALETTE), between(rand, 0.8, 1.6))).join('');
  body += [...text].map((c, i) => glyph(c, 24 + i * 37 + between(rand, -4, 4), 35 + between(rand, -6, 6), rand)).join('');
  // Crossing strokes in the text's own ink, so a colour filter does not separate them.
  body += Array.from({ length: 2 }, () => curve(w, h, rand, pick(rand, INK), between(rand, 1, 1.8))).join('');
  body += clutter(w, h, rand, 50);
  return { ui: 'text', instruction: 'training.instructions.text', width: w, height: h, answer: text, svg: svgDoc(w, h, body) };
}

function gridItem(rand: Rand): DrawnItem {
  const size = 240;
  const tile = size / 3;
  const target = pick(rand, SHAPES);
  const others = SHAPES.filter((s) => s !== target);
  const count = 2 + Math.floor(rand() * 4);
  const cells = shuffle(rand, Array.from({ length: 9 }, (_, i) => i + 1)).slice(0, count).sort((a, b) => a - b);
  let body = `<rect width="${size}" height="${size}" fill="${pick(rand, PAPER)}"/>` + clutter(size, size, rand, 70);
  for (let n = 0; n < 9; n++) {
    const kind = cells.includes(n + 1) ? target : pick(rand, others);
    const x = (n % 3) * tile + tile / 2 + between(rand, -10, 10);
    const y = Math.floor(n / 3) * tile + tile / 2 + between(rand, -10, 10);
    const colour = pick(rand, PALETTE);
    const paint = rand() < 0.3 ? `fill="none" stroke="${colour}" stroke-width="${f(between(rand, 3, 5))}"` : `fill="${colour}"`;
    body += shape(kind, x, y, between(rand, 14, 24), between(rand, -0.35, 0.35), paint);
  }
  for (let k = 1; k < 3; k++) {
    body += `<line x1="${f(k * tile)}" y1="0" x2="${f(k * tile)}" y2="${size}" stroke="#94a3b8" stroke-width="1.5"/><line x1="0" y1="${f(k * tile)}" x2="${size}" y2="${f(k * tile)}" stroke="#94a3b8" stroke-width="1.5"/>`;
  }
  body += Array.from({ length: 3 }, () => curve(size, size, rand, pick(rand, PALETTE), between(rand, 0.8, 1.5))).join('');
  return { ui: 'grid', instruction: `training.instructions.grid.${target}`, rows: 3, columns: 3, width: size, height: size, answer: cells, svg: svgDoc(size, size, body) };
}

function pointsItem(rand: Rand): DrawnItem {
  const [w, h] = [300, 180];
  const stars = 2 + Math.floor(rand() * 2);
  const total = stars + 4 + Math.floor(rand() * 3);
  const spots: { x: number; y: number }[] = [];
  for (let guard = 0; spots.length < total && guard < 500; guard++) {
    const p = { x: Math.round(between(rand, 26, w - 26)), y: Math.round(between(rand, 26, h - 26)) };
    if (spots.every((q) => Math.hypot(p.x - q.x, p.y - q.y) >= 50)) spots.push(p);
  }
  let body = `<rect width="${w}" height="${h}" fill="${pick(rand, PAPER)}"/>` + clutter(w, h, rand, 80);
  body += Array.from({ length: 3 }, () => curve(w, h, rand, pick(rand, PALETTE), between(rand, 0.8, 1.5))).join('');
  const decoys: Shape[] = ['circle', 'square', 'triangle', 'diamond', 'pentagon'];
  spots.forEach((p, k) => {
    const kind: Shape = k < stars ? 'star' : pick(rand, decoys);
    body += shape(kind, p.x, p.y, between(rand, 14, 20), between(rand, -0.6, 0.6), `fill="${pick(rand, PALETTE)}"`);
  });
  return { ui: 'points', instruction: 'training.instructions.points', width: w, height: h, answer: spots.slice(0, stars), svg: svgDoc(w, h, body) };
}

const MAKERS: Record<ItemUi, (rand: Rand) => DrawnItem> = { text: textItem, grid: gridItem, points: pointsItem };

/** The item a seed draws, of the given kind. */
export function drawItem(ui: ItemUi, seed: string): DrawnItem {
  return MAKERS[ui](rng(seed));
}
