/**
 * The documentation's prose on the server: the `apidocs` catalogues (and type names from
 * `pricing`) of the build, looked up per language with English as the fallback, so the JSON
 * endpoint answers in the language asked for, from the same texts the pages show.
 */
type Catalogue = Record<string, unknown>;
const apidocs = import.meta.glob<Catalogue>('../../../shared/i18n/locales/*/apidocs.json', { import: 'default', eager: true });
const pricing = import.meta.glob<Catalogue>('../../../shared/i18n/locales/*/pricing.json', { import: 'default', eager: true });

function dig(catalogue: Catalogue | undefined, path: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));

/** A text of `apidocs` (`ns` = pricing for `types.<slug>` names); the key itself when no catalogue has it. */
export function docText(lang: string, key: string, vars: Record<string, string | number> = {}, ns: 'apidocs' | 'pricing' = 'apidocs'): string {
  const files = ns === 'apidocs' ? apidocs : pricing;
  const at = (l: string) => files[`../../../shared/i18n/locales/${l}/${ns}.json`];
  const text = dig(at(lang), key) ?? dig(at('en'), key);
  return text === undefined ? key : fill(text, vars);
}

/** True when the English catalogue has the key (tests: every generated description exists). */
export function hasDocText(key: string): boolean {
  return dig(apidocs['../../../shared/i18n/locales/en/apidocs.json'], key) !== undefined;
}
