/**
 * Every captcha type of the registry has a `/p/` landing, every landing sells a registry type,
 * the spec's landings (spec §2) are all declared, and each has its copy in en, ru and zh.
 */
import { describe, expect, it } from 'vitest';
import { CAPTCHA_TYPES } from '#shared/captcha-types/index.ts';
import en from '../i18n/locales/en/landings.json';
import ru from '../i18n/locales/ru/landings.json';
import zh from '../i18n/locales/zh/landings.json';
import { LANDINGS, LANDING_SLUGS } from './catalog.ts';

/** The captcha-type landings spec §2 names (its reCAPTCHA variants: v2, callback, invisible, enterprise, v3). */
const SPEC_LANDINGS = [
  'simple_captcha', 'text_captcha', 'clickcaptcha', 'rotatecaptcha',
  'recaptcha-v2', 'recaptcha-v2-callback', 'recaptcha-v2-invisible', 'recaptcha-enterprise', 'recaptcha-v3',
  'geetest', 'hcaptcha', 'funcaptcha', 'capy_puzzle', 'cloudflare-turnstile', 'amazon-captcha-bypass', 'lemin-captcha', 'audio-captcha',
];

describe('captcha-type landings', () => {
  it('every registry type has a landing', () => {
    const covered = new Set(LANDINGS.map((l) => l.type));
    const missing = CAPTCHA_TYPES.map((d) => d.slug).filter((slug) => !covered.has(slug));
    expect(missing, 'registry types without a /p/ landing: add them to shared/landings/catalog.ts').toEqual([]);
  });

  it('every landing sells a registry type, and slugs are unique', () => {
    const types = new Set(CAPTCHA_TYPES.map((d) => d.slug));
    for (const l of LANDINGS) expect(types.has(l.type), l.slug).toBe(true);
    expect(new Set(LANDING_SLUGS).size).toBe(LANDING_SLUGS.length);
  });

  it('declares every landing of spec §2, marked as such', () => {
    expect(LANDINGS.filter((l) => l.spec).map((l) => l.slug).sort()).toEqual([...SPEC_LANDINGS].sort());
  });

  it.each([['en', en], ['ru', ru], ['zh', zh]] as const)('has the copy of every landing in %s', (_lang, catalogue) => {
    const pages = catalogue.pages as Record<string, { name?: string; promise?: string; how?: string }>;
    for (const l of LANDINGS) {
      expect(pages[l.slug]?.promise, l.slug).toBeTruthy();
      expect(pages[l.slug]?.how, l.slug).toBeTruthy();
      if (l.ownName) expect(pages[l.slug]?.name, l.slug).toBeTruthy();
    }
    expect(Object.keys(pages).sort()).toEqual([...LANDING_SLUGS].sort());
  });
});
