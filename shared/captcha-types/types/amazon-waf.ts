/** AWS WAF captcha (§1.3 amazon_waf, v2 AmazonTask[Proxyless]). */
import { structuredAnswer, structuredField } from '../answers/token.ts';
import { defineTokenType, optionalText, siteKey } from '../define-token.ts';
import { fail } from '../types.ts';

export default defineTokenType({
  slug: 'amazon_waf',
  methods: ['amazon_waf'],
  v2Types: ['AmazonTaskProxyless', 'AmazonTask'],
  fields: [
    siteKey(),
    optionalText('iv', ['iv'], ['iv']),
    optionalText('context', ['context'], ['context']),
    optionalText('challengeScript', ['challenge_script'], ['challengeScript']),
    optionalText('captchaScript', ['captcha_script'], ['captchaScript']),
    // anti-captcha's alternative to iv + context.
    optionalText('jsapiScript', null, ['jsapiScript']),
  ],
  check: (p) =>
    (p.iv !== undefined && p.context !== undefined) || p.jsapiScript !== undefined ? undefined : fail('ERROR_BAD_PARAMETERS', 'iv and context are required'),
  answer: structuredAnswer({
    extra: { captcha_voucher: structuredField, existing_token: structuredField },
    v1: (a) => ({ captcha_voucher: a.extra?.captcha_voucher, existing_token: a.extra?.existing_token }),
  }),
});
