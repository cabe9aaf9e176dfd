/* Test helpers for the profile feature (imported by *.test.tsx files only). */
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import enProfile from '../../../shared/i18n/locales/en/profile.json';
import enUi from '../../../shared/i18n/locales/en/ui.json';
import ruProfile from '../../../shared/i18n/locales/ru/profile.json';
import ruUi from '../../../shared/i18n/locales/ru/ui.json';
import zhProfile from '../../../shared/i18n/locales/zh/profile.json';
import zhUi from '../../../shared/i18n/locales/zh/ui.json';
import { createAppStore } from '#web/store/store.ts';

export function profileI18n(lng = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['profile', 'ui'],
    defaultNS: 'profile',
    resources: {
      en: { profile: enProfile, ui: enUi },
      ru: { profile: ruProfile, ui: ruUi },
      zh: { profile: zhProfile, ui: zhUi },
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

/** Renders `ui` with the profile catalogues, a store whose API calls go to `handler`, and a router. */
export function renderWithApi(ui: ReactElement, handler: MockHandler, { lng = 'en', path = '/profile' } = {}) {
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
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const store = createAppStore({ baseUrl: 'http://localhost/', fetchFn });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const i18n = profileI18n(lng);
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, calls, store, i18n };
}

export const apiError = (status: number, code: string): MockReply => ({
  status,
  body: { error: { code, message: code } },
});
