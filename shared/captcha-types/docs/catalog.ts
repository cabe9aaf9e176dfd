/**
 * Documentation metadata of the captcha-type registry that pages need without loading the
 * registry itself (no zod, no parsers): which product family each type belongs to. The route
 * table imports this file to generate one documentation page per type and one page per family;
 * `catalog.test.ts` fails when a registry type is missing here or a slug here is not a type.
 * Texts live in the `apidocs` i18n namespace (`types.<slug>`, `families.<id>`); names in
 * `pricing:types.<slug>`.
 */

/** Product families, in display order; each gets a `/{id}-api` page. */
export const DOC_FAMILIES = [
  'image-captcha', 'recaptcha', 'hcaptcha', 'turnstile', 'geetest', 'funcaptcha', 'amazon-waf', 'other-captcha',
] as const;
export type DocFamily = (typeof DOC_FAMILIES)[number];

/** Every registry slug → its family (registry order within a family is kept by the generator). */
export const TYPE_FAMILY: Readonly<Record<string, DocFamily>> = {
  normal: 'image-captcha', text: 'image-captcha', grid: 'image-captcha', coordinates: 'image-captcha', rotate: 'image-captcha',
  canvas: 'image-captcha', bounding_box: 'image-captcha', audio: 'image-captcha', temuimage: 'image-captcha', vkimage: 'image-captcha',
  recaptcha_v2: 'recaptcha', recaptcha_v3: 'recaptcha',
  hcaptcha: 'hcaptcha',
  turnstile: 'turnstile',
  geetest: 'geetest', geetest_v4: 'geetest',
  funcaptcha: 'funcaptcha',
  amazon_waf: 'amazon-waf',
  capy: 'other-captcha', lemin: 'other-captcha', mtcaptcha: 'other-captcha', keycaptcha: 'other-captcha',
  friendly_captcha: 'other-captcha', cutcaptcha: 'other-captcha', datadome: 'other-captcha', cybersiara: 'other-captcha',
  tencent: 'other-captcha', atb: 'other-captcha', yandex: 'other-captcha', prosopo: 'other-captcha', captchafox: 'other-captcha',
  vkcaptcha: 'other-captcha', altcha: 'other-captcha', binance: 'other-captcha', yidun: 'other-captcha', alibaba: 'other-captcha',
  tspd: 'other-captcha', basilisk: 'other-captcha', hunt: 'other-captcha',
};

/** Documented slugs in the registry's order is not known here; this is the declaration order above. */
export const DOC_SLUGS: readonly string[] = Object.keys(TYPE_FAMILY);

/** Languages of the developer documentation (spec §2: en and ru; zh as well, complete). */
export const DOCS_LANGUAGES = ['en', 'ru', 'zh'] as const;

/** Programming languages with an integration guide page (`/lang/{language}`, spec §2), in menu order. */
export const GUIDE_LANGUAGES = ['python', 'javascript', 'php', 'go', 'ruby', 'java', 'csharp'] as const;
