/** Basilisk (§1.3 basilisk, v2 BasiliskTask[Proxyless]). */
import { defineTokenType, siteKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'basilisk',
  methods: ['basilisk'],
  v2Types: ['BasiliskTaskProxyless', 'BasiliskTask'],
  fields: [siteKey()],
});
