import { describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/locales/en/auth.json';
import ru from '../../../shared/i18n/locales/ru/auth.json';
import zh from '../../../shared/i18n/locales/zh/auth.json';

/** Leaf keys without plural suffixes, so languages with different plural forms compare equal. */
function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null
      ? keys(v as object, `${prefix}${k}.`)
      : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

describe('auth catalogues', () => {
  it('have the same keys in en, ru and zh', () => {
    const expected = [...new Set(keys(en))].sort();
    expect([...new Set(keys(ru))].sort()).toEqual(expected);
    expect([...new Set(keys(zh))].sort()).toEqual(expected);
  });

  it('have every plural form each language needs', () => {
    expect(
      Object.keys(en.errors)
        .filter((k) => k.startsWith('rateLimitedWait_'))
        .sort(),
    ).toEqual(['rateLimitedWait_one', 'rateLimitedWait_other']);
    expect(
      Object.keys(ru.errors)
        .filter((k) => k.startsWith('rateLimitedWait_'))
        .sort(),
    ).toEqual(['rateLimitedWait_few', 'rateLimitedWait_many', 'rateLimitedWait_one', 'rateLimitedWait_other']);
    expect(Object.keys(zh.errors).filter((k) => k.startsWith('rateLimitedWait_'))).toEqual(['rateLimitedWait_other']);
  });

  it('never hard-codes the brand name', () => {
    for (const catalogue of [en, ru, zh]) expect(JSON.stringify(catalogue)).not.toMatch(/CaptchaHub/i);
  });
});
