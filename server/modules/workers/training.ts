import { createHmac } from 'node:crypto';
import type { ExamResult, TrainingItem } from '#shared/contracts/worker.ts';

/**
 * Training material made on the fly, so every answer is known: distorted-text pictures, grids of
 * shapes and click-the-star scenes, drawn as SVG from a seed. The seed comes from the worker, the
 * attempt and a server secret, so an exam can be graded without storing it and cannot be
 * predicted from the browser.
 */
const CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SHAPES = ['circle', 'square', 'triangle'] as const;
export const EXAM_SIZE = 6;
export const PASS_MARK = 5;

function rng(seed: string) {
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

const svg = (w: number, h: number, body: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`).toString('base64')}`;

function shape(kind: (typeof SHAPES)[number] | 'star', x: number, y: number, r: number, fill: string) {
  if (kind === 'circle') return `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`;
  if (kind === 'square') return `<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" fill="${fill}"/>`;
  if (kind === 'triangle') return `<polygon points="${x},${y - r} ${x + r},${y + r} ${x - r},${y + r}" fill="${fill}"/>`;
  const pts = Array.from({ length: 10 }, (_, k) => {
    const a = (Math.PI / 5) * k - Math.PI / 2;
    const rr = k % 2 ? r * 0.45 : r;
    return `${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
}

function textItem(id: string, rand: () => number): TrainingItem {
  const text = Array.from({ length: 5 }, () => CHARS[Math.floor(rand() * CHARS.length)]).join('');
  const letters = [...text]
    .map((c, i) => `<text x="${18 + i * 34}" y="${44 + rand() * 10}" transform="rotate(${(rand() - 0.5) * 40} ${18 + i * 34} 40)" font-family="monospace" font-size="34" font-weight="bold" fill="#1f2937">${c}</text>`)
    .join('');
  const noise = Array.from({ length: 6 }, () => `<line x1="${rand() * 200}" y1="${rand() * 70}" x2="${rand() * 200}" y2="${rand() * 70}" stroke="#94a3b8" stroke-width="1.5"/>`).join('');
  return { id, ui: 'text', image: svg(200, 70, `<rect width="200" height="70" fill="#f1f5f9"/>${noise}${letters}`), instruction: 'training.instructions.text', width: 200, height: 70, answer: text };
}

function gridItem(id: string, rand: () => number): TrainingItem {
  const target = SHAPES[Math.floor(rand() * SHAPES.length)]!;
  const cells: number[] = [];
  let body = '<rect width="240" height="240" fill="#ffffff"/>';
  for (let n = 0; n < 9; n++) {
    const kind = SHAPES[Math.floor(rand() * SHAPES.length)]!;
    if (kind === target) cells.push(n + 1);
    const x = (n % 3) * 80 + 40;
    const y = Math.floor(n / 3) * 80 + 40;
    body += `<rect x="${x - 40}" y="${y - 40}" width="80" height="80" fill="none" stroke="#cbd5e1"/>` + shape(kind, x, y, 22, '#2563eb');
  }
  return { id, ui: 'grid', image: svg(240, 240, body), instruction: `training.instructions.grid.${target}`, rows: 3, columns: 3, width: 240, height: 240, answer: cells };
}

function pointsItem(id: string, rand: () => number): TrainingItem {
  const stars: { x: number; y: number }[] = [];
  let body = '<rect width="300" height="180" fill="#f8fafc"/>';
  const count = 2 + Math.floor(rand() * 2);
  for (let k = 0; k < 7; k++) {
    const x = Math.round(30 + (k % 4) * 75 + rand() * 20);
    const y = Math.round(40 + Math.floor(k / 4) * 90 + rand() * 20);
    if (k < count) stars.push({ x, y });
    body += shape(k < count ? 'star' : SHAPES[k % 3]!, x, y, 18, k < count ? '#f59e0b' : '#64748b');
  }
  return { id, ui: 'points', image: svg(300, 180, body), instruction: 'training.instructions.points', width: 300, height: 180, answer: stars };
}

const MAKERS = [textItem, gridItem, pointsItem];

/** The practice items (answers shown) and the exam items (answers kept) of one attempt. */
export function trainingSet(secret: string, userId: number, attempt: number): { practice: TrainingItem[]; exam: TrainingItem[] } {
  const rand = rng(`${secret}:${userId}:${attempt}`);
  const make = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => MAKERS[i % MAKERS.length]!(`${prefix}${i}`, rand));
  const practice = make('p', 3).map((item) => ({ ...item, hint: `training.hints.${item.ui}` }));
  return { practice, exam: make('e', EXAM_SIZE) };
}

function isCorrect(item: TrainingItem, given: unknown): boolean {
  if (item.ui === 'text') return typeof given === 'string' && given.trim().toUpperCase() === item.answer;
  if (item.ui === 'grid') {
    const want = [...(item.answer as number[])].sort().join(',');
    return Array.isArray(given) && [...new Set(given.map(Number))].sort().join(',') === want;
  }
  const stars = item.answer as { x: number; y: number }[];
  if (!Array.isArray(given) || given.length !== stars.length) return false;
  return stars.every((s) => (given as { x: number; y: number }[]).some((p) => Math.hypot(Number(p?.x) - s.x, Number(p?.y) - s.y) <= 20));
}

export function gradeExam(exam: TrainingItem[], answers: Record<string, unknown>): ExamResult {
  const wrong = exam.filter((item) => !isCorrect(item, answers[item.id])).map((i) => i.id);
  const correct = exam.length - wrong.length;
  return { passed: correct >= PASS_MARK, correct, total: exam.length, wrong };
}

/** The exam as the browser sees it: no answers. */
export const withoutAnswers = (items: TrainingItem[]) => items.map(({ answer: _a, ...rest }) => rest);
