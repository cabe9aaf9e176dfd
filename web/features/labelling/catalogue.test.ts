import { describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/locales/en/labelling.json';
import ru from '../../../shared/i18n/locales/ru/labelling.json';
import zh from '../../../shared/i18n/locales/zh/labelling.json';

/** Leaf keys with the plural suffix stripped, and each language's plural suffixes per key (arrays are leaves by index). */
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
const strings = (c: object): string[] => Object.values(c).flatMap((v) => (typeof v === 'object' && v !== null ? strings(v as object) : [String(v)]));

describe('labelling catalogues', () => {
  it('have the same keys in en, ru and zh (page points and steps included)', () => {
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

  it('leave no English in ru and zh besides names and protocol terms, and never hard-code the brand', () => {
    for (const c of [en, ru, zh]) expect(JSON.stringify(c)).not.toMatch(/CaptchaHub/i);
    const allowed = /\b(API|HTTP|JPEG|PNG|GIF|COCO|YOLO|Pascal VOC|zip|xMin|xMax|yMin|yMax|getTaskResult|pingback|bounding box|WebP|TIFF|CSV|JSON)\b/g;
    const english = (s: string) => s.replace(/\{\{\w+\}\}/g, '').replace(/\{[^{}]*\}/g, '').replace(allowed, '').match(/[A-Za-z]{3,}/g);
    for (const c of [ru, zh]) for (const s of strings(c)) expect(english(s), s).toBeNull();
  });
});
