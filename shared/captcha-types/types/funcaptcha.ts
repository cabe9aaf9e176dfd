/** Arkose FunCaptcha (§1.3 funcaptcha, v2 FunCaptchaTask[Proxyless]). */
import { tokenAnswer } from '../answers/token.ts';
import { defineTokenType, optionalText, requiredKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'funcaptcha',
  methods: ['funcaptcha'],
  v2Types: ['FunCaptchaTaskProxyless', 'FunCaptchaTask'],
  fields: [
    requiredKey('websiteKey', ['publickey'], ['websitePublicKey']),
    optionalText('funcaptchaApiJSSubdomain', ['surl'], ['funcaptchaApiJSSubdomain']),
    // A JSON string (`{"blob":"…"}`), v1 `data[blob]=…`, or an object: kept as an object.
    { key: 'data', type: 'object', v1: ['data'], v2: ['data'] },
  ],
  answer: tokenAnswer({ pipe: true }),
});
