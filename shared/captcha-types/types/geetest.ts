/** GeeTest v3 (§1.3 geetest, v2 GeeTestTask[Proxyless] without version 4). */
import { structuredAnswer, structuredField } from '../answers/token.ts';
import { defineTokenType, optionalFlag, optionalText, requiredKey } from '../define-token.ts';

export const GEETEST_V2_TYPES = ['GeeTestTaskProxyless', 'GeeTestTask'];

export default defineTokenType({
  slug: 'geetest',
  methods: ['geetest'],
  v2Types: GEETEST_V2_TYPES,
  fields: [
    requiredKey('gt', ['gt'], ['gt']),
    requiredKey('challenge', ['challenge'], ['challenge']),
    optionalText('apiServer', ['api_server'], ['geetestApiServerSubdomain']),
    optionalText('getLib', null, ['geetestGetLib']),
    optionalFlag('offline', ['offline'], null),
    optionalFlag('newCaptcha', ['new_captcha'], null),
  ],
  answer: structuredAnswer({
    extra: { challenge: structuredField, validate: structuredField, seccode: structuredField },
    v1: (a) => ({ geetest_challenge: a.extra?.challenge, geetest_validate: a.extra?.validate, geetest_seccode: a.extra?.seccode }),
    v2: (a) => ({ challenge: a.extra?.challenge, validate: a.extra?.validate, seccode: a.extra?.seccode }),
  }),
});
