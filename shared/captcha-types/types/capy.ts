/** Capy puzzle (§1.3 capy, v2 CapyTask[Proxyless]). */
import { structuredAnswer, structuredField } from '../answers/token.ts';
import { defineTokenType, optionalText, requiredKey } from '../define-token.ts';

const body = (a: { extra?: Record<string, string | number> }, captchakey: unknown) => ({
  captchakey,
  challengekey: a.extra?.challengekey,
  answer: a.extra?.answer,
});

export default defineTokenType({
  slug: 'capy',
  methods: ['capy'],
  v2Types: ['CapyTaskProxyless', 'CapyTask'],
  fields: [
    requiredKey('websiteKey', ['captchakey'], ['websiteKey']),
    optionalText('apiServer', ['api_server'], ['apiServer']),
    { key: 'version', type: 'string', v1: ['version'], v2: ['version'], oneOf: ['puzzle', 'avatar'] },
  ],
  answer: structuredAnswer({
    extra: { challengekey: structuredField, answer: structuredField },
    v1: (a, task) => body(a, task.params.websiteKey),
    // v2 documents an (empty) respKey as well.
    v2: (a, task) => ({ ...body(a, task.params.websiteKey), respKey: '' }),
  }),
});
