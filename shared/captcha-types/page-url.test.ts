/** Issue 21, finding 5: the page URL of every token kind must be http or https (PAGE_URL). */
import { describe, expect, it } from 'vitest';
import { createParamBag, parseV1, parseV2 } from './index.ts';
import { GOOGLE_KEY, HCAPTCHA_KEY, URL } from './testing.ts';

const KINDS = [
  { v1: { method: 'userrecaptcha', googlekey: GOOGLE_KEY }, v2: { type: 'RecaptchaV2TaskProxyless', websiteKey: GOOGLE_KEY } },
  { v1: { method: 'hcaptcha', sitekey: HCAPTCHA_KEY }, v2: { type: 'HCaptchaTaskProxyless', websiteKey: HCAPTCHA_KEY } },
  { v1: { method: 'turnstile', sitekey: '0x4AAAAAAAC3DHQFLr1GavRN' }, v2: { type: 'TurnstileTaskProxyless', websiteKey: '0x4AAAAAAAC3DHQFLr1GavRN' } },
];
const HOSTILE = ['javascript:alert(1)', 'JavaScript:alert(document.cookie)//https://x', 'data:text/html,<script>1</script>', 'file:///etc/passwd', 'vbscript:x', 'ftp://example.com/', 'https://', 'example.com', '//example.com/'];

describe('websiteURL / pageurl', () => {
  it.each(KINDS)('$v2.type refuses anything but http(s)', (kind) => {
    for (const url of HOSTILE) {
      const v1 = parseV1(createParamBag({ ...kind.v1, pageurl: url }));
      expect(v1, url).toMatchObject({ ok: false, error: 'ERROR_PAGEURL' });
      expect(parseV2({ ...kind.v2, websiteURL: url }).ok, url).toBe(false);
    }
    for (const url of [URL, 'http://example.com', 'HTTPS://Example.com/login?next=/a#b']) {
      expect(parseV1(createParamBag({ ...kind.v1, pageurl: url })).ok, url).toBe(true);
      expect(parseV2({ ...kind.v2, websiteURL: url }).ok, url).toBe(true);
    }
  });
});
