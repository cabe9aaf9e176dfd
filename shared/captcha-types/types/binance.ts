/** Binance captcha (§1.3 binance, v2 BinanceTask[Proxyless]): the token travels with the user agent. */
import { extraOr, tokenAnswer } from '../answers/token.ts';
import { defineTokenType, requiredKey, siteKey } from '../define-token.ts';

export default defineTokenType({
  slug: 'binance',
  methods: ['binance'],
  v2Types: ['BinanceTaskProxyless', 'BinanceTask'],
  // sitekey is the page's bizId / bizType; validate_id changes with every challenge.
  fields: [siteKey(), requiredKey('validateId', ['validate_id'], ['validateId'])],
  answer: tokenAnswer({
    v2: (a, task) => ({ token: a.token, userAgent: extraOr(a, task, 'userAgent') }),
    v1JsonExtra: (a, task) => ({ useragent: extraOr(a, task, 'userAgent') }),
  }),
});
