import { sitesOf, type Config } from '#server/config.ts';

/**
 * The origins of this product's own pages (PUBLIC_URL, RU_URL, ZH_URL): the only origins a
 * browser may open /ws from or send site-API mutations from (docs/security.md). API_URL serves
 * only the compatible API, no pages, so it is not one of them.
 */
export function siteOrigins(config: Config): ReadonlySet<string> {
  const sites = sitesOf(config);
  return new Set([sites.intl, sites.ru, sites.zh].filter((o): o is string => o !== null));
}

/** True when `origin` (an Origin header) is one of `allowed`; "null" and garbage are not. */
export function isSiteOrigin(origin: string, allowed: ReadonlySet<string>): boolean {
  try {
    return allowed.has(new URL(origin).origin);
  } catch {
    return false;
  }
}
