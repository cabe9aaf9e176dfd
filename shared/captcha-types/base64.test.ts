import { describe, expect, it } from 'vitest';
import { cleanBase64, isBase64 } from './base64.ts';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** The definitions before the Buffer fast path: the fast path must answer exactly as they do. */
const slowIsBase64 = (v: string) => v.length % 4 === 0 && BASE64.test(v);
function slowClean(value: string): string {
  let s = value.trim().replace(/^data:[^,]*?;base64,/i, '').replace(/[\r\n\t]/g, '').replace(/ /g, '+');
  s = s.replace(/-/g, '+').replace(/_/g, '/');
  const rest = s.replace(/=+$/, '').length % 4;
  if (rest === 2 || rest === 3) s = s.replace(/=+$/, '') + '='.repeat(4 - rest);
  return s;
}

describe('base64 helpers', () => {
  it('judge and clean every kind of input exactly as the regular expressions do', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n\t.:;,';
    const inputs = ['', '=', '==', '====', 'AA==', 'AB==', 'AAA=', 'AAB=', 'AAAA', 'A===', 'data:image/png;base64,iVBORw0K', ' QUJD ', 'QUJD\r\n', 'a-b_', 'QQ', 'QUI'];
    for (let i = 0; i < 3000; i++) {
      const bytes = Uint8Array.from({ length: rand(40) }, () => rand(256));
      const b64 = btoa(String.fromCharCode(...bytes));
      inputs.push(b64, b64.replace(/=+$/, ''), `${b64}\n`);
      const noisy = b64.split('');
      noisy[rand(noisy.length + 1)] = alphabet[rand(alphabet.length)]!;
      inputs.push(noisy.join(''));
      inputs.push(Array.from({ length: rand(12) }, () => alphabet[rand(alphabet.length)]).join(''));
    }
    for (const v of inputs) {
      expect(isBase64(v), JSON.stringify(v)).toBe(slowIsBase64(v));
      expect(cleanBase64(v), JSON.stringify(v)).toBe(slowClean(v));
    }
  });
});
