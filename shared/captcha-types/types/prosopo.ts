/** Prosopo Procaptcha (§1.3 prosopo, v2 ProsopoTask[Proxyless]). */
import { defineTokenType, siteKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'prosopo',
  methods: ['prosopo'],
  v2Types: ['ProsopoTaskProxyless', 'ProsopoTask'],
  fields: [siteKey()],
});
