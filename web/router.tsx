import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isLanguage, type Language } from '#shared/i18n/languages.ts';
import { localizedPath, splitLanguage } from '#shared/i18n/routing.ts';
import { loadNamespaces } from './lib/i18n.ts';
import type { PageHandle, PageModule } from './lib/page.ts';
import { runtimeFrom, type Runtime } from './lib/runtime.ts';
import { accessRedirect } from './lib/access.ts';
import { userApi } from './features/user/api.ts';
import { apiErrorCode, SIGN_OUT_PATH } from './store/api.ts';
import type { CurrentUser } from '#shared/contracts/user.ts';
import { RootErrorBoundary, RootLayout } from './root.tsx';
import { PAGES, type PageDef } from './routes.ts';

const modules = import.meta.glob<PageModule>(['./routes/**/*.tsx', '!./routes/**/*.test.tsx']);

/** Loads a page module; in the browser a failed chunk (a deploy replaced it) reloads the page. */
export function loadModule(module: string): Promise<PageModule> {
  const load = modules[`./${module}`];
  if (!load) throw new Error(`route module ${module} does not exist`);
  return load().catch((err: unknown) => {
    if (typeof window !== 'undefined') reloadOnce();
    throw err;
  });
}

export function reloadOnce() {
  const key = 'chunk-reload-at';
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < 10_000) return; // the reload did not help; show the error screen instead
  sessionStorage.setItem(key, String(Date.now()));
  window.location.reload();
}

function fallbackLanguage(page: PageDef): Language {
  return page.languages.includes('en') ? 'en' : page.languages[0]!;
}

/**
 * The current user when the browser has a session, else null. A session whose user is gone
 * (ERROR_EMPTY_USER) signs out: on the server by redirect, in the browser through the base query.
 */
async function ensureUser(runtime: Runtime, page: PageDef, lang: Language): Promise<CurrentUser | null> {
  if (!runtime.store.getState().app.hasSession) return null;
  const result = await runtime.store.dispatch(userApi.endpoints.getUser.initiate(undefined, { subscribe: false }));
  if (result.error && apiErrorCode(result.error) === 'ERROR_EMPTY_USER') {
    // The sign-out page itself must render: its POST is what ends the orphaned session.
    if (page.id === 'auth-logout') return null;
    throw redirect(localizedPath(lang, SIGN_OUT_PATH, runtime.store.getState().app.hostLanguage));
  }
  return result.data ?? null;
}

function pageLoader(page: PageDef) {
  return async (args: LoaderFunctionArgs) => {
    const runtime = runtimeFrom(args.context);
    const { hostLanguage } = runtime.store.getState().app;
    const prefix = args.params.lang;
    if (prefix !== undefined && !isLanguage(prefix)) throw data(null, { status: 404 });
    const lang: Language = prefix ?? hostLanguage;
    if (!page.languages.includes(lang)) {
      const url = new URL(args.request.url);
      throw redirect(localizedPath(fallbackLanguage(page), splitLanguage(url.pathname).rest, hostLanguage) + url.search);
    }
    const [mod, user] = await Promise.all([loadModule(page.module), ensureUser(runtime, page, lang), loadNamespaces(runtime.i18n, lang, page.namespaces)]);
    const url = new URL(args.request.url);
    const target = accessRedirect(page.access, user, url.pathname + url.search, (path) => localizedPath(lang, path, hostLanguage));
    if (target) throw redirect(target);
    return (await mod.loader?.({ ...args, ...runtime, lang, page })) ?? null;
  };
}

function pageRoute(page: PageDef, prefixed: boolean): RouteObject {
  const handle: PageHandle = { page };
  const common = {
    id: prefixed ? `${page.id}@lang` : page.id,
    handle,
    loader: pageLoader(page),
    lazy: async () => ({ Component: (await loadModule(page.module)).default }),
  };
  if (page.path === '/') return { ...common, index: true };
  return { ...common, path: page.path.slice(1) };
}

async function notFoundLoader(args: LoaderFunctionArgs) {
  const runtime = runtimeFrom(args.context);
  const { lang } = splitLanguage(new URL(args.request.url).pathname);
  await loadNamespaces(runtime.i18n, lang ?? runtime.store.getState().app.hostLanguage, []);
  throw data(null, { status: 404 });
}

/**
 * The route tree: every page unprefixed and under `/:lang`, then the 404 catch-all. The server
 * also builds trees of a subset of the pages (entry.server.tsx); the browser always has them all.
 */
export function createRoutes(pages: readonly PageDef[] = PAGES): RouteObject[] {
  const notFoundHandle: PageHandle = { page: null };
  return [
    {
      id: 'root',
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        ...pages.map((p) => pageRoute(p, false)),
        { path: ':lang', children: pages.map((p) => pageRoute(p, true)) },
        // The loader throws a 404 that the root error boundary renders; the route itself draws nothing.
        { id: 'not-found', path: '*', handle: notFoundHandle, loader: notFoundLoader, Component: () => null },
      ],
    },
  ];
}

