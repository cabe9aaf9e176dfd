import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.ts';

/** Issue 21, finding 2: every hostile return_to is refused; paths on this site come back normalised. */
describe('safeReturnTo', () => {
  it.each([
    ['/profile', '/profile'],
    ['/enterpage?tab=keys', '/enterpage?tab=keys'],
    ['/ru/cabinet#balance', '/ru/cabinet#balance'],
    ['/search?q=100%25', '/search?q=100%25'],
    ['/a/../b', '/b'],
    ['/пример', '/%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80'],
  ])('keeps %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    42,
    'profile',
    'https://evil.example',
    'http:/evil.example',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,x',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    ' //evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%0d%0a/evil.example',
    '/x%0d%0aSet-Cookie:%20a=b',
    '/%2f/evil.example',
    '/%2F%2Fevil.example',
    '/%5cevil.example',
    '/%5C%5Cevil.example',
    '%2f%2fevil.example',
    '/%252f/evil.example',
    '/%25252f/evil.example',
    // Dot segments resolved by the URL parser must not leave two slashes at the front.
    '/a/..//evil.example',
    '/.//evil.example',
    '/..//evil.example/x',
    '/%2e//evil.example',
    '/a/%2e%2e//evil.example',
    '/a/%2E%2E/%2E%2E//evil.example',
    '/./%2fevil.example',
    '/\u0000',
    '/\u007f',
    '/' + 'a'.repeat(3000),
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
});
