/** Languages with complete catalogues. */
export const FULL_LANGUAGES = ['en', 'ru', 'zh'] as const;
/** Every language that exists as a URL prefix (spec §2 Languages). */
export const LANGUAGES = [
  'en', 'ru', 'zh', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'pl', 'pt', 'th', 'tr', 'uk', 'vi',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Pages declare these languages unless they say otherwise. */
export const DEFAULT_PAGE_LANGUAGES: readonly Language[] = FULL_LANGUAGES;

/** Native names, shown in the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English', ru: 'Русский', zh: '中文', de: 'Deutsch', es: 'Español', fr: 'Français',
  it: 'Italiano', ja: '日本語', ko: '한국어', pl: 'Polski', pt: 'Português', th: 'ไทย',
  tr: 'Türkçe', uk: 'Українська', vi: 'Tiếng Việt',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The Russian-language check of spec §9: ru, ru-RU, uk, be. */
export function isRussianSpeaking(acceptLanguage: string | undefined): boolean {
  const first = (acceptLanguage ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return ['ru', 'ru-ru', 'uk', 'be'].includes(first);
}
