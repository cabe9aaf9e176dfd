/**
 * Token kinds share almost everything: a page URL (ERROR_PAGEURL), an optional or required user
 * agent, an optional proxy, the token price and lifetime. Each token file is then a short
 * declaration of its own keys.
 */
import type { AnswerFormat } from './answers/common.ts';
import { tokenAnswer } from './answers/token.ts';
import type { TypeConfig } from './define.ts';
import { defineType } from './define.ts';
import type { FieldSpec } from './fields.ts';
import type { CaptchaTypeDef, ProtocolError } from './types.ts';

export const TOKEN_PRICE = ['1.45', '2.99'] as const;

/** No whitespace or control characters; long enough for Amazon's base64 keys. */
const OPAQUE = /^[^\s\p{Cc}]+$/u;
/** reCAPTCHA / hCaptcha site keys: 40-char `6L…` or UUIDs; loosely, so test keys still pass. */
const SITE_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * An absolute http or https URL with a host: optional userinfo, then a DNS name (IDN letters
 * allowed), an IPv4 address or a bracketed IPv6 address, an optional port, then a path, query or
 * fragment without spaces or control characters. `javascript:`, `data:`, `file:`, scheme-relative
 * `//host` and host-less `http://:80` or `http:///x` are refused.
 */
export const HTTP_URL = /^https?:\/\/(?:[^\s\p{Cc}/?#@]*@)?(?:[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#][^\s\p{Cc}]*)?$/iu;

/**
 * A URL a worker's browser opens or fetches (the page, a challenge's address): http or https
 * with a host only, since a `javascript:` or `data:` URL would run the customer's script there.
 */
export function httpUrl(key: string, v1: string[], v2: string[], options: { required?: boolean; missing?: ProtocolError } = {}): FieldSpec {
  return { key, type: 'string', v1, v2, max: 4096, pattern: HTTP_URL, ...(options.required ? { required: true, missing: options.missing ?? 'ERROR_BAD_PARAMETERS' } : {}) };
}

/** The page a token is solved for (ERROR_PAGEURL when missing or not http(s)). Every token kind uses it. */
export const PAGE_URL: FieldSpec = httpUrl('websiteURL', ['pageurl'], ['websiteURL'], { required: true, missing: 'ERROR_PAGEURL' });

/** A required opaque string (keys, ids, signatures). */
export function requiredKey(key: string, v1: string[], v2: string[], missing: ProtocolError = 'ERROR_BAD_PARAMETERS'): FieldSpec {
  return { key, type: 'string', v1, v2, required: true, missing, max: 4096, pattern: OPAQUE };
}

/** An optional free string. */
export function optionalText(key: string, v1: string[] | null, v2: string[] | null = [key], max = 4096): FieldSpec {
  return { key, type: 'string', v1, v2, max };
}

export const optionalFlag = (key: string, v1: string[] | null, v2: string[] | null = [key]): FieldSpec => ({ key, type: 'bool', v1, v2, default: false });

/** reCAPTCHA: missing → ERROR_WRONG_GOOGLEKEY, malformed → ERROR_GOOGLEKEY (§3.1). */
export const GOOGLE_KEY: FieldSpec = {
  key: 'websiteKey', type: 'string', v1: ['googlekey', 'sitekey'], v2: ['websiteKey'],
  required: true, missing: 'ERROR_WRONG_GOOGLEKEY', invalid: 'ERROR_GOOGLEKEY', pattern: SITE_KEY,
};

/** A v1 `sitekey`: blank or malformed → ERROR_SITEKEY (documented for hCaptcha; applied to every `sitekey`). */
export function siteKey(strict = false): FieldSpec {
  return { key: 'websiteKey', type: 'string', v1: ['sitekey'], v2: ['websiteKey'], required: true, missing: 'ERROR_SITEKEY', max: 4096, pattern: strict ? SITE_KEY : OPAQUE };
}

export interface TokenTypeConfig extends Omit<TypeConfig, 'kind' | 'ui' | 'v1' | 'proxy' | 'price' | 'answer'> {
  /** in.php `method` values. */
  methods: string[];
  when?: CaptchaTypeDef['v1']['when'];
  proxy?: CaptchaTypeDef['proxy'];
  userAgent?: 'optional' | 'required';
  /** The page URL; VK's token captcha has none (its `redirect_uri` names the page). Default required. */
  pageUrl?: 'optional' | 'required';
  price?: TypeConfig['price'];
  answer?: AnswerFormat;
}

export function defineTokenType(config: TokenTypeConfig): CaptchaTypeDef {
  const { methods, when, userAgent: ua, pageUrl, ...rest } = config;
  const userAgent: FieldSpec = { key: 'userAgent', type: 'string', v1: ['userAgent'], v2: ['userAgent'], max: 1024, required: ua === 'required' };
  return defineType({
    ...rest,
    kind: 'token',
    ui: 'token',
    v1: when ? { methods, when } : { methods },
    proxy: config.proxy ?? 'optional',
    price: config.price ?? TOKEN_PRICE,
    fields: [pageUrl === 'optional' ? { ...PAGE_URL, required: false } : PAGE_URL, ...config.fields, userAgent],
    answer: config.answer ?? tokenAnswer(),
  });
}
