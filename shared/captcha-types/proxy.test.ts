import { describe, expect, it } from 'vitest';
import { parseProxyV1, parseProxyV2 } from './proxy.ts';

describe('parseProxyV1', () => {
  it.each([
    ['1.2.3.4:3128', 'HTTP', { type: 'http', address: '1.2.3.4', port: 3128 }],
    ['login:password@1.2.3.4:3128', 'SOCKS5', { type: 'socks5', address: '1.2.3.4', port: 3128, login: 'login', password: 'password' }],
    ['user:p@ss:word@proxy.example.com:8080', 'https', { type: 'https', address: 'proxy.example.com', port: 8080, login: 'user', password: 'p@ss:word' }],
    ['1.2.3.4:3128', undefined, { type: 'http', address: '1.2.3.4', port: 3128 }],
    ['socks4://1.2.3.4:1080', undefined, { type: 'socks4', address: '1.2.3.4', port: 1080 }],
    ['[2001:db8::1]:8080', 'HTTP', { type: 'http', address: '2001:db8::1', port: 8080 }],
  ])('%s (%s)', (proxy, type, expected) => {
    expect(parseProxyV1(proxy, type)).toEqual({ ok: true, proxy: expected });
  });

  it('returns no proxy when none was given', () => {
    expect(parseProxyV1(undefined, 'HTTP')).toEqual({ ok: true });
    expect(parseProxyV1('  ', undefined)).toEqual({ ok: true });
  });

  it.each([
    ['1.2.3.4', 'HTTP'],
    ['1.2.3.4:0', 'HTTP'],
    ['1.2.3.4:70000', 'HTTP'],
    ['1.2.3.4:80', 'FTP'],
    [':pass@1.2.3.4:80', 'HTTP'],
    ['bad host:80', 'HTTP'],
  ])('%s (%s) → ERROR_PROXY_FORMAT', (proxy, type) => {
    expect(parseProxyV1(proxy, type)).toMatchObject({ ok: false, error: 'ERROR_PROXY_FORMAT' });
  });
});

describe('parseProxyV2', () => {
  it('reads the five fields, port as number or string, type case-insensitively', () => {
    expect(parseProxyV2({ proxyType: 'SOCKS5', proxyAddress: '1.2.3.4', proxyPort: '1080', proxyLogin: 'u', proxyPassword: 'p' })).toEqual({
      ok: true,
      proxy: { type: 'socks5', address: '1.2.3.4', port: 1080, login: 'u', password: 'p' },
    });
    expect(parseProxyV2({ proxyType: 'http', proxyAddress: 'proxy.example.com', proxyPort: 8080, proxyLogin: null })).toEqual({
      ok: true,
      proxy: { type: 'http', address: 'proxy.example.com', port: 8080 },
    });
  });

  it('returns no proxy when no proxy field is present', () => {
    expect(parseProxyV2({ type: 'RecaptchaV2Task' })).toEqual({ ok: true });
  });

  it.each([
    [{ proxyAddress: '1.2.3.4', proxyPort: 80 }],
    [{ proxyType: 'http', proxyAddress: '1.2.3.4' }],
    [{ proxyType: 'ftp', proxyAddress: '1.2.3.4', proxyPort: 80 }],
    [{ proxyType: 'http', proxyAddress: '1.2.3.4', proxyPort: 'eighty' }],
    [{ proxyType: 'http', proxyAddress: '1.2.3.4', proxyPort: 80, proxyLogin: 5 }],
  ])('%j → ERROR_BAD_PROXY', (task) => {
    expect(parseProxyV2(task)).toMatchObject({ ok: false, error: 'ERROR_BAD_PROXY' });
  });
});
