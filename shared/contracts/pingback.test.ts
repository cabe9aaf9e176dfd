import { describe, expect, it } from 'vitest';
import { pingbackHostOf, PingbackHostSchema } from './pingback.ts';

describe('pingbackHostOf', () => {
  it('keeps the host and port of a URL, a domain or an IP', () => {
    expect(pingbackHostOf('https://Hooks.Example.com/captcha?x=1')).toBe('hooks.example.com');
    expect(pingbackHostOf('hooks.example.com')).toBe('hooks.example.com');
    expect(pingbackHostOf('http://127.0.0.1:8080/cb')).toBe('127.0.0.1:8080');
    expect(pingbackHostOf('203.0.113.7')).toBe('203.0.113.7');
    expect(pingbackHostOf('http://[2001:db8::1]:81/x')).toBe('[2001:db8::1]:81');
    expect(pingbackHostOf(' localhost ')).toBe('localhost');
  });

  it('refuses what has no usable host', () => {
    for (const bad of ['', '   ', 'http://', 'two words.com', 'bad_host!.com', '-a.com', 'a..b', 'http://exa mple.com']) {
      expect(pingbackHostOf(bad), bad).toBeNull();
    }
    expect(PingbackHostSchema.safeParse({ address: 'not a host' }).success).toBe(false);
    expect(PingbackHostSchema.safeParse({ address: 'example.org' }).success).toBe(true);
  });
});
