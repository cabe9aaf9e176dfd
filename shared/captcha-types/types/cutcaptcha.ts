/** Cutcaptcha (§1.3 cutcaptcha, v2 CutCaptchaTask[Proxyless]). */
import { defineTokenType, requiredKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'cutcaptcha',
  methods: ['cutcaptcha'],
  v2Types: ['CutCaptchaTaskProxyless', 'CutCaptchaTask'],
  fields: [requiredKey('miseryKey', ['misery_key'], ['miseryKey']), requiredKey('apiKey', ['api_key'], ['apiKey'])],
});
