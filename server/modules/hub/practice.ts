import { randomBytes } from 'node:crypto';
import type { PracticeItem, PracticeScore } from '#shared/contracts/hub.ts';
import { drawItem, itemSeed, type DrawnItem, type ItemUi } from '#server/modules/workers/training-items.ts';
import { POINT_TOLERANCE } from '#server/modules/workers/training.ts';

/**
 * The visitors' practice round on /play-and-earn/play: items of the worker training's kinds
 * (distorted text, grids, click-the-stars), drawn from a per-item seed (HMAC of the hub's practice
 * secret and the item's token), so nothing is stored: the picture and the answer are drawn again
 * from the token. Practice scores nothing that matters, so tokens are not bound to a visitor.
 */
export const PRACTICE_KINDS: ItemUi[] = ['text', 'grid', 'points', 'text', 'grid'];
const PREFIX: Record<ItemUi, string> = { text: 't', grid: 'g', points: 'p' };
const UI_OF: Record<string, ItemUi> = { t: 'text', g: 'grid', p: 'points' };

export const practiceImageUrl = (token: string) => `/api/v2/hub/practice/images/${token}`;

export function newPracticeToken(ui: ItemUi): string {
  return `${PREFIX[ui]}_${randomBytes(18).toString('base64url')}`;
}

/** The item behind a token (its kind is the token's first letter). */
export function practiceItem(secret: string, token: string): DrawnItem {
  return drawItem(UI_OF[token[0]!]!, itemSeed(secret, `practice:${token}`));
}

export function practiceView(secret: string, token: string): PracticeItem {
  const item = practiceItem(secret, token);
  return {
    token,
    ui: item.ui,
    image: practiceImageUrl(token),
    instruction: item.instruction,
    width: item.width,
    height: item.height,
    ...(item.rows ? { rows: item.rows, columns: item.columns } : {}),
  };
}

/** The training's own rules: text case-insensitive, grid as a set, each star within POINT_TOLERANCE px. */
export function answers(item: Pick<DrawnItem, 'ui' | 'answer'>, given: unknown): boolean {
  if (item.ui === 'text') return typeof given === 'string' && given.trim().toUpperCase() === item.answer;
  if (item.ui === 'grid') {
    const want = [...(item.answer as number[])].sort((a, b) => a - b).join(',');
    return Array.isArray(given) && [...new Set(given.map(Number))].sort((a, b) => a - b).join(',') === want;
  }
  const stars = item.answer as { x: number; y: number }[];
  if (!Array.isArray(given) || given.length !== stars.length) return false;
  return stars.every((s) => (given as { x: number; y: number }[]).some((p) => Math.hypot(Number(p?.x) - s.x, Number(p?.y) - s.y) <= POINT_TOLERANCE));
}

export function scorePractice(secret: string, given: { token: string; answer: unknown }[]): PracticeScore {
  const seen = new Set<string>();
  const results = given
    .filter((g) => !seen.has(g.token) && seen.add(g.token))
    .map((g) => {
      const item = practiceItem(secret, g.token);
      return { token: g.token, correct: answers(item, g.answer), expected: item.answer };
    });
  return { correct: results.filter((r) => r.correct).length, total: results.length, results };
}
