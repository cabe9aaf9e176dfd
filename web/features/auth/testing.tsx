/**
 * Test harness for the auth pages (tests only): a real store whose API calls go to a stub,
 * the page's i18n catalogues, and a memory router that records where the page navigated.
 * Route tests are `.test.ts` files calling `renderAuthPage(Page, …)`, so no test module matches
 * the router's `routes/**\/*.tsx` glob.
 */
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { StrictMode, type ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { PageHandle } from '#web/lib/page.ts';
import { findPage } from '#web/routes.ts';
import { initialAppState, type AppState } from '#web/store/app-slice.ts';
import { createAppStore, type AppStore } from '#web/store/store.ts';
import enAuth from '../../../shared/i18n/locales/en/auth.json';
import enUi from '../../../shared/i18n/locales/en/ui.json';
import ruAuth from '../../../shared/i18n/locales/ru/auth.json';
import ruUi from '../../../shared/i18n/locales/ru/ui.json';
import zhAuth from '../../../shared/i18n/locales/zh/auth.json';
import zhUi from '../../../shared/i18n/locales/zh/ui.json';

export const TEST_BRAND = 'TestBrand';

/** A synchronous i18n instance with the `ui` and `auth` namespaces, as the server sets it up. */
export function createAuthI18n(lng = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['auth', 'ui'],
    defaultNS: 'auth',
    resources: { en: { auth: enAuth, ui: enUi }, ru: { auth: ruAuth, ui: ruUi }, zh: { auth: zhAuth, ui: zhUi } },
    interpolation: { escapeValue: false, defaultVariables: { brand: TEST_BRAND } },
    initAsync: false,
  });
  return instance;
}

export interface StubResponse {
  status?: number;
  body: unknown;
}

/** `'POST /api/v2/auth/login'` → the answer, or a function of the request body. */
export type ApiStubs = Record<string, StubResponse | ((body: unknown) => StubResponse)>;

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

export interface RenderAuthPageOptions {
  /** The page's id in web/routes.ts (its path pattern and handle come from there). */
  pageId: string;
  /** The address shown, e.g. `/ru/auth/login?return_to=%2Fenterpage`. */
  url: string;
  api?: ApiStubs;
  app?: Partial<AppState>;
  /** Prepares the store before the first render (e.g. puts a signed-in user in it). */
  setup?: (store: AppStore) => void;
  strict?: boolean;
}

/** Renders what the router shows after the page navigated with React Router. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="navigated-to">{location.pathname + location.search}</p>;
}

export function renderAuthPage(
  Page: ComponentType,
  { pageId, url, api = {}, app, setup, strict = false }: RenderAuthPageOptions,
) {
  const page = findPage(pageId);
  if (!page) throw new Error(`no page ${pageId}`);
  const calls: ApiCall[] = [];
  const fetchFn = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, path, body });
    const stub = api[`${request.method} ${path}`];
    if (!stub) {
      const missing = { error: { code: 'NOT_FOUND', message: `no stub for ${request.method} ${path}` } };
      return Response.json(missing, { status: 404 });
    }
    const { status = 200, body: answer } = typeof stub === 'function' ? stub(body) : stub;
    return Response.json(answer, { status });
  });
  const store = createAppStore({ baseUrl: 'http://localhost/', fetchFn }, { app: { ...initialAppState, ...app } });
  setup?.(store);
  const lang = /^\/([a-z]{2})(?=\/)/.exec(url)?.[1] ?? 'en';
  const i18n = createAuthI18n(lang);
  const handle: PageHandle = { page };
  const router = createMemoryRouter(
    [
      { path: page.path, Component: Page, handle },
      { path: `/:lang${page.path}`, Component: Page, handle },
      { path: '*', Component: Elsewhere, handle: { page: null } satisfies PageHandle },
    ],
    { initialEntries: [url] },
  );
  const tree = (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>
  );
  const utils = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...utils, store, router, calls, fetchFn, i18n };
}

/** An API error body as the site API sends it. */
export function apiError(status: number, code: string, details?: unknown): StubResponse {
  return {
    status,
    body: { error: details === undefined ? { code, message: code } : { code, message: code, details } },
  };
}
