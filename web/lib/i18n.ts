import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { Language } from '#shared/i18n/languages.ts';

/** Namespaces every page renders (header, footer, banners, shared components). */
export const BASE_NAMESPACES = ['common', 'ui'] as const;

type Catalogue = Record<string, unknown>;
const loaders = import.meta.glob<Catalogue>('../../shared/i18n/locales/*/*.json', { import: 'default' });

function loaderKey(lang: string, ns: string) {
  return `../../shared/i18n/locales/${lang}/${ns}.json`;
}

/** Creates an i18next instance synchronously from already loaded catalogues. */
export function createI18n(lang: Language, resources: Resource, brandName: string): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: 'en',
    resources,
    defaultNS: 'common',
    ns: Object.keys(resources[lang] ?? {}),
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false, defaultVariables: { brand: brandName } },
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * Loads the catalogues a page renders (one JSON chunk per language and namespace) and
 * switches the instance to `lang`. Languages without a catalogue fall back to English.
 */
export async function loadNamespaces(i18n: I18n, lang: Language, namespaces: readonly string[]): Promise<void> {
  const wanted = [...BASE_NAMESPACES, ...namespaces];
  const langs = lang === 'en' ? ['en'] : [lang, 'en'];
  await Promise.all(
    langs.flatMap((l) =>
      wanted.map(async (ns) => {
        if (i18n.hasResourceBundle(l, ns)) return;
        const load = loaders[loaderKey(l, ns)];
        if (load) i18n.addResourceBundle(l, ns, await load(), true, true);
      }),
    ),
  );
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** The catalogues of `lang` (and English) for the given namespaces, to hand to the browser. */
export function pickResources(i18n: I18n, lang: Language, namespaces: readonly string[]): Resource {
  const out: Resource = {};
  for (const l of lang === 'en' ? ['en'] : [lang, 'en']) {
    out[l] = {};
    for (const ns of [...BASE_NAMESPACES, ...namespaces]) {
      const bundle = i18n.getResourceBundle(l, ns) as Catalogue | undefined;
      if (bundle) out[l][ns] = bundle;
    }
  }
  return out;
}
