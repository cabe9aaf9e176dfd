/**
 * The captcha-type landings `/p/{slug}` (spec §2, issue 14): one entry per page, each pointing at
 * the registry type whose live price, solve time and code samples it shows. No registry import
 * (the route table reads this file); `catalog.test.ts` fails when a registry type has no landing
 * or a landing names a type the registry does not have. Texts: the `landings` i18n namespace
 * (`pages.<slug>`), names from `pricing:types.<type>` unless the page has its own.
 */
export interface LandingDef {
  /** The path segment after `/p/`. */
  slug: string;
  /** The registry type the page sells. */
  type: string;
  /** A reCAPTCHA variant: the same type with a flag (`isInvisible`, `isEnterprise`) or a callback. */
  variant?: 'callback' | 'invisible' | 'enterprise';
  /** The page's own display name key (`landings:pages.<slug>.name`) instead of the type's. */
  ownName?: boolean;
  /** The `/demo/{slug}` this landing links to when that page exists (spec §2 fixed demos). */
  demo?: string;
  /** Named in spec §2. */
  spec?: boolean;
}

/** Landings named in spec §2, in the spec's order, then one per remaining registry type. */
export const LANDINGS: readonly LandingDef[] = [
  { slug: 'simple_captcha', type: 'normal', demo: 'normal', spec: true },
  { slug: 'text_captcha', type: 'text', demo: 'text', spec: true },
  { slug: 'clickcaptcha', type: 'coordinates', demo: 'clickcaptcha', spec: true },
  { slug: 'rotatecaptcha', type: 'rotate', demo: 'rotatecaptcha', spec: true },
  { slug: 'recaptcha-v2', type: 'recaptcha_v2', demo: 'recaptcha-v2', spec: true },
  { slug: 'recaptcha-v2-callback', type: 'recaptcha_v2', variant: 'callback', ownName: true, demo: 'recaptcha-v2-callback', spec: true },
  { slug: 'recaptcha-v2-invisible', type: 'recaptcha_v2', variant: 'invisible', ownName: true, demo: 'recaptcha-v2-invisible', spec: true },
  { slug: 'recaptcha-enterprise', type: 'recaptcha_v2', variant: 'enterprise', ownName: true, demo: 'recaptcha-enterprise', spec: true },
  { slug: 'recaptcha-v3', type: 'recaptcha_v3', demo: 'recaptcha-v3', spec: true },
  { slug: 'geetest', type: 'geetest', demo: 'geetest', spec: true },
  { slug: 'hcaptcha', type: 'hcaptcha', demo: 'hcaptcha', spec: true },
  { slug: 'funcaptcha', type: 'funcaptcha', spec: true },
  { slug: 'capy_puzzle', type: 'capy', spec: true },
  { slug: 'cloudflare-turnstile', type: 'turnstile', demo: 'turnstile', spec: true },
  { slug: 'amazon-captcha-bypass', type: 'amazon_waf', spec: true },
  { slug: 'lemin-captcha', type: 'lemin', demo: 'lemin', spec: true },
  { slug: 'audio-captcha', type: 'audio', spec: true },
  // Every other registry type ("and others"): the registry slug with dashes.
  { slug: 'grid-captcha', type: 'grid' },
  { slug: 'canvas-captcha', type: 'canvas' },
  { slug: 'bounding-box-captcha', type: 'bounding_box' },
  { slug: 'temu-captcha', type: 'temuimage' },
  { slug: 'vk-image-captcha', type: 'vkimage' },
  { slug: 'geetest-v4', type: 'geetest_v4' },
  { slug: 'mtcaptcha', type: 'mtcaptcha', demo: 'mtcaptcha' },
  { slug: 'keycaptcha', type: 'keycaptcha' },
  { slug: 'friendly-captcha', type: 'friendly_captcha' },
  { slug: 'cutcaptcha', type: 'cutcaptcha' },
  { slug: 'datadome', type: 'datadome' },
  { slug: 'cybersiara', type: 'cybersiara' },
  { slug: 'tencent-captcha', type: 'tencent' },
  { slug: 'atb-captcha', type: 'atb' },
  { slug: 'yandex-smartcaptcha', type: 'yandex' },
  { slug: 'prosopo-procaptcha', type: 'prosopo' },
  { slug: 'captchafox', type: 'captchafox' },
  { slug: 'vk-captcha', type: 'vkcaptcha' },
  { slug: 'altcha', type: 'altcha' },
  { slug: 'binance-captcha', type: 'binance' },
  { slug: 'netease-yidun', type: 'yidun' },
  { slug: 'alibaba-captcha', type: 'alibaba' },
  { slug: 'tspd', type: 'tspd' },
  { slug: 'basilisk-captcha', type: 'basilisk' },
  { slug: 'hunt-captcha', type: 'hunt' },
];

export const LANDING_SLUGS: readonly string[] = LANDINGS.map((l) => l.slug);

/** The landing of a `/p/{slug}` path segment, if it is one. */
export function findLanding(slug: string): LandingDef | undefined {
  return LANDINGS.find((l) => l.slug === slug);
}
