/** reCAPTCHA v2 and v2 Enterprise (§1.3 userrecaptcha, v2 RecaptchaV2[Enterprise]Task[Proxyless]). */
import { defined, tokenAnswer } from '../answers/token.ts';
import { GOOGLE_KEY, defineTokenType, optionalFlag, optionalText } from '../define-token.ts';
import type { FieldSpec } from '../fields.ts';

export const API_DOMAIN: FieldSpec = { key: 'apiDomain', type: 'string', v1: ['domain'], v2: ['apiDomain'], oneOf: ['google.com', 'recaptcha.net'] };

/** `{gRecaptchaResponse, token}` (same value twice, §2.4.2); cookies/userAgent when the worker reports them (❓ keys in v1). */
export const recaptchaAnswer = tokenAnswer({
  v2: (a) => ({ gRecaptchaResponse: a.token, token: a.token, cookies: a.extra?.cookies, userAgent: a.extra?.userAgent }),
  v1JsonExtra: (a) => ({ cookies: a.extra?.cookies, useragent: a.extra?.userAgent }),
});

export default defineTokenType({
  slug: 'recaptcha_v2',
  methods: ['userrecaptcha'],
  v2Types: [
    'RecaptchaV2TaskProxyless',
    'RecaptchaV2Task',
    { name: 'RecaptchaV2EnterpriseTaskProxyless', implies: { isEnterprise: true } },
    { name: 'RecaptchaV2EnterpriseTask', implies: { isEnterprise: true } },
    // anti-captcha's older names for the same task.
    'NoCaptchaTaskProxyless',
    'NoCaptchaTask',
  ],
  fields: [
    GOOGLE_KEY,
    optionalFlag('isInvisible', ['invisible'], ['isInvisible']),
    optionalFlag('isEnterprise', ['enterprise'], ['isEnterprise']),
    optionalText('dataS', ['data-s'], ['recaptchaDataSValue']),
    // anti-captcha's `websiteSToken` (legacy secure token); v1 has no spelling for it.
    optionalText('sToken', null, ['websiteSToken']),
    { key: 'enterprisePayload', type: 'object', v1: null, v2: ['enterprisePayload'] },
    { key: 'cookies', type: 'cookies', v1: ['cookies'], v2: ['cookies'] },
    API_DOMAIN,
  ],
  // Enterprise's data-s is the `s` of enterprisePayload: one place for it whichever API sent it.
  normalize: (p) => {
    if (p.isEnterprise === true && p.dataS !== undefined) {
      p.enterprisePayload = defined({ ...(p.enterprisePayload as Record<string, unknown> | undefined), s: p.dataS });
      delete p.dataS;
    }
  },
  answer: recaptchaAnswer,
});
