/** Friendly Captcha (§1.3 friendly_captcha, v2 FriendlyCaptchaTask[Proxyless]). */
import { defineTokenType, optionalText, siteKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'friendly_captcha',
  methods: ['friendly_captcha'],
  v2Types: ['FriendlyCaptchaTaskProxyless', 'FriendlyCaptchaTask'],
  fields: [
    siteKey(),
    optionalText('version', ['version'], ['version']),
    optionalText('moduleScript', ['module_script'], ['moduleScript']),
    optionalText('nomoduleScript', ['nomodule_script'], ['nomoduleScript']),
  ],
});
