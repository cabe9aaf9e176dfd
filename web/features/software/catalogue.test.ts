import { describe, expect, it } from 'vitest';
import { LISTING_STATUSES, PLATFORMS, PRICE_MODELS, REVIEW_STATUSES, SOFTWARE_CATEGORIES, SOFTWARE_SORTINGS } from '#shared/contracts/software.ts';
import en from '../../../shared/i18n/locales/en/software.json';
import ru from '../../../shared/i18n/locales/ru/software.json';
import zh from '../../../shared/i18n/locales/zh/software.json';

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

describe('software catalogues', () => {
  it('have the same keys in en, ru and zh', () => {
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

  it('name every category, platform, price model, sorting and status the contract allows', () => {
    for (const c of [en, ru, zh]) {
      expect(Object.keys(c.categories).sort()).toEqual([...SOFTWARE_CATEGORIES].sort());
      expect(Object.keys(c.platforms).sort()).toEqual([...PLATFORMS].sort());
      expect(Object.keys(c.priceModels).sort()).toEqual([...PRICE_MODELS].sort());
      expect(Object.keys(c.sorting).sort()).toEqual([...SOFTWARE_SORTINGS].sort());
      expect(Object.keys(c.status).sort()).toEqual([...LISTING_STATUSES].sort());
      expect(Object.keys(c.reviewStatus).sort()).toEqual([...REVIEW_STATUSES].sort());
    }
  });

  it('never hard-code the brand', () => {
    for (const c of [en, ru, zh]) expect(JSON.stringify(c)).not.toMatch(/CaptchaHub/i);
  });
});
