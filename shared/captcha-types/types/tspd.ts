/** TSPD (F5) challenge (§1.3 tspd, v2 TspdTask): cookie-based, solved from the customer's IP. */
import { defineTokenType } from '../define-token.ts';

export default defineTokenType({
  slug: 'tspd',
  methods: ['tspd'],
  v2Types: ['TspdTask', 'TspdTaskProxyless'],
  proxy: 'required',
  fields: [
    // `TS…=…; TS…=…`: a cookie header, spaces included.
    { key: 'tspdCookie', type: 'string', v1: ['tspd_cookie'], v2: ['tspdCookie'], required: true, max: 16_384 },
    // The whole challenge page in base64; the request body limit (2 MB) bounds it too.
    { key: 'htmlPageBase64', type: 'string', v1: ['html_page_base64'], v2: ['htmlPageBase64'], required: true, max: 1_500_000, pattern: /^[A-Za-z0-9+/=_-]+$/ },
  ],
});
