/** GeeTest v4 (§1.3 geetest_v4, v2 GeeTestTask with version 4 + initParameters). */
import { structuredAnswer, structuredField } from '../answers/token.ts';
import { defineTokenType, optionalText } from '../define-token.ts';
import { lookup } from '../fields.ts';
import { fail } from '../types.ts';
import { GEETEST_V2_TYPES } from './geetest.ts';

const CAPTCHA_ID = /^[A-Za-z0-9_-]{8,64}$/;

export default defineTokenType({
  slug: 'geetest_v4',
  methods: ['geetest_v4'],
  v2Types: GEETEST_V2_TYPES,
  v2When: (task) => String(lookup(task)(['version']) ?? '').trim() === '4',
  fields: [
    optionalText('captchaId', ['captcha_id'], ['captchaId'], 64),
    optionalText('riskType', ['risk_type'], ['risk_type']),
    { key: 'initParameters', type: 'object', v1: null, v2: ['initParameters'] },
    optionalText('apiServer', ['api_server'], ['geetestApiServerSubdomain']),
    optionalText('getLib', null, ['geetestGetLib']),
  ],
  // v2 nests captcha_id (and risk_type) in initParameters; lift them so v1 and v2 agree.
  normalize: (p) => {
    const init = p.initParameters as Record<string, unknown> | undefined;
    if (!init) return;
    const { captcha_id: captchaId, risk_type: riskType, ...rest } = init;
    if (p.captchaId === undefined && typeof captchaId === 'string') p.captchaId = captchaId;
    if (p.riskType === undefined && typeof riskType === 'string') p.riskType = riskType;
    if (Object.keys(rest).length > 0) p.initParameters = rest;
    else delete p.initParameters;
  },
  // ERROR_CAPTCHA_ID is what the JS lib documents for a bad GeeTest v4 captcha_id (§3.1).
  check: (p) => (typeof p.captchaId === 'string' && CAPTCHA_ID.test(p.captchaId) ? undefined : fail('ERROR_CAPTCHA_ID', 'captcha_id is missing or malformed')),
  answer: structuredAnswer({
    extra: { lot_number: structuredField, pass_token: structuredField, gen_time: structuredField, captcha_output: structuredField },
    v1: (a, task) => ({
      captcha_id: task.params.captchaId,
      lot_number: a.extra?.lot_number,
      pass_token: a.extra?.pass_token,
      gen_time: a.extra?.gen_time,
      captcha_output: a.extra?.captcha_output,
    }),
  }),
});
