import { describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/locales/en/partner.json';
import ru from '../../../shared/i18n/locales/ru/partner.json';
import zh from '../../../shared/i18n/locales/zh/partner.json';
import { PARTNER_SECTIONS } from './layout.tsx';

function leaves(catalogue: object, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? leaves(v as object, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]]));
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('partner catalogues', () => {
  it('have the same keys and the same placeholders in en, ru and zh, none empty', () => {
    const base = new Map(leaves(en));
    for (const c of [ru, zh]) {
      const other = new Map(leaves(c));
      expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
      for (const [key, text] of other) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(base.get(key)!));
      }
    }
  });

  it('name every page of the partner navigation, and never hard-code the brand', () => {
    for (const [, key, group] of PARTNER_SECTIONS) {
      for (const c of [en, ru, zh]) {
        expect((c.nav as Record<string, unknown>)[key]).toBeTruthy();
        expect((c.nav.groups as Record<string, string>)[group]).toBeTruthy();
        expect((c.pages as Record<string, { title: string }>)[key]!.title).toBeTruthy();
      }
    }
    for (const c of [en, ru, zh]) expect(JSON.stringify(c)).not.toMatch(/CaptchaHub/i);
  });
});
