import { describe, expect, it } from 'vitest';
import { effectiveQuery, formatUsd, formatUtc, isAmount, mailLinks, pageCount, rowRange } from './logic.ts';

describe('effectiveQuery (spec §5: the filter applies from 3 characters)', () => {
  it('ignores shorter text, trimmed', () => {
    expect(effectiveQuery('')).toBe('');
    expect(effectiveQuery('ab')).toBe('');
    expect(effectiveQuery('  ab  ')).toBe('');
    expect(effectiveQuery(' abc ')).toBe('abc');
    expect(effectiveQuery('12')).toBe('');
    expect(effectiveQuery('123')).toBe('123');
  });
});

describe('paging', () => {
  it('counts pages of 50 and the rows shown', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(rowRange(0, 0)).toEqual({ from: 0, to: 0 });
    expect(rowRange(0, 123)).toEqual({ from: 1, to: 50 });
    expect(rowRange(2, 123)).toEqual({ from: 101, to: 123 });
  });
});

describe('money', () => {
  it('accepts what AdjustBalanceSchema accepts, except zero', () => {
    expect(isAmount('12.50')).toBe(true);
    expect(isAmount('-5')).toBe(true);
    expect(isAmount('0.000001')).toBe(true);
    expect(isAmount('0')).toBe(false);
    expect(isAmount('-0.00')).toBe(false);
    expect(isAmount('1.1234567')).toBe(false);
    expect(isAmount('12,50')).toBe(false);
    expect(isAmount('$5')).toBe(false);
  });

  it('formats balances as dollars', () => {
    expect(formatUsd('25.00')).toBe('$25.00');
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatUsd('0.0005')).toBe('$0.0005');
    expect(formatUsd('-2')).toBe('−$2.00');
  });

  it('formats times in UTC', () => {
    expect(formatUtc('2025-06-01T09:08:07.000Z')).toBe('2025-06-01 09:08 UTC');
  });
});

describe('mailLinks', () => {
  it('collects the links of the text and the HTML once each', () => {
    const text = 'Confirm: https://example.com/auth/check_key/abc/1.\nOr (https://example.com/x?a=1&b=2)';
    const html =
      '<a href="https://example.com/auth/check_key/abc/1">Confirm</a><a href="https://example.com/y?a=1&amp;b=2">y</a><a href="mailto:x@y">m</a>';
    expect(mailLinks(text, html)).toEqual([
      'https://example.com/auth/check_key/abc/1',
      'https://example.com/x?a=1&b=2',
      'https://example.com/y?a=1&b=2',
    ]);
  });
});
