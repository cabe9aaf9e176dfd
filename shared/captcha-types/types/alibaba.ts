/** Alibaba Cloud (Aliyun) captcha (§1.3 alibaba, v2 AlibabaTask[Proxyless]). */
import { defineTokenType, optionalText, requiredKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'alibaba',
  methods: ['alibaba'],
  v2Types: ['AlibabaTaskProxyless', 'AlibabaTask'],
  fields: [
    requiredKey('sceneId', ['scene_id'], ['sceneId']),
    // The subdomain prefix of the captcha host (`dlw3kug` of https://dlw3kug.captcha-open.aliyuncs.com/).
    requiredKey('prefix', ['prefix'], ['prefix']),
    optionalText('userId', ['user_id'], ['userId']),
    optionalText('userUserId', ['user_user_id'], ['userUserId']),
    optionalText('verifyType', ['verify_type'], ['verifyType']),
    optionalText('region', ['region'], ['region']),
    optionalText('userCertifyId', ['user_certify_id'], ['userCertifyId']),
    optionalText('apiGetLib', ['api_get_lib'], ['apiGetLib']),
  ],
});
