import { safeReturnTo } from '#shared/return-to.ts';

/**
 * Full page loads, so the server renders the next page with the new (or no) session. One object
 * so tests can spy on it (jsdom's window.location cannot be mocked).
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  replace(url: string): void {
    window.location.replace(url);
  },
};

/** The `return_to` query parameter when it is a path on this site, else null. */
export function returnToFrom(search: URLSearchParams): string | null {
  return safeReturnTo(search.get('return_to'));
}

/** `path` with `?return_to=` appended when there is somewhere to return to. */
export function withReturnTo(path: string, returnTo: string | null): string {
  return returnTo ? `${path}?return_to=${encodeURIComponent(returnTo)}` : path;
}

/**
 * Where a user goes once signed in: the validated return_to (already a full site path, language
 * prefix included) or the localized home path of their user type.
 */
export function afterSignIn(returnTo: string | null, homePath: string, to: (path: string) => string): string {
  return returnTo ?? to(safeReturnTo(homePath) ?? '/');
}
