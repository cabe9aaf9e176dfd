/**
 * Our own demo captchas, drawn on the server (issue 14): SVG scenes rasterised to PNG with sharp
 * (the SVG is never served: its paths would give the answer away), the text image with
 * svg-captcha's distorted glyph paths. Each generator returns what the page shows and the answer
 * the checker keeps; `check` compares an answer given by hand or by a solver's client.
 */
import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import type { OwnDemoKind } from '#shared/demo/catalog.ts';

export type Lang = 'en' | 'ru' | 'zh';

export interface Generated {
  image: Buffer | null;
  width: number | null;
  height: number | null;
  question: string;
  answer: Record<string, unknown>;
}

const SHAPES = ['circle', 'square', 'triangle'] as const;
type Shape = (typeof SHAPES)[number];
const COLORS = ['#d9480f', '#1971c2', '#2f9e44', '#9c36b5', '#e67700', '#0c8599'];

const SHAPE_NAMES: Record<Lang, Record<Shape, string>> = {
  en: { circle: 'circles', square: 'squares', triangle: 'triangles' },
  ru: { circle: 'круги', square: 'квадраты', triangle: 'треугольники' },
  zh: { circle: '圆形', square: '正方形', triangle: '三角形' },
};

const TEXTS: Record<Lang, { normal: string; click: (s: string) => string; grid: (s: string) => string; rotate: string; slider: string; sum: (a: number, b: number) => string; diff: (a: number, b: number) => string }> = {
  en: {
    normal: 'Type the characters in the picture.',
    click: (s) => `Click every one of the ${s}.`,
    grid: (s) => `Select every tile with ${s}.`,
    rotate: 'By how many degrees clockwise must the picture turn to stand upright?',
    slider: 'Move the piece to the gap: where is the middle of the gap (x, in pixels)?',
    sum: (a, b) => `What is ${a} plus ${b}? Answer with digits.`,
    diff: (a, b) => `What is ${a} minus ${b}? Answer with digits.`,
  },
  ru: {
    normal: 'Введите символы с картинки.',
    click: (s) => `Нажмите на все ${s}.`,
    grid: (s) => `Выберите все клетки, где есть ${s}.`,
    rotate: 'На сколько градусов по часовой стрелке повернуть картинку, чтобы она стояла прямо?',
    slider: 'Передвиньте кусочек к вырезу: где середина выреза (x, в пикселях)?',
    sum: (a, b) => `Сколько будет ${a} плюс ${b}? Ответ цифрами.`,
    diff: (a, b) => `Сколько будет ${a} минус ${b}? Ответ цифрами.`,
  },
  zh: {
    normal: '请输入图中的字符。',
    click: (s) => `请点击所有${s}。`,
    grid: (s) => `请选择所有含有${s}的格子。`,
    rotate: '图片需要顺时针旋转多少度才能摆正？',
    slider: '把拼块移到缺口处：缺口中点的横坐标（像素）是多少？',
    sum: (a, b) => `${a} 加 ${b} 等于多少？请用数字回答。`,
    diff: (a, b) => `${a} 减 ${b} 等于多少？请用数字回答。`,
  },
};

/** A random integer in [0, n): each captcha draws from its own seeded stream (see `seededRandom`). */
export type Rand = (n: number) => number;

/**
 * The stream of a captcha: HMAC-SHA256 of the server's demo secret over the captcha id and a
 * counter. Unpredictable without the secret (the answer stays on the server); a test server
 * seeded with a known secret lets a spec know the answer a person would read off the picture.
 */
export function seededRandom(secret: string, id: string): Rand {
  let block = 0;
  let buf = Buffer.alloc(0);
  let at = 0;
  return (n) => {
    if (at + 4 > buf.length) {
      buf = createHmac('sha256', secret).update(`${id}:${block++}`).digest();
      at = 0;
    }
    const v = buf.readUInt32BE(at);
    at += 4;
    return v % n;
  };
}

const ALPHABET = 'abcdefhjkmnprstuvwxyzABCDEFGHJKMNPRSTUVWXYZ23456789';

// The stream of the captcha being drawn. Safe to share: every generator takes all its draws
// synchronously before its first await (the PNG), so two concurrent draws never interleave.
let pick: <T>(items: readonly T[]) => T;
let randomInt: Rand;
function drawFrom(rand: Rand) {
  randomInt = rand;
  pick = (items) => items[rand(items.length)]!;
}

async function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

function shapeSvg(shape: Shape, cx: number, cy: number, r: number, color: string): string {
  if (shape === 'circle') return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>`;
  if (shape === 'square') return `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" fill="${color}"/>`;
  return `<polygon points="${cx},${cy - r} ${cx + r},${cy + r} ${cx - r},${cy + r}" fill="${color}"/>`;
}

/** Noise lines over a scene, so the picture is not a flat vector drawing. */
function noise(w: number, h: number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    out += `<path d="M${randomInt(w)} ${randomInt(h)} Q${randomInt(w)} ${randomInt(h)} ${randomInt(w)} ${randomInt(h)}" stroke="${pick(COLORS)}" stroke-opacity="0.35" stroke-width="2" fill="none"/>`;
  }
  return out;
}

async function normal(lang: Lang): Promise<Generated> {
  const text = Array.from({ length: 5 }, () => pick([...ALPHABET])).join('');
  const draw = svgCaptcha as unknown as (text: string, options: Record<string, unknown>) => string;
  const svg = draw(text, { noise: 3, color: true, background: '#f1f3f5', width: 200, height: 70 });
  return { image: await png(svg), width: 200, height: 70, question: TEXTS[lang].normal, answer: { text } };
}

function text(lang: Lang): Generated {
  const a = 2 + randomInt(18);
  const b = 1 + randomInt(9);
  const minus = randomInt(2) === 1 && a > b;
  return { image: null, width: null, height: null, question: minus ? TEXTS[lang].diff(a, b) : TEXTS[lang].sum(a, b), answer: { text: String(minus ? a - b : a + b) } };
}

async function click(lang: Lang): Promise<Generated> {
  const w = 320;
  const h = 200;
  const target = pick(SHAPES);
  const others = SHAPES.filter((s) => s !== target);
  const shapes: Shape[] = [target, target, ...Array.from({ length: 4 }, () => (randomInt(3) === 0 ? target : pick(others)))];
  // Six cells of a 3 × 2 layout, each shape jittered inside its cell: no overlaps.
  const placed = shapes.map((shape, i) => ({ shape, x: 53 + (i % 3) * 107 + randomInt(21) - 10, y: 50 + Math.floor(i / 3) * 100 + randomInt(21) - 10, r: 22 + randomInt(8) }));
  const body = placed.map((p) => shapeSvg(p.shape, p.x, p.y, p.r, pick(COLORS))).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#f8f9fa"/>${noise(w, h, 4)}${body}</svg>`;
  const targets = placed.filter((p) => p.shape === target).map((p) => ({ x: p.x, y: p.y, r: p.r }));
  return { image: await png(svg), width: w, height: h, question: TEXTS[lang].click(SHAPE_NAMES[lang][target]), answer: { targets } };
}

async function grid(lang: Lang): Promise<Generated> {
  const size = 300;
  const target = pick(SHAPES);
  const others = SHAPES.filter((s) => s !== target);
  const count = 2 + randomInt(3);
  const tiles = new Set<number>();
  while (tiles.size < count) tiles.add(1 + randomInt(9));
  let body = '';
  for (let i = 0; i < 9; i++) {
    const x = (i % 3) * 100;
    const y = Math.floor(i / 3) * 100;
    body += `<rect x="${x + 2}" y="${y + 2}" width="96" height="96" fill="#f1f3f5"/>`;
    body += shapeSvg(tiles.has(i + 1) ? target : pick(others), x + 50 + randomInt(15) - 7, y + 50 + randomInt(15) - 7, 24 + randomInt(8), pick(COLORS));
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#ffffff"/>${body}${noise(size, size, 3)}</svg>`;
  return { image: await png(svg), width: size, height: size, question: TEXTS[lang].grid(SHAPE_NAMES[lang][target]), answer: { tiles: [...tiles].sort((a, b) => a - b) } };
}

async function rotate(lang: Lang): Promise<Generated> {
  const size = 180;
  const tilt = 30 + randomInt(31) * 10; // 30…330°, never upright
  // A house: a roof on top makes "upright" unambiguous.
  const scene = `<g transform="rotate(${tilt} 90 90)"><circle cx="90" cy="90" r="86" fill="#e7f5ff"/><polygon points="90,28 140,78 40,78" fill="#d9480f"/><rect x="52" y="78" width="76" height="62" fill="#1971c2"/><rect x="80" y="104" width="20" height="36" fill="#ffd43b"/><rect x="30" y="140" width="120" height="8" fill="#2f9e44"/></g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#ffffff"/>${scene}${noise(size, size, 2)}</svg>`;
  return { image: await png(svg), width: size, height: size, question: TEXTS[lang].rotate, answer: { angle: (360 - tilt) % 360 } };
}

async function slider(lang: Lang): Promise<Generated> {
  const w = 300;
  const h = 150;
  const gap = 90 + randomInt(171); // the gap's middle, 90…260
  const y = 40 + randomInt(50);
  let stripes = '';
  for (let i = 0; i < 12; i++) stripes += `<rect x="${i * 25}" y="0" width="25" height="${h}" fill="${i % 2 ? '#d0ebff' : '#e7f5ff'}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${stripes}${noise(w, h, 5)}<rect x="${gap - 20}" y="${y}" width="40" height="40" fill="#343a40" fill-opacity="0.55" stroke="#ffffff" stroke-width="2"/><rect x="4" y="${y}" width="40" height="40" fill="#fab005" stroke="#ffffff" stroke-width="2"/></svg>`;
  return { image: await png(svg), width: w, height: h, question: TEXTS[lang].slider, answer: { x: gap } };
}

/** Draws one captcha of `kind` from `rand` (one call at a time: the draw functions share it). */
export async function generate(kind: OwnDemoKind, lang: Lang, rand: Rand): Promise<Generated> {
  drawFrom(rand);
  switch (kind) {
    case 'normal':
      return normal(lang);
    case 'text':
      return text(lang);
    case 'clickcaptcha':
      return click(lang);
    case 'grid':
      return grid(lang);
    case 'rotatecaptcha':
      return rotate(lang);
    case 'slider':
      return slider(lang);
  }
}

/** Points from "x=1,y=2;x=3,y=4", "coordinates:x=1,y=2;…" or "1,2;3,4". */
export function parsePoints(answer: string): { x: number; y: number }[] | null {
  const body = answer.trim().replace(/^coordinates:/i, '');
  if (!body) return null;
  const points: { x: number; y: number }[] = [];
  for (const part of body.split(/[;|]/)) {
    const named = /^\s*x\s*=\s*(-?\d+(?:\.\d+)?)\s*,\s*y\s*=\s*(-?\d+(?:\.\d+)?)\s*$/i.exec(part);
    const plain = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(part);
    const m = named ?? plain;
    if (!m) return null;
    points.push({ x: Number(m[1]), y: Number(m[2]) });
  }
  return points;
}

/** Whether an answer given by hand or by a solver is right. */
export function check(kind: OwnDemoKind, expected: Record<string, unknown>, answer: string): boolean {
  const given = answer.trim();
  switch (kind) {
    case 'normal':
    case 'text':
      return given.toLowerCase() === String(expected.text).toLowerCase();
    case 'grid': {
      const list = given.replace(/^click:/i, '').split(/[\s,/;]+/).filter(Boolean);
      if (!list.every((t) => /^[1-9]$/.test(t))) return false;
      const chosen = [...new Set(list.map(Number))].sort((a, b) => a - b);
      return JSON.stringify(chosen) === JSON.stringify(expected.tiles);
    }
    case 'clickcaptcha': {
      const points = parsePoints(given);
      const targets = expected.targets as { x: number; y: number; r: number }[];
      if (!points || points.length === 0) return false;
      const inside = (p: { x: number; y: number }, t: { x: number; y: number; r: number }) => Math.hypot(p.x - t.x, p.y - t.y) <= t.r + 8;
      return points.every((p) => targets.some((t) => inside(p, t))) && targets.every((t) => points.some((p) => inside(p, t)));
    }
    case 'rotatecaptcha': {
      const m = /^(?:angle=)?(-?\d+(?:\.\d+)?)$/.exec(given);
      if (!m) return false;
      const diff = Math.abs((((Number(m[1]) - Number(expected.angle)) % 360) + 540) % 360 - 180);
      return diff <= 15;
    }
    case 'slider': {
      const points = parsePoints(given);
      const x = points?.length === 1 ? points[0]!.x : /^-?\d+(?:\.\d+)?$/.test(given) ? Number(given) : NaN;
      return Number.isFinite(x) && Math.abs(x - Number(expected.x)) <= 12;
    }
  }
}
