/**
 * Issue 21, finding 5: the page URL of a token task (v1 `pageurl`, v2 `websiteURL`) accepted
 * `javascript:`; workers' browsers open it. Every kind with a URL field (the page, DataDome's
 * captcha page, Altcha's challenge address) takes http or https with a host only. The kinds are
 * read from the registry, so a new kind with a URL field is covered without editing this file.
 */
import { describe, expect, it } from 'vitest';
import { TYPE_EXAMPLES } from './docs/examples.ts';
import { CAPTCHA_TYPES, createParamBag, parseV1, parseV2 } from './index.ts';

const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)//https://x',
  ' javascript:alert(1)',
  'data:text/html,<script>1</script>',
  'file:///etc/passwd',
  'vbscript:x',
  'ftp://example.com/',
  'https://',
  'http://:80/',
  'http:///example.com',
  'https://@/',
  'http://exa mple.com/',
  'http://example.com/\nx',
  'example.com',
  '//example.com/',
];
const FINE = ['https://example.com/login', 'http://example.com', 'HTTPS://Example.com/login?next=/a#b', 'https://user:pw@sub.example.co.uk:8443/p', 'http://127.0.0.1:8080/x', 'https://[2001:db8::1]/', 'https://пример.рф/вход'];

/** [slug, v1 name, v2 name] of every URL field in the registry. */
const URL_FIELDS = CAPTCHA_TYPES.flatMap((def) =>
  def.inputs.fields
    .filter((f) => f.key === 'websiteURL' || /url$/i.test(f.key))
    .map((f) => [def.slug, f.v1?.[0] ?? f.key, f.v2?.[0] ?? f.key] as const),
);

describe('URL fields of the registry', () => {
  it('are found: the page URL of every token kind, and the others', () => {
    const tokenKinds = CAPTCHA_TYPES.filter((d) => d.kind === 'token').map((d) => d.slug);
    const withPage = new Set(URL_FIELDS.filter(([, v1]) => v1 === 'pageurl').map(([slug]) => slug));
    expect(tokenKinds.filter((slug) => !withPage.has(slug))).toEqual([]);
    expect(URL_FIELDS.map(([slug, v1]) => `${slug}.${v1}`)).toEqual(expect.arrayContaining(['datadome.captcha_url', 'altcha.challenge_url']));
  });

  it.each(URL_FIELDS)('%s %s / %s: http or https with a host only', (slug, v1Name, v2Name) => {
    const example = TYPE_EXAMPLES[slug]!;
    const pageCode = v1Name === 'pageurl' ? 'ERROR_PAGEURL' : 'ERROR_BAD_PARAMETERS';
    for (const url of HOSTILE) {
      const v1 = parseV1(createParamBag({ ...(example.v1 as Record<string, string>), [v1Name]: url }));
      expect(v1, `v1 ${url}`).toMatchObject({ ok: false, error: pageCode });
      expect(parseV2({ ...example.v2, [v2Name]: url }), `v2 ${url}`).toMatchObject({ ok: false });
    }
    for (const url of FINE) {
      expect(parseV1(createParamBag({ ...(example.v1 as Record<string, string>), [v1Name]: url })).ok, `v1 ${url}`).toBe(true);
      expect(parseV2({ ...example.v2, [v2Name]: url }).ok, `v2 ${url}`).toBe(true);
    }
  });
});
