/** Tencent captcha (§1.3 tencent, v2 TencentTask[Proxyless]). */
import { z } from 'zod';
import { structuredAnswer, structuredField } from '../answers/token.ts';
import { defineTokenType, optionalText, requiredKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'tencent',
  methods: ['tencent'],
  v2Types: ['TencentTaskProxyless', 'TencentTask'],
  fields: [requiredKey('appId', ['app_id'], ['appId']), optionalText('captchaScript', ['captcha_script'], ['captchaScript'])],
  answer: structuredAnswer({
    extra: { ticket: structuredField, randstr: structuredField, ret: z.number().int().default(0) },
    // `ret` is an integer on the wire (CaptchaSharp's model); appid echoes the task's app_id.
    v1: (a, task) => ({ appid: task.params.appId, ret: a.extra?.ret ?? 0, ticket: a.extra?.ticket, randstr: a.extra?.randstr }),
  }),
});
