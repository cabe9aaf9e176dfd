import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { Language } from '#shared/i18n/languages.ts';

/** Namespaces every page renders (header, footer, banners, shared components). */
export const BASE_NAMESPACES = ['common', 'ui'] as const;

type Catalogue = Record<string, unknown>;
const loaders = import.meta.glob<Catalogue>('../../shared/i18n/locales/*/*.json', { import: 'default' });

function loaderKey(lang: string, ns: string) {
  return `../../shared/i18n/locales/${lang}/${ns}.json`;
}

/** One text looked up while rendering: asked in `lng`, found in `usedLng` (undefined: nowhere). */
export interface Lookup {
  lng: string;
  ns: string;
  key: string;
  usedLng: string | undefined;
}
const lookupListeners = new Set<(lookup: Lookup) => void>();

/**
 * Test builds only (`import.meta.env.MODE === 'test'`): calls `listener` for every text rendered,
 * so a test sees each English fallback and each namespace a page uses. English stays the
 * fallback of a missing key in production (a safety net), never silently in tests.
 */
export function watchLookups(listener: (lookup: Lookup) => void): () => void {
  lookupListeners.add(listener);
  return () => lookupListeners.delete(listener);
}

const lookupProbe = {
  type: 'postProcessor' as const,
  name: 'lookupProbe',
  process(value: unknown, key: string | string[], options: { lng?: string; ns?: string | string[]; i18nResolved?: { usedLng?: string; usedNS?: string; res?: unknown; exactUsedKey?: string } }, translator: { language?: string }) {
    const resolved = options.i18nResolved;
    const lookup: Lookup = {
      lng: options.lng ?? translator.language ?? '',
      ns: resolved?.usedNS ?? '',
      key: resolved?.exactUsedKey ?? (Array.isArray(key) ? key.join('|') : key),
      usedLng: resolved?.res === undefined ? undefined : resolved.usedLng,
    };
    for (const listener of lookupListeners) listener(lookup);
    return value;
  },
};

/**
 * Plural forms: i18next picks the suffix (`_one`, `_few`, `_many`, `_other`, …) from
 * Intl.PluralRules of the language, so each catalogue carries the categories its language has.
 */
/** Creates an i18next instance synchronously from already loaded catalogues. */
export function createI18n(lang: Language, resources: Resource, brandName: string): I18n {
  const instance = i18next.createInstance();
  const probe = import.meta.env.MODE === 'test';
  if (probe) instance.use(lookupProbe);
  void instance.init({
    lng: lang,
    fallbackLng: 'en',
    ...(probe ? { postProcess: ['lookupProbe'], postProcessPassResolved: true } : {}),
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
  const partial = partialBundles.get(i18n);
  await Promise.all(
    langs.flatMap((l) =>
      wanted.map(async (ns) => {
        if (i18n.hasResourceBundle(l, ns) && !partial?.has(`${l}:${ns}`)) return;
        const load = loaders[loaderKey(l, ns)];
        if (load) i18n.addResourceBundle(l, ns, await load(), true, true);
      }),
    ),
  );
  for (const l of langs) for (const ns of wanted) partial?.delete(`${l}:${ns}`);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** `lang:ns` bundles of an instance that hold only part of their catalogue (a page's boot data): loaded whole when a page needs them. */
const partialBundles = new WeakMap<I18n, Set<string>>();

/** Client boot: these `lang:ns` bundles came with only the subtrees the first page renders. */
export function markPartial(i18n: I18n, bundles: readonly string[]): void {
  if (bundles.length) partialBundles.set(i18n, new Set(bundles));
}

/** The `lang:ns` bundles of picked resources that hold only part of a partial namespace. */
export function partialBundlesOf(resources: Resource, partial: PageTexts['partial']): string[] {
  return Object.keys(partial ?? {}).flatMap((ns) => Object.keys(resources).filter((l) => resources[l]?.[ns]).map((l) => `${l}:${ns}`));
}

/** What a page renders of the catalogues: namespaces besides `common` and `ui`, and the namespaces of which it renders only some subtrees (dotted paths). */
export interface PageTexts {
  namespaces: readonly string[];
  partial?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The catalogues a page renders, to hand to the browser: of a partial namespace only its subtrees.
 * Each namespace in `lang` only; English (the fallback) only where `lang` has no catalogue for it.
 * A page declared in a language renders none of its texts in English (languages.test.ts,
 * catalogues.test.ts), so the browser needs no English copy of them.
 */
export function pickResources(i18n: I18n, lang: Language, page: PageTexts): Resource {
  const out: Resource = {};
  for (const ns of [...BASE_NAMESPACES, ...page.namespaces]) {
    const l = i18n.hasResourceBundle(lang, ns) ? lang : 'en';
    const bundle = i18n.getResourceBundle(l, ns) as Catalogue | undefined;
    if (!bundle) continue;
    const only = page.partial?.[ns];
    (out[l] ??= {})[ns] = only ? pick(bundle, only) : bundle;
  }
  return out;
}

/** The subtrees of a catalogue at the given dotted paths (`stats`, `pages.recaptcha-v2.name`), in one object of the same shape. */
function pick(bundle: Catalogue, paths: readonly string[]): Catalogue {
  const out: Catalogue = {};
  for (const path of paths) {
    const keys = path.split('.');
    let from: unknown = bundle;
    for (const k of keys) from = from !== null && typeof from === 'object' ? (from as Catalogue)[k] : undefined;
    if (from === undefined) continue;
    let to = out;
    for (const k of keys.slice(0, -1)) to = (to[k] ??= {}) as Catalogue;
    to[keys.at(-1)!] = from;
  }
  return out;
}
