/** DataDome slider (§1.3 datadome, v2 DataDomeSliderTask): the answer is the `datadome=…` cookie. */
import { tokenAnswer } from '../answers/token.ts';
import { defineTokenType, httpUrl } from '../define-token.ts';

export default defineTokenType({
  slug: 'datadome',
  methods: ['datadome'],
  v2Types: ['DataDomeSliderTask'],
  // The cookie is only valid for the IP and browser that earned it.
  proxy: 'required',
  userAgent: 'required',
  // The slider's own page, opened in the worker's browser: http(s) only.
  fields: [httpUrl('captchaUrl', ['captcha_url'], ['captchaUrl'], { required: true })],
  answer: tokenAnswer({ v2: (a) => ({ cookie: a.token }) }),
});
