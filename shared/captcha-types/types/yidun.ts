/** NetEase Yidun NECaptcha (§1.3 yidun, v2 YidunTask[Proxyless]). */
import { defineTokenType, optionalText, siteKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'yidun',
  methods: ['yidun'],
  v2Types: ['YidunTaskProxyless', 'YidunTask'],
  fields: [
    siteKey(),
    optionalText('yidunGetLib', ['yidun_get_lib'], ['yidunGetLib']),
    optionalText('yidunApiServerSubdomain', ['yidun_api_server_subdomain'], ['yidunApiServerSubdomain']),
    optionalText('challenge', ['challenge'], ['challenge']),
    optionalText('hcg', ['hcg'], ['hcg']),
    { key: 'hct', type: 'int', v1: ['hct'], v2: ['hct'], min: 0 },
  ],
});
