/**
 * The live demos `/demo/{slug}` (spec §2, issue 14): our own captchas, generated and checked by the
 * server (`server/modules/demo`), and the third-party widgets shown with their providers' public
 * test keys. No registry import: the route table reads this file. Texts: the `demo` i18n
 * namespace (`demos.<slug>`).
 */

/** Our own captchas: what the page shows and how an answer is given. */
export const OWN_DEMO_KINDS = ['normal', 'text', 'clickcaptcha', 'rotatecaptcha', 'grid', 'slider'] as const;
export type OwnDemoKind = (typeof OWN_DEMO_KINDS)[number];

export interface OwnDemoDef {
  slug: OwnDemoKind;
  own: true;
  /** The registry type a client sends it as through the API. */
  type: string;
  /** The landing `/p/{slug}` of that type. */
  landing?: string;
}

export interface WidgetDemoDef {
  slug: string;
  own: false;
  type: string;
  landing?: string;
  provider: 'recaptcha' | 'hcaptcha' | 'turnstile' | 'geetest' | 'lemin' | 'solvemedia' | 'mtcaptcha';
  variant?: 'callback' | 'invisible' | 'enterprise' | 'v3';
  /**
   * The provider's published test site key and secret (they always pass), or null when the
   * provider publishes none: such a demo explains what a site key is needed for instead.
   */
  testKeys: { siteKey: string; secret: string } | null;
  /** The provider's widget script and its server-side verification endpoint. */
  script: string | null;
  verifyUrl: string | null;
}

export type DemoDef = OwnDemoDef | WidgetDemoDef;

const RECAPTCHA_TEST = { siteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI', secret: '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe' };
const RECAPTCHA = { provider: 'recaptcha', testKeys: RECAPTCHA_TEST, script: 'https://www.google.com/recaptcha/api.js', verifyUrl: 'https://www.google.com/recaptcha/api/siteverify' } as const;

export const DEMOS: readonly DemoDef[] = [
  { slug: 'normal', own: true, type: 'normal', landing: 'simple_captcha' },
  { slug: 'text', own: true, type: 'text', landing: 'text_captcha' },
  { slug: 'clickcaptcha', own: true, type: 'coordinates', landing: 'clickcaptcha' },
  { slug: 'rotatecaptcha', own: true, type: 'rotate', landing: 'rotatecaptcha' },
  { slug: 'grid', own: true, type: 'grid', landing: 'grid-captcha' },
  { slug: 'slider', own: true, type: 'coordinates' },
  { slug: 'recaptcha-v2', own: false, type: 'recaptcha_v2', landing: 'recaptcha-v2', ...RECAPTCHA },
  { slug: 'recaptcha-v2-callback', own: false, type: 'recaptcha_v2', landing: 'recaptcha-v2-callback', variant: 'callback', ...RECAPTCHA },
  { slug: 'recaptcha-v2-invisible', own: false, type: 'recaptcha_v2', landing: 'recaptcha-v2-invisible', variant: 'invisible', ...RECAPTCHA },
  { slug: 'recaptcha-enterprise', own: false, type: 'recaptcha_v2', landing: 'recaptcha-enterprise', variant: 'enterprise', ...RECAPTCHA, script: 'https://www.google.com/recaptcha/enterprise.js' },
  { slug: 'recaptcha-v3', own: false, type: 'recaptcha_v3', landing: 'recaptcha-v3', variant: 'v3', ...RECAPTCHA },
  {
    slug: 'hcaptcha', own: false, type: 'hcaptcha', landing: 'hcaptcha', provider: 'hcaptcha',
    testKeys: { siteKey: '10000000-ffff-ffff-ffff-000000000001', secret: '0x0000000000000000000000000000000000000000' },
    script: 'https://js.hcaptcha.com/1/api.js', verifyUrl: 'https://api.hcaptcha.com/siteverify',
  },
  {
    slug: 'turnstile', own: false, type: 'turnstile', landing: 'cloudflare-turnstile', provider: 'turnstile',
    testKeys: { siteKey: '1x00000000000000000000AA', secret: '1x0000000000000000000000000000000AA' },
    script: 'https://challenges.cloudflare.com/turnstile/v0/api.js', verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  },
  { slug: 'geetest', own: false, type: 'geetest', landing: 'geetest', provider: 'geetest', testKeys: null, script: null, verifyUrl: null },
  { slug: 'lemin', own: false, type: 'lemin', landing: 'lemin-captcha', provider: 'lemin', testKeys: null, script: null, verifyUrl: null },
  { slug: 'solvemedia', own: false, type: 'normal', provider: 'solvemedia', testKeys: null, script: null, verifyUrl: null },
  { slug: 'mtcaptcha', own: false, type: 'mtcaptcha', landing: 'mtcaptcha', provider: 'mtcaptcha', testKeys: null, script: null, verifyUrl: null },
];

export const DEMO_SLUGS: readonly string[] = DEMOS.map((d) => d.slug);

export function findDemo(slug: string): DemoDef | undefined {
  return DEMOS.find((d) => d.slug === slug);
}

/** How long an issued demo captcha can be answered. */
export const DEMO_LIFETIME_SECONDS = 600;
