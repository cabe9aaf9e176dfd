/** Invariants of the registry as a whole: what pricing, pages and the worker cabinet rely on. */
import { describe, expect, it } from 'vitest';
import { parseMoney } from '../money.ts';
import type { ProtocolError } from './index.ts';
import { CAPTCHA_TYPES, CAPTCHA_TYPE_CATALOG, getCaptchaType, toV2Error } from './index.ts';

const EXPECTED: Record<string, { ui: string; price: [string, string] }> = {
  normal: { ui: 'text', price: ['0.50', '1.00'] },
  text: { ui: 'text', price: ['0.50', '1.00'] },
  grid: { ui: 'grid', price: ['1.20', '2.00'] },
  coordinates: { ui: 'points', price: ['1.20', '2.00'] },
  rotate: { ui: 'rotate', price: ['0.50', '1.00'] },
  canvas: { ui: 'draw', price: ['1.20', '2.00'] },
  bounding_box: { ui: 'box', price: ['1.20', '2.00'] },
  audio: { ui: 'audio', price: ['0.50', '1.00'] },
  temuimage: { ui: 'points', price: ['1.20', '2.00'] },
  vkimage: { ui: 'text', price: ['0.50', '1.00'] },
  ...Object.fromEntries(
    ['recaptcha_v2', 'recaptcha_v3', 'hcaptcha', 'funcaptcha', 'geetest', 'geetest_v4', 'turnstile', 'amazon_waf', 'capy', 'lemin', 'mtcaptcha',
      'keycaptcha', 'friendly_captcha', 'cutcaptcha', 'datadome', 'cybersiara', 'tencent', 'atb', 'yandex',
      'prosopo', 'captchafox', 'vkcaptcha', 'altcha', 'binance', 'yidun', 'alibaba', 'tspd', 'basilisk', 'hunt'].map((slug) => [slug, { ui: 'token', price: ['1.45', '2.99'] }]),
  ),
};

/** Token kinds that only work from the customer's IP: the official clients require proxy fields. */
const PROXY_REQUIRED = ['datadome', 'captchafox', 'vkcaptcha', 'tspd'];

describe('CAPTCHA_TYPES', () => {
  it('declares exactly the expected types, each once', () => {
    const slugs = CAPTCHA_TYPES.map((d) => d.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect([...slugs].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(CAPTCHA_TYPES.map((d) => [d.slug, d] as const))('%s: ui, price, share, lifetime, attempts', (slug, def) => {
    const expected = EXPECTED[slug]!;
    expect(def.ui).toBe(expected.ui);
    expect([def.price.floorPer1000, def.price.capPer1000]).toEqual(expected.price);
    expect(parseMoney(def.price.floorPer1000)).toBeLessThanOrEqual(parseMoney(def.price.capPer1000));
    expect(def.price.workerShare).toBe(0.6);
    expect(def.lifetimeSeconds).toBe(def.kind === 'image' ? 90 : 300);
    expect(def.kind).toBe(def.ui === 'token' ? 'token' : 'image');
    expect(def.maxAttempts).toBe(3);
    expect(def.slug).toMatch(/^[a-z0-9_]+$/);
  });

  it('image limits: normal 100 kB, grid/coordinates 600 kB, audio 1 MB, text has no image', () => {
    const bytes = (slug: string) => getCaptchaType(slug)?.maxImageBytes;
    expect([bytes('normal'), bytes('grid'), bytes('coordinates'), bytes('audio'), bytes('text')]).toEqual([102_400, 614_400, 614_400, 1_048_576, undefined]);
  });

  it('v2 names are unique except where a v2When breaks the tie', () => {
    const owners = new Map<string, string[]>();
    for (const def of CAPTCHA_TYPES) for (const name of def.v2Types) owners.set(name.toLowerCase(), [...(owners.get(name.toLowerCase()) ?? []), def.slug]);
    const shared = [...owners].filter(([, slugs]) => slugs.length > 1);
    for (const [, slugs] of shared) expect(slugs.filter((s) => getCaptchaType(s)?.v2When).length).toBeGreaterThan(0);
    expect(shared.map(([name]) => name).sort()).toEqual(['geetesttask', 'geetesttaskproxyless', 'imagetocoordinatestask']);
  });

  it('proxy: DataDome, CaptchaFox, VK token and TSPD require one, image kinds never take one, other tokens may', () => {
    for (const def of CAPTCHA_TYPES) {
      expect(def.proxy, def.slug).toBe(PROXY_REQUIRED.includes(def.slug) ? 'required' : def.kind === 'image' ? 'none' : 'optional');
    }
  });

  it('the catalog mirrors the registry as plain data', () => {
    expect(CAPTCHA_TYPE_CATALOG.map((c) => c.slug)).toEqual(CAPTCHA_TYPES.map((d) => d.slug));
    expect(JSON.parse(JSON.stringify(CAPTCHA_TYPE_CATALOG))).toEqual(CAPTCHA_TYPE_CATALOG);
  });

  it('getCaptchaType returns undefined for unknown slugs', () => {
    expect(getCaptchaType('nope')).toBeUndefined();
  });
});

it('toV2Error only yields codes that have a v2 errorId (§3.4)', () => {
  const all: ProtocolError[] = ['ERROR_BAD_PARAMETERS', 'ERROR_PAGEURL', 'ERROR_GOOGLEKEY', 'ERROR_WRONG_GOOGLEKEY', 'ERROR_SITEKEY',
    'ERROR_ZERO_CAPTCHA_FILESIZE', 'ERROR_TOO_BIG_CAPTCHA_FILESIZE', 'ERROR_IMAGE_TYPE_NOT_SUPPORTED', 'ERROR_UPLOAD', 'ERROR_PROXY_FORMAT',
    'ERROR_BAD_PROXY', 'ERROR_TASK_ABSENT', 'ERROR_TASK_NOT_SUPPORTED', 'ERROR_BAD_IMGINSTRUCTIONS', 'ERROR_CAPTCHA_ID'];
  const v2 = new Set(['ERROR_BAD_PARAMETERS', 'ERROR_ZERO_CAPTCHA_FILESIZE', 'ERROR_TOO_BIG_CAPTCHA_FILESIZE', 'ERROR_IMAGE_TYPE_NOT_SUPPORTED',
    'ERROR_BAD_PROXY', 'ERROR_TASK_ABSENT', 'ERROR_TASK_NOT_SUPPORTED', 'ERROR_BAD_IMGINSTRUCTIONS']);
  for (const code of all) expect(v2.has(toV2Error(code))).toBe(true);
});
