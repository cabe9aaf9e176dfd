import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import en from '../../shared/i18n/locales/en/ui.json';
import ru from '../../shared/i18n/locales/ru/ui.json';
import zh from '../../shared/i18n/locales/zh/ui.json';

/** A synchronous, isolated i18next instance with the `ui` namespace in en, ru and zh. */
export function createTestI18n(lng = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    ns: ['ui'],
    defaultNS: 'ui',
    resources: { en: { ui: en }, ru: { ui: ru }, zh: { ui: zh } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function TestI18nProvider({ i18n, children }: { i18n?: I18n; children: ReactNode }) {
  return <I18nextProvider i18n={i18n ?? createTestI18n()}>{children}</I18nextProvider>;
}

/** `render` wrapped in an i18n provider; rerender keeps the same instance. */
export function renderWithI18n(
  ui: ReactElement,
  { lng = 'en', ...options }: Omit<RenderOptions, 'wrapper'> & { lng?: string } = {},
) {
  const i18n = createTestI18n(lng);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestI18nProvider i18n={i18n}>{children}</TestI18nProvider>
  );
  return { i18n, ...render(ui, { wrapper, ...options }) };
}
