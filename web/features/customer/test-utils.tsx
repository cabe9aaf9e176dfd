/* Test helpers for the customer console (imported by *.test.tsx files only). */
import type { ReactElement } from 'react';
import type { ApiSettings } from '#shared/contracts/customer.ts';
import en from '../../../shared/i18n/locales/en/customer.json';
import ru from '../../../shared/i18n/locales/ru/customer.json';
import zh from '../../../shared/i18n/locales/zh/customer.json';
import { featureI18n, renderWithApi as renderWith, type MockHandler } from '#web/test/api.tsx';

export { apiError, type MockCall, type MockHandler, type MockReply } from '#web/test/api.tsx';

export const customerI18n = (lng = 'en') => featureI18n('customer', { en, ru, zh }, lng);

/** Renders `ui` with the customer catalogues, a store whose API calls go to `handler`, and a router. */
export function renderWithApi(ui: ReactElement, handler: MockHandler, { lng = 'en', path = '/setting' } = {}) {
  return renderWith(ui, handler, { i18n: customerI18n(lng), path });
}

export const SETTINGS: ApiSettings = {
  allowedIps: [],
  maxBidPer1000: null,
  sandbox: false,
  pingbackHosts: [],
  consensus: null,
  defaultLanguage: null,
};
