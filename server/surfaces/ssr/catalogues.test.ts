/**
 * The catalogues behind the pages declared in more than en, ru and zh (issue 20): for every
 * language a page declares and every namespace it renders (`common`, `ui` and the page's own),
 * the same keys as English, every plural category Intl.PluralRules gives the language (and no
 * other), the same {{placeholders}} and <tags>, and no English sentence copied unchanged.
 * A namespace the pages declare partial (`apidocs` on the landings: its `samples` subtree) is needed only for those subtrees.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGES } from '#web/routes.ts';
import { BASE_NAMESPACES } from '#web/lib/i18n.ts';
import { ALLOWED_TERMS } from '#shared/i18n/allowed-terms.ts';

const LOCALES = path.join(import.meta.dirname, '../../../shared/i18n/locales');
const EXTRA_LANGUAGE_PAGES = PAGES.filter((p) => p.languages.some((l) => l !== 'en' && l !== 'ru' && l !== 'zh'));
/** Namespaces the pages in extra languages render only parts of (their `partial`): the union of those parts; absent when any renders it whole. */
const PARTIAL_NAMESPACES: Record<string, string[]> = {};
for (const ns of new Set(EXTRA_LANGUAGE_PAGES.flatMap((p) => Object.keys(p.partial ?? {})))) {
  const using = EXTRA_LANGUAGE_PAGES.filter((p) => p.namespaces.includes(ns));
  if (using.every((p) => p.partial?.[ns])) PARTIAL_NAMESPACES[ns] = [...new Set(using.flatMap((p) => p.partial![ns]!))];
}
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function flatten(value: Json, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

function load(lang: string, ns: string): Map<string, string> | null {
  const file = path.join(LOCALES, lang, `${ns}.json`);
  if (!existsSync(file)) return null;
  const all = flatten(JSON.parse(readFileSync(file, 'utf8')) as Json);
  const only = PARTIAL_NAMESPACES[ns];
  if (!only) return all;
  return new Map([...all].filter(([key]) => only.some((p) => key === p || key.startsWith(`${p}.`))));
}

/** (language, namespace) pairs the declared pages render, other than en, ru and zh. */
function needed(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const page of PAGES) {
    for (const lang of page.languages) {
      if (lang === 'en' || lang === 'ru' || lang === 'zh') continue;
      const set = out.get(lang) ?? new Set<string>();
      for (const ns of [...BASE_NAMESPACES, ...page.namespaces]) set.add(ns);
      out.set(lang, set);
    }
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();
const tags = (text: string) => [...text.matchAll(/<\/?([\w-]+)\s*\/?>/g)].map((m) => m[0].replace(/\s/g, '')).sort();

/** Words of four letters or more, no allowed term nor identifier: what a sentence copied from English shows. */
function englishWords(text: string): string[] {
  const allowed = new Set(ALLOWED_TERMS.map((w) => w.toLowerCase()));
  return (text.replace(/\{\{[^}]*\}\}|<[^>]*>/g, ' ').match(/[A-Za-z]{4,}/g) ?? []).filter((w) => !allowed.has(w.toLowerCase()) && !/[a-z][A-Z]/.test(w)); // camelCase: an identifier or a brand
}

export function compareCatalogue(lang: string, en: Map<string, string>, other: Map<string, string>): string[] {
  const problems: string[] = [];
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
  const plurals = new Map<string, string[]>();
  for (const key of en.keys()) {
    const base = key.replace(PLURAL, '');
    if (base !== key) plurals.set(base, [...(plurals.get(base) ?? []), key]);
  }
  const expected = new Set<string>();
  for (const key of en.keys()) if (!PLURAL.test(key) || !plurals.has(key.replace(PLURAL, ''))) expected.add(key);
  for (const base of plurals.keys()) for (const c of categories) expected.add(`${base}_${c}`);
  for (const key of expected) if (!other.has(key)) problems.push(`missing ${key}`);
  for (const key of other.keys()) if (!expected.has(key)) problems.push(`unexpected ${key}`);
  for (const key of expected) {
    const text = other.get(key);
    if (text === undefined) continue;
    const base = key.replace(PLURAL, '');
    const forms = plurals.has(base) ? plurals.get(base)!.map((k) => en.get(k)!) : [en.get(key)!];
    const enPlaceholders = [...new Set(forms.flatMap(placeholders))].sort();
    const mine = placeholders(text);
    // A plural form may leave {{count}} out ("one day" as "ein Tag"); every other placeholder stays.
    const required = plurals.has(base) ? enPlaceholders.filter((p) => p !== 'count') : enPlaceholders;
    if (required.some((p) => !mine.includes(p)) || mine.some((p) => !enPlaceholders.includes(p))) {
      problems.push(`${key}: placeholders ${JSON.stringify(mine)} instead of ${JSON.stringify(enPlaceholders)}`);
    }
    if (JSON.stringify(tags(text)) !== JSON.stringify(tags(forms[forms.length - 1]!))) problems.push(`${key}: tags ${JSON.stringify(tags(text))} differ from English`);
    if (text.trim() === '' && forms.some((f) => f.trim() !== '')) problems.push(`${key}: empty`);
    if (forms.includes(text) && englishWords(text).length >= 2) problems.push(`${key}: left in English (${JSON.stringify(text)})`);
  }
  return problems;
}

describe('catalogues of the declared languages', () => {
  const cases = [...needed()].flatMap(([lang, namespaces]) => [...namespaces].map((ns) => [lang, ns] as const));

  it('the declared pages use more languages than en, ru and zh', () => {
    expect(new Set(cases.map(([lang]) => lang)).size).toBe(12);
  });

  it.each(cases)('%s/%s.json has the keys, plural forms and placeholders of English', (lang, ns) => {
    const en = load('en', ns)!;
    const other = load(lang, ns);
    expect(other, `shared/i18n/locales/${lang}/${ns}.json is missing`).not.toBeNull();
    expect(compareCatalogue(lang, en, other!)).toEqual([]);
  });
});

describe('the comparison itself', () => {
  const en = new Map([
    ['title', 'Order captchas in bulk'],
    ['days_one', '{{count}} day'],
    ['days_other', '{{count}} days'],
    ['hello', 'Hello, {{name}} <b>now</b>'],
  ]);

  it('accepts a complete Polish catalogue with its four plural categories', () => {
    const pl = new Map([
      ['title', 'Zamów captche hurtowo'],
      ['days_one', '{{count}} dzień'],
      ['days_few', '{{count}} dni'],
      ['days_many', '{{count}} dni'],
      ['days_other', '{{count}} dnia'],
      ['hello', 'Cześć, {{name}} <b>teraz</b>'],
    ]);
    expect(compareCatalogue('pl', en, pl)).toEqual([]);
  });

  it('reports a missing plural category, a foreign placeholder, a lost tag and a copied sentence', () => {
    const pl = new Map([
      ['title', 'Order captchas in bulk'],
      ['days_one', '{{count}} dzień'],
      ['days_other', '{{count}} dnia'],
      ['hello', 'Cześć, {{user}} teraz'],
    ]);
    expect(compareCatalogue('pl', en, pl)).toEqual([
      'missing days_few',
      'missing days_many',
      'title: left in English ("Order captchas in bulk")',
      'hello: placeholders ["user"] instead of ["name"]',
      'hello: tags [] differ from English',
    ]);
  });

  it('wants only "other" from Japanese, Thai and Vietnamese', () => {
    const ja = new Map([['title', 'キャプチャをまとめて注文'], ['days_other', '{{count}}日'], ['hello', 'こんにちは、{{name}} <b>今</b>']]);
    expect(compareCatalogue('ja', en, ja)).toEqual([]);
    expect(compareCatalogue('ja', en, new Map([...ja, ['days_one', '{{count}}日']]))).toEqual(['unexpected days_one']);
  });
});
