/* Test helpers for the profile feature (imported by *.test.tsx files only). */
import type { ReactElement } from 'react';
import en from '../../../shared/i18n/locales/en/profile.json';
import ru from '../../../shared/i18n/locales/ru/profile.json';
import zh from '../../../shared/i18n/locales/zh/profile.json';
import { featureI18n, renderWithApi as renderWith, type MockHandler } from '#web/test/api.tsx';

export { apiError, type MockCall, type MockHandler, type MockReply } from '#web/test/api.tsx';

export const profileI18n = (lng = 'en') => featureI18n('profile', { en, ru, zh }, lng);

/** Renders `ui` with the profile catalogues, a store whose API calls go to `handler`, and a router. */
export function renderWithApi(ui: ReactElement, handler: MockHandler, { lng = 'en', path = '/profile' } = {}) {
  return renderWith(ui, handler, { i18n: profileI18n(lng), path });
}

