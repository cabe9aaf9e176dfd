import { describe, expect, it } from 'vitest';
import enAdmin from '../../../shared/i18n/locales/en/admin.json';
import en from '../../../shared/i18n/locales/en/moderation.json';
import ruAdmin from '../../../shared/i18n/locales/ru/admin.json';
import ru from '../../../shared/i18n/locales/ru/moderation.json';
import zhAdmin from '../../../shared/i18n/locales/zh/admin.json';
import zh from '../../../shared/i18n/locales/zh/moderation.json';

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

describe.each([
  ['moderation', en, ru, zh],
  ['admin', enAdmin, ruAdmin, zhAdmin],
])('%s catalogues', (_name, enC, ruC, zhC) => {
  it('have the same keys in en, ru and zh', () => {
    expect(keys(ruC)).toEqual(keys(enC));
    expect(keys(zhC)).toEqual(keys(enC));
  });

  it('have every plural form each language needs', () => {
    for (const [key, f] of forms(enC)) {
      expect(f, key).toEqual(['one', 'other']);
      expect(forms(ruC).get(key), key).toEqual(['few', 'many', 'one', 'other']);
      expect(forms(zhC).get(key), key).toEqual(['other']);
    }
  });

  it('leave no English in ru and zh, and never hard-code the brand', () => {
    for (const c of [enC, ruC, zhC]) expect(JSON.stringify(c)).not.toMatch(/CaptchaHub/i);
    const strings = (c: object): string[] => Object.values(c).flatMap((v) => (typeof v === 'object' && v !== null ? strings(v as object) : [String(v)]));
    // Words of three or more Latin letters besides placeholders, e-mail-like names and product names.
    const english = (s: string) => s.replace(/\{\{\w+\}\}/g, '').replace(/\b(SMTP|API|ID|HTML|reCAPTCHA|PNG)\b/g, '').match(/[A-Za-z]{3,}/g);
    for (const c of [ruC, zhC]) for (const s of strings(c)) expect(english(s), s).toBeNull();
  });
});
