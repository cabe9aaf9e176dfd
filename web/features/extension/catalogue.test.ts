import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../../shared/i18n/locales/en/extension.json';
import ru from '../../../shared/i18n/locales/ru/extension.json';
import zh from '../../../shared/i18n/locales/zh/extension.json';

/** Leaf keys (arrays are leaves by index, so steps and questions must match in number too). */
const leaves = (c: object, prefix = ''): string[] =>
  Object.entries(c).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? leaves(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
const strings = (c: object): string[] => Object.values(c).flatMap((v) => (typeof v === 'object' && v !== null ? strings(v as object) : [String(v)]));

describe('extension catalogues', () => {
  it('the pages have the same keys in en, ru and zh, steps and questions included', () => {
    expect(leaves(ru).sort()).toEqual(leaves(en).sort());
    expect(leaves(zh).sort()).toEqual(leaves(en).sort());
  });

  it('the pages never hard-code the brand', () => {
    for (const c of [en, ru, zh]) expect(JSON.stringify(c)).not.toMatch(/CaptchaHub/);
  });

  it("the browser extension's own _locales have the same messages in every language, none empty", () => {
    const dir = path.resolve(import.meta.dirname, '../../../extension/_locales');
    const read = (lang: string) => JSON.parse(readFileSync(path.join(dir, lang, 'messages.json'), 'utf8')) as Record<string, { message: string }>;
    const langs = readdirSync(dir).sort();
    expect(langs).toEqual(['en', 'ru', 'zh_CN']);
    const english = Object.keys(read('en')).sort();
    for (const lang of langs) {
      const messages = read(lang);
      expect(Object.keys(messages).sort(), lang).toEqual(english);
      for (const [key, m] of Object.entries(messages)) expect(m.message.trim(), `${lang} ${key}`).not.toBe('');
      // Substitutions ($1) stay where English has them.
      for (const key of english) expect(messages[key]!.message.includes('$1'), `${lang} ${key}`).toBe(read('en')[key]!.message.includes('$1'));
    }
  });

  it('ru and zh texts are translated, not English left in place', () => {
    const allowed = /\b(API|CSS|HTTP|zip|chrome|edge|brave|extensions|example|com|captcha|img|input|name|reCAPTCHA|hCaptcha|Cloudflare|Turnstile|Chrome|Edge|Brave|in\.php|res\.php|php|USDT|TRC|TRON|localhost)\b/g;
    const english = (s: string) => s.replace(/\{\{\w+\}\}/g, '').replace(allowed, '').match(/[A-Za-z]{4,}/g);
    for (const c of [ru, zh]) for (const s of strings(c)) expect(english(s), s).toBeNull();
  });
});
