import type { Ctx } from '#server/lib/ctx.ts';
import { searchArticles, type ArticleSearchHit } from '#server/modules/content/content.service.ts';
import { COLLECTION_INFO } from '#shared/contracts/content.ts';
import { HELP_SEARCH_MIN_CHARS, type HelpHit, type HelpSearchResult } from '#shared/contracts/support.ts';

/** The help centre searches FAQ and knowledge-base articles and the tutorials (content engine). */
export const HELP_COLLECTIONS = ['faq', 'kb', 'tutorials'] as const;
type HelpCollection = (typeof HELP_COLLECTIONS)[number];

const QUOTE_MAX = 320;

/** Lower-cased word stems of a text: a crude, language-neutral prefix stem for picking passages. */
export function stems(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3).map((w) => w.slice(0, Math.max(3, Math.min(6, w.length - 2))));
}

/**
 * The passage of an article that best matches a question: the paragraph (or, in a long one, the
 * sentence window) with the most of the question's words, cut to about 320 characters at a word.
 */
export function bestPassage(plain: string, question: string): string {
  const wanted = new Set(stems(question));
  const paragraphs = plain.split(/\n{1,}/).map((p) => p.trim()).filter((p) => p.length > 0);
  const candidates: string[] = [];
  for (const p of paragraphs) {
    if (p.length <= QUOTE_MAX) candidates.push(p);
    else {
      // Sentences end at . ! ? followed by a space (not inside "in.php" or "0.50"), or at CJK stops.
      const sentences = p.split(/(?<=[.!?])\s+|(?<=[。！？])/u).filter((x) => x.trim().length > 0);
      for (let i = 0; i < sentences.length; i++) candidates.push(sentences.slice(i, i + 2).join(' ').trim());
    }
  }
  let best = candidates[0] ?? '';
  let bestScore = -1;
  for (const c of candidates) {
    const own = stems(c);
    const score = new Set(own.filter((s) => wanted.has(s))).size + (c.length > 40 ? 0.1 : 0);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  if (best.length <= QUOTE_MAX) return best;
  const cut = best.slice(0, QUOTE_MAX);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), QUOTE_MAX - 40)) + '…';
}

export function toHit(h: ArticleSearchHit, question: string): HelpHit {
  return {
    collection: h.collection as HelpCollection,
    slug: h.slug,
    title: h.title,
    summary: h.summary,
    path: `${COLLECTION_INFO[h.collection].path}/${h.slug}`,
    quote: bestPassage(h.plain, question),
    rank: Math.round(h.rank * 10_000) / 10_000,
  };
}

/** `GET /api/v2/support/search?q=&language=`: ranked FAQ, knowledge-base and tutorial articles with the matching passage. */
export async function helpSearch(ctx: Ctx, q: { q: string; language?: string; hostname?: string }, limit = 10): Promise<HelpSearchResult> {
  const text = q.q.trim();
  const { language, hits } = await searchArticles(ctx, { collections: [...HELP_COLLECTIONS], text, language: q.language, hostname: q.hostname, limit });
  return { q: text, language, searched: text.length >= HELP_SEARCH_MIN_CHARS, hits: hits.map((h) => toHit(h, text)) };
}
