/** atbCAPTCHA (§1.3 atb_captcha, v2 AtbCaptchaTask[Proxyless]). */
import { defineTokenType, requiredKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'atb',
  methods: ['atb_captcha'],
  v2Types: ['AtbCaptchaTaskProxyless', 'AtbCaptchaTask'],
  fields: [requiredKey('appId', ['app_id'], ['appId']), requiredKey('apiServer', ['api_server'], ['apiServer'])],
});
