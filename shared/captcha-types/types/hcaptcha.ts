/** hCaptcha (§1.3 hcaptcha, v2 HCaptchaTask[Proxyless]). */
import { defined, extraOr, tokenAnswer } from '../answers/token.ts';
import { defineTokenType, optionalFlag, optionalText, siteKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'hcaptcha',
  methods: ['hcaptcha'],
  v2Types: ['HCaptchaTaskProxyless', 'HCaptchaTask'],
  fields: [
    siteKey(true),
    optionalFlag('isInvisible', ['invisible'], ['isInvisible']),
    optionalFlag('isEnterprise', ['enterprise'], ['isEnterprise']),
    optionalText('data', ['data'], ['data']),
    { key: 'enterprisePayload', type: 'object', v1: null, v2: ['enterprisePayload'] },
    { key: 'apiDomain', type: 'string', v1: ['domain'], v2: ['apiDomain'], oneOf: ['hcaptcha.com', 'js.hcaptcha.com'] },
  ],
  // v1 `data` is the rqdata that v2 clients put in enterprisePayload.rqdata.
  normalize: (p) => {
    if (p.data !== undefined) {
      p.enterprisePayload = defined({ ...(p.enterprisePayload as Record<string, unknown> | undefined), rqdata: p.data });
      delete p.data;
    }
  },
  answer: tokenAnswer({
    v2: (a, task) => ({ token: a.token, respKey: a.extra?.respKey, userAgent: extraOr(a, task, 'userAgent'), gRecaptchaResponse: a.token }),
    v1JsonExtra: (a, task) => ({ respKey: a.extra?.respKey, useragent: extraOr(a, task, 'userAgent') }),
  }),
});
