/* Test helpers for the admin feature (imported by *.test.tsx files only). */
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import enAdmin from '../../../shared/i18n/locales/en/admin.json';
import enPricing from '../../../shared/i18n/locales/en/pricing.json';
import enUi from '../../../shared/i18n/locales/en/ui.json';
import ruAdmin from '../../../shared/i18n/locales/ru/admin.json';
import ruPricing from '../../../shared/i18n/locales/ru/pricing.json';
import ruUi from '../../../shared/i18n/locales/ru/ui.json';
import { createAppStore } from '#web/store/store.ts';

export interface MockCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}
export type MockReply = { status?: number; body: unknown };

export const apiError = (status: number, code: string): MockReply => ({
  status,
  body: { error: { code, message: code } },
});

/** Renders `ui` with the admin catalogue and a store whose API calls go to `handler`. */
export function renderWithApi(ui: ReactElement, handler: (call: MockCall) => MockReply, { lng = 'en' } = {}) {
  const calls: MockCall[] = [];
  const fetchFn = async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    const call = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const reply = handler(call);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const store = createAppStore({ baseUrl: 'http://localhost/', fetchFn });
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    fallbackLng: 'en',
    ns: ['admin', 'ui', 'pricing'],
    defaultNS: 'admin',
    resources: { en: { admin: enAdmin, ui: enUi, pricing: enPricing }, ru: { admin: ruAdmin, ui: ruUi, pricing: ruPricing } },
    interpolation: { escapeValue: false, defaultVariables: { brand: 'TestBrand' } },
    initAsync: false,
  });
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </Provider>,
  );
  return { ...result, calls, store };
}
