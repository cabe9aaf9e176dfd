/** Lemin cropped captcha (§1.3 lemin, v2 LeminTask[Proxyless]). */
import { structuredAnswer, structuredField } from '../answers/token.ts';
import { defineTokenType, optionalText, requiredKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'lemin',
  methods: ['lemin'],
  v2Types: ['LeminTaskProxyless', 'LeminTask'],
  fields: [
    requiredKey('captchaId', ['captcha_id'], ['captchaId'], 'ERROR_CAPTCHA_ID'),
    requiredKey('divId', ['div_id'], ['divId']),
    optionalText('apiServer', ['api_server'], ['leminApiServerSubdomain']),
  ],
  answer: structuredAnswer({
    extra: { answer: structuredField, challenge_id: structuredField },
    v1: (a) => ({ answer: a.extra?.answer, challenge_id: a.extra?.challenge_id }),
  }),
});
