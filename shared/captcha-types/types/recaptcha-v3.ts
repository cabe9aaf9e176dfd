/** reCAPTCHA v3 (§1.3 userrecaptcha + version=v3, v2 RecaptchaV3TaskProxyless). */
import { GOOGLE_KEY, defineTokenType, optionalFlag } from '../define-token.ts';
import { API_DOMAIN, recaptchaAnswer } from './recaptcha-v2.ts';

export default defineTokenType({
  slug: 'recaptcha_v3',
  methods: ['userrecaptcha'],
  when: (bag) => bag.get('version')?.trim().toLowerCase() === 'v3',
  // python-rucaptcha's RecaptchaV3EnterpriseTaskProxyless is accepted as isEnterprise:true.
  // CapMonster Cloud's client sends RecaptchaV3EnterpriseTask (no Proxyless suffix, no proxy).
  v2Types: [
    'RecaptchaV3TaskProxyless', 'RecaptchaV3Task',
    { name: 'RecaptchaV3EnterpriseTaskProxyless', implies: { isEnterprise: true } }, { name: 'RecaptchaV3EnterpriseTask', implies: { isEnterprise: true } },
  ],
  fields: [
    GOOGLE_KEY,
    // Offered tiers are 0.3/0.7/0.9; defaulting to the lowest never asks for more than the client did.
    { key: 'minScore', type: 'number', v1: ['min_score'], v2: ['minScore'], min: 0.1, max: 0.9, default: 0.3 },
    { key: 'action', type: 'string', v1: ['action'], v2: ['pageAction'], max: 256, default: 'verify' },
    optionalFlag('isEnterprise', ['enterprise'], ['isEnterprise']),
    API_DOMAIN,
  ],
  answer: recaptchaAnswer,
});
