/**
 * Issue 21, finding 3: multipart uploads whose boundary has capital letters failed with
 * ERROR_UPLOAD (the Content-Type header was lower-cased before the boundary was read). Each case is
 * an upload to in.php in the boundary style of a common HTTP client of a language the docs cover.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#server/test/app.ts';
import { buildUser } from '#server/test/factories.ts';
import { makePng } from '#server/test/images.ts';
import { parseContentType, multipartBoundary } from './content-type.ts';

let t: TestApp;
let customer: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMITS: 'false' });
  customer = await buildUser(t, { userType: 'customer', balance: '10.00' });
});
afterAll(() => t.close());

/** key, method=post and a PNG file part, delimited by `boundary`. */
function multipartBody(boundary: string, png: Buffer): Buffer {
  const head = [
    `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\n${customer.apiKey}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="method"\r\n\r\npost\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="captcha.png"\r\nContent-Type: image/png\r\n\r\n`,
  ].join('');
  return Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

const upload = (contentType: string, body: Buffer) =>
  t.app.inject({ method: 'POST', url: '/in.php', payload: body, headers: { 'content-type': contentType } });

/** [client, Content-Type header as that client sends it, boundary as it appears in the body]. */
const CLIENTS: [string, string, string][] = [
  ['Python requests / urllib3 (hex)', 'multipart/form-data; boundary=9f3a1c4be27d4a6f8c0e5b2d71a3f6e0', '9f3a1c4be27d4a6f8c0e5b2d71a3f6e0'],
  ['Node form-data', 'multipart/form-data; boundary=--------------------------515890814546601021194782', '--------------------------515890814546601021194782'],
  ['undici / Node fetch', 'multipart/form-data; boundary=----formdata-undici-034521870948', '----formdata-undici-034521870948'],
  ['Go mime/multipart (hex)', 'multipart/form-data; boundary=4f7c2a9e0b1d3c5e7f9a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c', '4f7c2a9e0b1d3c5e7f9a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f4a6b8c'],
  ['Java Apache HttpClient (mixed case)', 'multipart/form-data; boundary=h7Kx-9Qp_3mZbWcR2tYvLnE8aFgJ1sD0uI; charset=UTF-8', 'h7Kx-9Qp_3mZbWcR2tYvLnE8aFgJ1sD0uI'],
  ['OkHttp (UUID)', 'multipart/form-data; boundary=3c1f0e52-7a4b-4d8e-9f61-b2a7c5d3e8f0', '3c1f0e52-7a4b-4d8e-9f61-b2a7c5d3e8f0'],
  ['.NET HttpClient (quoted GUID)', 'multipart/form-data; boundary="b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d4e"', 'b2d4f6a8-1c3e-4a5b-8d7f-9e0a1b2c3d4e'],
  ['PHP curl (hex)', 'multipart/form-data; boundary=------------------------7d1c3f9a2b4e6c80', '------------------------7d1c3f9a2b4e6c80'],
  ['curl 8 (mixed-case alphanumerics)', 'multipart/form-data; boundary=------------------------Qm3xT8vKp2LwZ9aRb4NcYd', '------------------------Qm3xT8vKp2LwZ9aRb4NcYd'],
  ['Ruby rest-client', 'multipart/form-data; boundary=----RubyFormBoundaryHq3LbZk9XwT2pVnR', '----RubyFormBoundaryHq3LbZk9XwT2pVnR'],
  ['Ruby Net::HTTP set_form (urlsafe base64)', 'multipart/form-data; boundary=Xq3_vB9-kLm2NpQrSt4UvWx5Yz6aBc7dEf8gHi9jKl0mNo1pQr2sTu3vWx4yZ5', 'Xq3_vB9-kLm2NpQrSt4UvWx5Yz6aBc7dEf8gHi9jKl0mNo1pQr2sTu3vWx4yZ5'],
  ['Ruby Faraday / multipart-post', 'multipart/form-data; boundary=-----------RubyMultipartPost-3f1c9a7e5b2d8c4e6f0a1b3c5d7e9f2a', '-----------RubyMultipartPost-3f1c9a7e5b2d8c4e6f0a1b3c5d7e9f2a'],
  ['PHP Guzzle (sha1 hex)', 'multipart/form-data; boundary=8f14e45fceea167a5a36dedd4bea2543c7a1b2d9', '8f14e45fceea167a5a36dedd4bea2543c7a1b2d9'],
  ['WebKit / Chromium', 'multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW', '----WebKitFormBoundary7MA4YWxkTrZu0gW'],
  ['Firefox (digits)', 'multipart/form-data; boundary=---------------------------21465928153716339812401451399', '---------------------------21465928153716339812401451399'],
  ['Firefox 121+ (gecko)', 'multipart/form-data; boundary=----geckoformboundary6a1f3c9e2b7d4e8f0a5c1b3d9e7f2a4c', '----geckoformboundary6a1f3c9e2b7d4e8f0a5c1b3d9e7f2a4c'],
  ['media type and parameter name in capitals', 'Multipart/Form-Data; Boundary=XyZZy-Upper', 'XyZZy-Upper'],
  ['quoted, with a space and escapes-free specials', 'multipart/form-data;boundary="Abc Def:=?,()+_./Ghi"', 'Abc Def:=?,()+_./Ghi'],
];

describe('in.php multipart uploads, by client boundary style', () => {
  it.each(CLIENTS)('%s', async (_client, contentType, boundary) => {
    const res = await upload(contentType, multipartBody(boundary, makePng()));
    expect(res.body).toMatch(/^OK\|\d+$/);
  });

  it('still refuses a body whose delimiters do not match the boundary (case included)', async () => {
    const res = await upload('multipart/form-data; boundary=----WebKitFormBoundaryABC', multipartBody('----webkitformboundaryabc', makePng()));
    expect(res.body).not.toMatch(/^OK\|/);
  });

  it('answers ERROR_UPLOAD to multipart without a boundary', async () => {
    expect((await upload('multipart/form-data', multipartBody('x', makePng()))).body).toBe('ERROR_UPLOAD');
  });
});

describe('parseContentType', () => {
  it('lower-cases the media type and parameter names, keeps values as sent', () => {
    expect(parseContentType('Multipart/Form-Data; Boundary=----WebKitFormBoundaryAbC; CHARSET=UTF-8')).toEqual({
      mediaType: 'multipart/form-data',
      params: { boundary: '----WebKitFormBoundaryAbC', charset: 'UTF-8' },
    });
  });

  it('unquotes quoted values, with escapes and semicolons inside', () => {
    expect(parseContentType('multipart/form-data; boundary="a;B\\"c" ; x=1').params).toEqual({ boundary: 'a;B"c', x: '1' });
  });

  it('takes a header without parameters, and skips parameters without a value', () => {
    expect(parseContentType('application/json')).toEqual({ mediaType: 'application/json', params: {} });
    expect(parseContentType('text/plain; bogus; charset=utf-8').params).toEqual({ charset: 'utf-8' });
    expect(parseContentType('')).toEqual({ mediaType: '', params: {} });
  });

  it('keeps the first of duplicate parameters', () => {
    expect(parseContentType('multipart/form-data; boundary=One; boundary=Two').params.boundary).toBe('One');
  });

  it('refuses unusable boundaries', () => {
    expect(multipartBoundary(parseContentType('multipart/form-data'))).toBeNull();
    expect(multipartBoundary(parseContentType('multipart/form-data; boundary=""'))).toBeNull();
    expect(multipartBoundary(parseContentType('multipart/form-data; boundary="a\\"b"'))).toBeNull();
    expect(multipartBoundary(parseContentType(`multipart/form-data; boundary=${'x'.repeat(201)}`))).toBeNull();
    expect(multipartBoundary(parseContentType('multipart/form-data; boundary=AbC'))).toBe('AbC');
  });
});
