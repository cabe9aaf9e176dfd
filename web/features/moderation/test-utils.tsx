/* Test helpers for the moderation feature (imported by *.test.tsx files only). */
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import enModeration from '../../../shared/i18n/locales/en/moderation.json';
import enPricing from '../../../shared/i18n/locales/en/pricing.json';
import enUi from '../../../shared/i18n/locales/en/ui.json';
import ruModeration from '../../../shared/i18n/locales/ru/moderation.json';
import ruPricing from '../../../shared/i18n/locales/ru/pricing.json';
import ruUi from '../../../shared/i18n/locales/ru/ui.json';
import { createAppStore } from '#web/store/store.ts';

export interface MockCall {
  method: string;
  path: string;
  body: unknown;
}
export type MockReply = { status?: number; body: unknown };

/** Renders `ui` with the moderation catalogue and a store whose API calls go to `handler`. */
export function renderWithApi(ui: ReactElement, handler: (call: MockCall) => MockReply | Promise<MockReply>, { lng = 'en' } = {}) {
  const calls: MockCall[] = [];
  const fetchFn = async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    const call = { method: request.method, path: url.pathname, body: text ? (JSON.parse(text) as unknown) : undefined };
    calls.push(call);
    const reply = await handler(call);
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  const store = createAppStore({ baseUrl: 'http://localhost/', fetchFn });
  const i18n = i18next.createInstance();
  void i18n.init({
    lng,
    fallbackLng: 'en',
    ns: ['moderation', 'ui', 'pricing'],
    defaultNS: 'moderation',
    resources: { en: { moderation: enModeration, ui: enUi, pricing: enPricing }, ru: { moderation: ruModeration, ui: ruUi, pricing: ruPricing } },
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
