import { describe, expect, it } from 'vitest';
import { canonicalUrl, hostKindOf, localizedPath, normalizedRedirect, splitLanguage } from './routing.ts';

const sites = { intl: 'https://captchahub.example', ru: 'https://ru.captchahub.example', zh: null };

describe('language routing', () => {
  it('splits known prefixes only', () => {
    expect(splitLanguage('/ru/about')).toEqual({ lang: 'ru', rest: '/about' });
    expect(splitLanguage('/zh')).toEqual({ lang: 'zh', rest: '/' });
    expect(splitLanguage('/xx/about')).toEqual({ lang: null, rest: '/xx/about' });
    expect(splitLanguage('/about')).toEqual({ lang: null, rest: '/about' });
  });

  it('prefixes every language but the host one', () => {
    expect(localizedPath('en', '/about')).toBe('/about');
    expect(localizedPath('ru', '/')).toBe('/ru/');
    expect(localizedPath('ru', '/about', 'ru')).toBe('/about');
  });

  it('builds one canonical per language', () => {
    expect(canonicalUrl(sites, 'en', '/about')).toBe('https://captchahub.example/about');
    expect(canonicalUrl(sites, 'ru', '/about')).toBe('https://ru.captchahub.example/about');
    expect(canonicalUrl(sites, 'zh', '/about')).toBe('https://captchahub.example/zh/about');
    expect(canonicalUrl({ ...sites, zh: 'https://cn.example' }, 'zh', '/')).toBe('https://cn.example/zh/');
    expect(canonicalUrl(sites, 'de', '/')).toBe('https://captchahub.example/de/');
  });

  it('redirects /main and /en on the international host', () => {
    expect(normalizedRedirect('/main', 'intl')).toBe('/');
    expect(normalizedRedirect('/en/about', 'intl')).toBe('/about');
    expect(normalizedRedirect('/en', 'intl')).toBe('/');
    expect(normalizedRedirect('/ru/about', 'intl')).toBeNull();
  });

  it('never redirects off-site: /en//host is /host, not //host (issue 21, open redirect)', () => {
    expect(normalizedRedirect('/en//evil.example', 'intl')).toBe('/evil.example');
    expect(normalizedRedirect('/en///evil.example/x', 'intl')).toBe('/evil.example/x');
    expect(normalizedRedirect('/en/\\evil.example', 'intl')).toBe('/evil.example');
  });

  it('tells hosts apart', () => {
    expect(hostKindOf(sites, 'ru.captchahub.example')).toBe('ru');
    expect(hostKindOf(sites, 'captchahub.example')).toBe('intl');
    expect(hostKindOf(sites, 'localhost:3000')).toBe('intl');
  });
});
