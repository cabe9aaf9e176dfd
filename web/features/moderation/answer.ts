import type { TFunction } from 'i18next';

const MAX_SHOWN = 120;
const shorten = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text);

/** A stored answer (shared/captcha-types Answer) in words: the text, the tiles, the points, the token… */
export function describeAnswer(answer: unknown, t: TFunction<'moderation'>): string {
  if (answer === null || answer === undefined) return '—';
  if (typeof answer === 'string' || typeof answer === 'number') return shorten(String(answer));
  const a = answer as Record<string, unknown>;
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  switch (a.kind) {
    case 'text':
      return shorten(String(a.text ?? ''));
    case 'grid':
      return t('answer.grid', { cells: Array.isArray(a.cells) ? a.cells.join(', ') : '' });
    case 'points':
      return Array.isArray(a.points) ? shorten((a.points as { x: number; y: number }[]).map((p) => `(${p.x}, ${p.y})`).join(' ')) : '—';
    case 'rotate':
      return t('answer.rotate', { angle: Number(a.angle) });
    case 'draw':
      return t('answer.draw', { count: count(a.polylines) });
    case 'box':
      return t('answer.box', { count: count(a.boxes) });
    case 'token':
      return shorten(String(a.token || JSON.stringify(a.extra ?? {})));
    case 'noMatch':
      return t('answer.noMatch');
    default:
      return shorten(JSON.stringify(answer));
  }
}

/** ISO time → "2025-03-04 05:06 UTC": one zone for all staff, the same on server and browser. */
export function formatUtc(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
