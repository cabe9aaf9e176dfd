import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { CSRF_COOKIE_NAMES, CSRF_HEADER } from '#shared/auth-cookies.ts';
import type { AppState } from './app-slice.ts';

export { CSRF_HEADER };

/** How the store reaches the API: the browser's fetch, or the server's in-process injector. */
export interface Transport {
  baseUrl: string;
  fetchFn?: (input: Request) => Promise<Response>;
  /** Cookie header to forward on the server (the browser sends its own). */
  cookie?: string;
  /**
   * On the server: answers a GET of the site API in-process (the declared read's handler with the
   * page request's session), so rendering makes no HTTP round trip. `path` has no leading slash.
   */
  read?: (path: string, query: URLSearchParams) => Promise<{ status: number; body: unknown }>;
}

/** The thunk extra argument of the store; RTK Query hands it to the base query as `api.extra`. */
export interface StoreExtra {
  transport: Transport;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((c) => c.startsWith(name + '='));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** The site API's error body, when a failed call has one. */
export function apiErrorCode(error: unknown): string | undefined {
  const data = (error as { data?: { error?: { code?: string } } } | undefined)?.data;
  return data?.error?.code;
}

/** Spec §4/§8: a current-user fetch failing with 400 ERROR_EMPTY_USER signs the visitor out. */
export const SIGN_OUT_PATH = '/auth/logout';

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extraOptions) => {
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  if (result.error?.status === 400 && apiErrorCode(result.error) === 'ERROR_EMPTY_USER' && typeof window !== 'undefined') {
    window.location.assign(SIGN_OUT_PATH);
  }
  return result;
};

/** A GET through the transport's in-process reader: the same data or error body as over HTTP. */
async function directRead(read: NonNullable<Transport['read']>, args: string | FetchArgs) {
  const { url, params } = typeof args === 'string' ? { url: args, params: undefined } : args;
  const [path = '', search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  for (const [k, v] of Object.entries((params ?? {}) as Record<string, unknown>)) if (v !== undefined) query.append(k, String(v));
  const answer = await read(path, query);
  if (answer.status >= 200 && answer.status < 300) return { data: answer.body };
  return { error: { status: answer.status, data: answer.body } as FetchBaseQueryError };
}

const rawBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = (args, queryApi, extraOptions) => {
  const { transport } = queryApi.extra as StoreExtra;
  if (transport.read && (typeof args === 'string' || (args.method ?? 'GET') === 'GET')) return directRead(transport.read, args);
  return fetchBaseQuery({
    baseUrl: transport.baseUrl,
    credentials: 'include',
    fetchFn: transport.fetchFn as ((input: RequestInfo) => Promise<Response>) | undefined,
    prepareHeaders: (headers, { getState }) => {
      const app = (getState() as { app: AppState }).app;
      for (const [name, value] of Object.entries(app.extraHeaders)) headers.set(name, value);
      // `__Host-csrf_token` over https, `csrf_token` over http (shared/auth-cookies.ts).
      const csrf = CSRF_COOKIE_NAMES.map(readCookie).find(Boolean);
      if (csrf) headers.set(CSRF_HEADER, csrf);
      if (transport.cookie) headers.set('cookie', transport.cookie);
      return headers;
    },
  })(args, queryApi, extraOptions as object);
};

/**
 * The one RTK Query API of the app; features add endpoints with `api.injectEndpoints`.
 * Spec §4/§9: tags blog, support tickets, money transfers; unused data kept 60 s;
 * refetch on reconnect, not on focus; credentials and extra headers on every call.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Blog', 'SupportTickets', 'MoneyTransfers', 'User', 'Profile'],
  keepUnusedDataFor: 60,
  refetchOnReconnect: true,
  refetchOnFocus: false,
  endpoints: () => ({}),
});
