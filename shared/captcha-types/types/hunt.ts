/**
 * Hunt (§1.3 hunt, v2 HuntTask): two stages on the same type, first without `data` (the answer is
 * the X-HD value), then with the site's `meta.token` as `data` (the answer is the final token).
 */
import { defineTokenType, optionalText, requiredKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'hunt',
  methods: ['hunt'],
  v2Types: ['HuntTask', 'HuntTaskProxyless'],
  fields: [requiredKey('apiGetLib', ['api_get_lib'], ['apiGetLib']), optionalText('data', ['data'], ['data'], 16_384)],
});
