import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type HydrationState } from 'react-router';
import type { Resource } from 'i18next';
import type { Language } from '#shared/i18n/languages.ts';
import type { RootState } from '#web/store/store.ts';
import type { Assets } from './assets.tsx';

/** What the server hands to the browser in `window.__APP__`. */
export interface BootData {
  state: RootState;
  /** `partial`: the `lang:ns` bundles sent with only the subtrees this page renders (loaded whole when another page needs them). */
  i18n: { lang: Language; resources: Resource; partial: string[] };
  assets: Assets;
  router: HydrationState;
}

type SerializedError = { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown } | { __type: 'Error'; message: string };

export function serializeErrors(errors: HydrationState['errors']): Record<string, SerializedError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, err]) => [
      id,
      isRouteErrorResponse(err)
        ? { __type: 'RouteErrorResponse', status: err.status, statusText: err.statusText, data: err.data }
        : { __type: 'Error', message: err instanceof Error ? err.message : String(err) },
    ]),
  );
}

export function deserializeErrors(errors: Record<string, SerializedError> | null | undefined): HydrationState['errors'] {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, e]) => [
      id,
      e.__type === 'RouteErrorResponse' ? new ErrorResponseImpl(e.status, e.statusText, e.data) : new Error(e.message),
    ]),
  );
}

/** JSON safe to embed in an inline script. */
const SCRIPT_UNSAFE: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

export function serializeForScript(value: unknown): string {
  // One pass over the JSON (a landing's boot data is ~90 KB): `<` can't end the script, and the
  // two line separators can't end a string in older JavaScript.
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => SCRIPT_UNSAFE[c]!);
}
