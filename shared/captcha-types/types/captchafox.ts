/** CaptchaFox (§1.3 captchafox, v2 CaptchaFoxTask): solved from the customer's IP and browser. */
import { defineTokenType, optionalText, siteKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'captchafox',
  methods: ['captchafox'],
  v2Types: ['CaptchaFoxTask', 'CaptchaFoxTaskProxyless'],
  // The official clients require proxy and user agent: the token is bound to both.
  proxy: 'required',
  userAgent: 'required',
  fields: [siteKey(), optionalText('apiServer', ['api_server'], ['apiServer'])],
});
