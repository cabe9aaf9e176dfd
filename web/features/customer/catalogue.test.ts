import { describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/locales/en/customer.json';
import ru from '../../../shared/i18n/locales/ru/customer.json';
import zh from '../../../shared/i18n/locales/zh/customer.json';
import { CUSTOMER_SECTIONS } from './sections.ts';

/** Leaf keys without plural suffixes, so languages with different plural forms compare equal. */
function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

describe('customer catalogues', () => {
  it('have the same keys in en, ru and zh', () => {
    const expected = [...new Set(keys(en))].sort();
    expect([...new Set(keys(ru))].sort()).toEqual(expected);
    expect([...new Set(keys(zh))].sort()).toEqual(expected);
  });

  it('name every page of the side navigation and never hard-code the brand', () => {
    for (const [, key, group] of CUSTOMER_SECTIONS) {
      for (const c of [en, ru, zh]) {
        expect((c.nav.items as Record<string, string>)[key]).toBeTruthy();
        expect((c.nav.groups as Record<string, string>)[group]).toBeTruthy();
      }
    }
    for (const c of [en, ru, zh]) expect(JSON.stringify(c)).not.toMatch(/CaptchaHub/i);
  });

  it('have the Russian plural forms of the IP list', () => {
    expect(Object.keys(ru.settings.iplist).filter((k) => k.startsWith('restricted_')).sort()).toEqual(['restricted_few', 'restricted_many', 'restricted_one', 'restricted_other']);
  });
});
