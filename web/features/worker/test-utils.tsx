/* Test helpers for the worker cabinet (imported by *.test.tsx files only). */
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TaskOffer } from '#shared/contracts/realtime.ts';
import enUi from '../../../shared/i18n/locales/en/ui.json';
import enWorker from '../../../shared/i18n/locales/en/worker.json';
import ruUi from '../../../shared/i18n/locales/ru/ui.json';
import ruWorker from '../../../shared/i18n/locales/ru/worker.json';
import zhUi from '../../../shared/i18n/locales/zh/ui.json';
import zhWorker from '../../../shared/i18n/locales/zh/worker.json';
import { createAppStore } from '#web/store/store.ts';

export function workerI18n(lng = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['worker', 'ui'],
    defaultNS: 'worker',
    resources: {
      en: { worker: enWorker, ui: enUi },
      ru: { worker: ruWorker, ui: ruUi },
      zh: { worker: zhWorker, ui: zhUi },
    },
    interpolation: { escapeValue: false, defaultVariables: { brand: 'TestBrand' } },
    initAsync: false,
  });
  return instance;
}

/** Renders with the worker catalogues only (solvers, the stage). */
export function renderWorker(ui: ReactElement, { lng = 'en' } = {}) {
  const i18n = workerI18n(lng);
  return { i18n, ...render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>) };
}

export interface MockCall {
  method: string;
  path: string;
  body: unknown;
}
export type MockReply = { status?: number; body: unknown };

/** Renders with a store whose API calls go to `handler`, a router and the worker catalogues. */
export function renderWithApi(ui: ReactElement, handler: (call: MockCall) => MockReply | Promise<MockReply>, { lng = 'en', path = '/cabinet' } = {}) {
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
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const i18n = workerI18n(lng);
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, calls, store, i18n };
}

/** A 1×1 PNG. */
export const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function makeOffer(overrides: Partial<TaskOffer> = {}): TaskOffer {
  return {
    id: 101,
    type: 'normal',
    ui: 'text',
    kind: 'image',
    media: PIXEL,
    mediaList: [],
    params: {},
    reward: '0.0003',
    deadline: Date.now() + 40_000,
    ...overrides,
  };
}

/**
 * Gives an image element a natural size and an on-screen box, as a browser would after layout.
 * jsdom does neither.
 */
export function layOutImage(img: HTMLImageElement, natural: { width: number; height: number }, box: { left: number; top: number; width: number; height: number }) {
  Object.defineProperty(img, 'naturalWidth', { configurable: true, value: natural.width });
  Object.defineProperty(img, 'naturalHeight', { configurable: true, value: natural.height });
  Object.defineProperty(img, 'complete', { configurable: true, value: true });
  img.getBoundingClientRect = () => ({ ...box, x: box.left, y: box.top, right: box.left + box.width, bottom: box.top + box.height, toJSON: () => box }) as DOMRect;
}
