/* Test helpers for the worker cabinet (imported by *.test.tsx files only). */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { TaskOffer } from '#shared/contracts/realtime.ts';
import en from '../../../shared/i18n/locales/en/worker.json';
import ru from '../../../shared/i18n/locales/ru/worker.json';
import zh from '../../../shared/i18n/locales/zh/worker.json';
import { featureI18n, renderWithApi as renderWith, type MockHandler } from '#web/test/api.tsx';

export type { MockCall, MockReply } from '#web/test/api.tsx';

export const workerI18n = (lng = 'en') => featureI18n('worker', { en, ru, zh }, lng);

/** Renders with the worker catalogues only (solvers, the stage). */
export function renderWorker(ui: ReactElement, { lng = 'en' } = {}) {
  const i18n = workerI18n(lng);
  return { i18n, ...render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>) };
}

/** Renders with a store whose API calls go to `handler`, a router and the worker catalogues. */
export function renderWithApi(ui: ReactElement, handler: MockHandler, { lng = 'en', path = '/cabinet' } = {}) {
  return renderWith(ui, handler, { i18n: workerI18n(lng), path });
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
