/** Cloudflare Turnstile (§1.3 turnstile, v2 TurnstileTask[Proxyless]). */
import { extraOr, tokenAnswer } from '../answers/token.ts';
import { defineTokenType, optionalText, siteKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'turnstile',
  methods: ['turnstile'],
  v2Types: ['TurnstileTaskProxyless', 'TurnstileTask'],
  fields: [
    siteKey(),
    // CapMonster Cloud's client calls it pageAction.
    optionalText('action', ['action'], ['action', 'pageAction']),
    // anti-captcha spells them cData / chlPageData; captcha_oxide sends pageData.
    optionalText('data', ['data'], ['data', 'cData']),
    optionalText('pageData', ['pagedata'], ['pagedata', 'chlPageData'], 16_384),
  ],
  // The token is bound to the browser that solved it, so clients need its user agent (CaptchaSharp reads `useragent`).
  answer: tokenAnswer({
    v2: (a, task) => ({ token: a.token, userAgent: extraOr(a, task, 'userAgent') }),
    v1JsonExtra: (a, task) => ({ useragent: extraOr(a, task, 'userAgent') }),
  }),
});
