/** DataDome slider (§1.3 datadome, v2 DataDomeSliderTask): the answer is the `datadome=…` cookie. */
import { tokenAnswer } from '../answers/token.ts';
import { defineTokenType, requiredKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'datadome',
  methods: ['datadome'],
  v2Types: ['DataDomeSliderTask'],
  // The cookie is only valid for the IP and browser that earned it.
  proxy: 'required',
  userAgent: 'required',
  fields: [requiredKey('captchaUrl', ['captcha_url'], ['captchaUrl'])],
  answer: tokenAnswer({ v2: (a) => ({ cookie: a.token }) }),
});
