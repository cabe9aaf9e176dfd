import { describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/locales/en/support.json';
import ru from '../../../shared/i18n/locales/ru/support.json';
import zh from '../../../shared/i18n/locales/zh/support.json';

/** Leaf keys with the plural suffix stripped, and each language's plural suffixes per key. */
function leaves(catalogue: object, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([k, v]): [string, string][] =>
    typeof v === 'object' && v !== null ? leaves(v as object, `${prefix}${k}.`) : [[`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`, /_(one|few|many|other)$/.exec(k)?.[1] ?? '']],
  );
}
const keys = (c: object) => [...new Set(leaves(c).map(([k]) => k))].sort();
const forms = (c: object) => {
  const map = new Map<string, string[]>();
  for (const [k, f] of leaves(c)) if (f) map.set(k, [...(map.get(k) ?? []), f].sort());
  return map;
};

describe('support catalogues', () => {
  it('have the same keys in en, ru and zh (mails and the bot transcript included)', () => {
    expect(keys(ru)).toEqual(keys(en));
    expect(keys(zh)).toEqual(keys(en));
  });

  it('have every plural form each language needs', () => {
    for (const [key, f] of forms(en)) {
      expect(f, key).toEqual(['one', 'other']);
      expect(forms(ru).get(key), key).toEqual(['few', 'many', 'one', 'other']);
      expect(forms(zh).get(key), key).toEqual(['other']);
    }
  });

  it('never hard-code the brand (mails get it as {{brand}})', () => {
    for (const c of [en, ru, zh]) expect(JSON.stringify(c)).not.toMatch(/CaptchaHub/i);
  });
});
