/** CyberSiARA (§1.3 cybersiara, v2 AntiCyberSiAraTask[Proxyless]). */
import { defineTokenType, requiredKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'cybersiara',
  methods: ['cybersiara'],
  v2Types: ['AntiCyberSiAraTaskProxyless', 'AntiCyberSiAraTask'],
  userAgent: 'required',
  fields: [requiredKey('slideMasterUrlId', ['master_url_id'], ['SlideMasterUrlId'])],
});
