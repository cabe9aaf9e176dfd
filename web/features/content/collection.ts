import { COLLECTIONS, COLLECTION_INFO, type Collection } from '#shared/contracts/content.ts';

/** The collection a page path belongs to: `/software/blog…`, `/h…`, `/blog…`, with or without `/editor`. */
export function collectionOfPath(path: string): Collection {
  const bare = path.startsWith('/editor/') ? path.slice('/editor'.length) : path;
  return COLLECTIONS.find((c) => bare === COLLECTION_INFO[c].path || bare.startsWith(COLLECTION_INFO[c].path + '/')) ?? 'blog';
}

/** Dates of articles in the page's language, e.g. "3 March 2026". */
export function formatDate(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

