import { describe, expect, it } from 'vitest';
import { formatBytes, formatDateTime, formatUsd, timeZoneOptions } from './format.ts';

describe('formatUsd', () => {
  it('puts the dollar first and keeps at least two decimals', () => {
    expect(formatUsd('25')).toBe('$25.00');
    expect(formatUsd('25.5')).toBe('$25.50');
    expect(formatUsd('0.00')).toBe('$0.00');
  });

  it('keeps every decimal the server sent, without float rounding', () => {
    expect(formatUsd('0.0005')).toBe('$0.0005');
    expect(formatUsd('0.100000')).toBe('$0.10');
    expect(formatUsd('999999999.999999')).toBe('$999,999,999.999999');
  });

  it('groups thousands the way the language writes numbers', () => {
    expect(formatUsd('1234567.5', 'en')).toBe('$1,234,567.50');
    expect(formatUsd('1234567.5', 'zh')).toBe('$1,234,567.50');
    expect(formatUsd('1234567.5', 'ru')).toMatch(/^\$1\s234\s567\.50$/u);
    expect(formatUsd('25', 'ru')).toBe('$25.00');
  });

  it('shows debits with a minus sign and no negative zero', () => {
    expect(formatUsd('-3.5')).toBe('−$3.50');
    expect(formatUsd('-0.00')).toBe('$0.00');
  });

  it('shows anything that is not a decimal as it came', () => {
    expect(formatUsd('n/a')).toBe('n/a');
  });
});

describe('formatBytes and formatDateTime', () => {
  it('uses binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });

  it('formats in the given zone, falling back to UTC for an unknown one', () => {
    expect(formatDateTime('2025-03-04T22:30:00Z', 'UTC')).toBe('2025-03-04 22:30');
    expect(formatDateTime('2025-03-04T22:30:00Z', 'Europe/Moscow')).toBe('2025-03-05 01:30');
    expect(formatDateTime('2025-03-04T22:30:00Z', 'Not/AZone')).toBe('2025-03-04 22:30');
  });

  it('offers the saved zone even when it is not a common one', () => {
    expect(timeZoneOptions('UTC')[0]).toBe('UTC');
    expect(timeZoneOptions('Africa/Nairobi')[0]).toBe('Africa/Nairobi');
  });
});
