/* Test helpers for the customer console (imported by *.test.tsx files only). */
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ApiSettings } from '#shared/contracts/customer.ts';
import enCustomer from '../../../shared/i18n/locales/en/customer.json';
import enUi from '../../../shared/i18n/locales/en/ui.json';
import ruCustomer from '../../../shared/i18n/locales/ru/customer.json';
import ruUi from '../../../shared/i18n/locales/ru/ui.json';
import zhCustomer from '../../../shared/i18n/locales/zh/customer.json';
import zhUi from '../../../shared/i18n/locales/zh/ui.json';
import { createAppStore } from '#web/store/store.ts';

export function customerI18n(lng = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['customer', 'ui'],
    defaultNS: 'customer',
    resources: {
      en: { customer: enCustomer, ui: enUi },
      ru: { customer: ruCustomer, ui: ruUi },
      zh: { customer: zhCustomer, ui: zhUi },
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

/** Renders `ui` with the customer catalogues, a store whose API calls go to `handler`, and a router. */
export function renderWithApi(ui: ReactElement, handler: MockHandler, { lng = 'en', path = '/setting' } = {}) {
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
  const i18n = customerI18n(lng);
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, calls, store, i18n };
}

export const apiError = (status: number, code: string): MockReply => ({ status, body: { error: { code, message: code } } });

export const SETTINGS: ApiSettings = {
  allowedIps: [],
  maxBidPer1000: null,
  sandbox: false,
  pingbackHosts: [],
  consensus: null,
  defaultLanguage: null,
};
