import type { Resource } from 'i18next';
import type { Language } from '#shared/i18n/languages.ts';
import { createI18n } from './i18n.ts';

const catalogues = import.meta.glob<Record<string, unknown>>('../../shared/i18n/locales/*/*.json', { import: 'default', eager: true });

function allResources(): Resource {
  const resources: Resource = {};
  for (const [file, catalogue] of Object.entries(catalogues)) {
    const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
    (resources[lang!] ??= {})[ns!] = catalogue;
  }
  return resources;
}

let resources: Resource | null = null;
const instances = new Map<string, ReturnType<typeof createI18n>>();

/**
 * The i18n instance of a page's language, shared by every render in that language: all
 * catalogues are in memory on the server and a render never switches its instance's language
 * (the page's language is known from the URL before rendering), so nothing is created per request.
 */
export function requestI18n(brandName: string, lang: Language) {
  const key = `${brandName}\n${lang}`;
  let found = instances.get(key);
  if (!found) {
    resources ??= allResources();
    found = createI18n(lang, resources, brandName);
    instances.set(key, found);
  }
  return found;
}
