/* Rendering a feature against a mocked site API (imported by *.test.tsx files only). */
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n, type ResourceLanguage } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import enUi from '../../shared/i18n/locales/en/ui.json';
import ruUi from '../../shared/i18n/locales/ru/ui.json';
import zhUi from '../../shared/i18n/locales/zh/ui.json';
import { createAppStore } from '#web/store/store.ts';

/** A synchronous, isolated i18next instance with one feature namespace (the default) and `ui`. */
export function featureI18n(ns: string, catalogues: { en: ResourceLanguage; ru: ResourceLanguage; zh: ResourceLanguage }, lng = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: [ns, 'ui'],
    defaultNS: ns,
    resources: {
      en: { [ns]: catalogues.en, ui: enUi },
      ru: { [ns]: catalogues.ru, ui: ruUi },
      zh: { [ns]: catalogues.zh, ui: zhUi },
    },
    interpolation: { escapeValue: false, defaultVariables: { brand: 'TestBrand' } },
    initAsync: false,
  });
  return instance;
}

export interface MockCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** A JSON reply, or an error body `{ error: { code } }` with its status. */
export type MockReply = { status?: number; body: unknown };
export type MockHandler = (call: MockCall) => MockReply | Promise<MockReply>;

export const apiError = (status: number, code: string): MockReply => ({ status, body: { error: { code, message: code } } });

/** Renders `ui` at `path` with `i18n`, a router, and a store whose API calls go to `handler` (recorded in `calls`). */
export function renderWithApi(ui: ReactElement, handler: MockHandler, { i18n, path }: { i18n: I18n; path: string }) {
  const calls: MockCall[] = [];
  const fetchFn = async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    const call = { method: request.method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const reply = await handler(call);
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  const store = createAppStore({ baseUrl: 'http://localhost/', fetchFn });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, calls, store, i18n };
}
