import type { Resource } from 'i18next';
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

let base: ReturnType<typeof createI18n> | null = null;

/** A per-request i18n instance sharing one in-memory copy of every catalogue. */
export function requestI18n(brandName: string) {
  base ??= createI18n('en', allResources(), brandName);
  return base.cloneInstance({ initAsync: false, interpolation: { escapeValue: false, defaultVariables: { brand: brandName } } });
}
