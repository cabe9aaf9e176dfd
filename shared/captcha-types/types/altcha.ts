/** Altcha (§1.3 altcha, v2 AltchaTask[Proxyless]; anti-captcha spells it AltchaCaptchaTask). */
import { defineTokenType, httpUrl, optionalText } from '../define-token.ts';
import { fail } from '../types.ts';

export default defineTokenType({
  slug: 'altcha',
  methods: ['altcha'],
  v2Types: ['AltchaTaskProxyless', 'AltchaTask', 'AltchaCaptchaTask'],
  fields: [
    // Fetched by the worker's browser: http(s) only.
    httpUrl('challengeUrl', ['challenge_url'], ['challengeURL']),
    // The challenge document itself (JSON text), when the client fetched it already.
    optionalText('challengeJson', ['challenge_json'], ['challengeJSON'], 16_384),
  ],
  check: (p, api) =>
    p.challengeUrl === undefined && p.challengeJson === undefined
      ? fail('ERROR_BAD_PARAMETERS', api === 'v1' ? 'challenge_url or challenge_json is required' : 'challengeURL or challengeJSON is required')
      : undefined,
});
