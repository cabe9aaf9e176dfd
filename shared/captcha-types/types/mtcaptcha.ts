/** MTCaptcha (§1.3 mt_captcha, v2 MtCaptchaTask[Proxyless]). */
import { defineTokenType, siteKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'mtcaptcha',
  // Every client sends mt_captcha; mtcaptcha is accepted too (⚠️ in the protocol).
  methods: ['mt_captcha', 'mtcaptcha'],
  v2Types: ['MtCaptchaTaskProxyless', 'MtCaptchaTask'],
  fields: [siteKey()],
});
