import { describe, expect, it } from 'vitest';
import { decodeBase64 } from './images.ts';

/** decodeBase64 before its round-trip fast path: the fast path must answer exactly as it did. */
function slowDecode(value: string): Buffer | 'ERROR_UPLOAD' {
  const clean = value.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (clean.length === 0 || clean.length % 4 === 1 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return 'ERROR_UPLOAD';
  return Buffer.from(clean, 'base64');
}

describe('decodeBase64', () => {
  it('decodes or refuses every kind of input exactly as the strict expression does', () => {
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n.:;,';
    const inputs = ['', '=', 'AA==', 'AB==', 'AAB=', 'AAAA', 'A===', 'QQ', 'QUI', 'data:image/png;base64,QUJD', 'QU JD', 'QUJD\n'];
    for (let i = 0; i < 3000; i++) {
      const b64 = Buffer.from(Array.from({ length: rand(40) }, () => rand(256))).toString('base64');
      inputs.push(b64, b64.replace(/=+$/, ''));
      const noisy = b64.split('');
      noisy[rand(noisy.length + 1)] = alphabet[rand(alphabet.length)]!;
      inputs.push(noisy.join(''), Array.from({ length: rand(12) }, () => alphabet[rand(alphabet.length)]).join(''));
    }
    for (const v of inputs) {
      const expected = slowDecode(v);
      let got: Buffer | 'ERROR_UPLOAD';
      try {
        got = decodeBase64(v);
      } catch (err) {
        got = (err as { code: string }).code as 'ERROR_UPLOAD';
      }
      expect(got, JSON.stringify(v)).toEqual(expected);
    }
  });
});
