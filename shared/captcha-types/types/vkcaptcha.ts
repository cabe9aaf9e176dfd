/** VK captcha, token method (§1.3 vkcaptcha, v2 VKCaptchaTask): the page is named by `redirect_uri`. */
import { defineTokenType, requiredKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'vkcaptcha',
  methods: ['vkcaptcha'],
  v2Types: ['VKCaptchaTask', 'VKCaptchaTaskProxyless'],
  proxy: 'required',
  userAgent: 'required',
  pageUrl: 'optional',
  fields: [requiredKey('redirectUri', ['redirect_uri'], ['redirectUri'])],
});
