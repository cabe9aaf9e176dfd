import { describe, expect, it } from 'vitest';
import { checkRange, presetRange, rangeFromSearch } from './range.ts';

const NOW = Date.parse('2025-03-10T15:00:00Z');

describe('statistics range', () => {
  it('defaults to the last 7 days ending today (UTC)', () => {
    expect(rangeFromSearch(new URLSearchParams(), NOW)).toEqual({ dateFrom: '2025-03-04', dateTo: '2025-03-10', error: null });
  });

  it('reads the address and says what is wrong with it', () => {
    expect(rangeFromSearch(new URLSearchParams('dateFrom=2025-03-01&dateTo=2025-03-02'), NOW).error).toBeNull();
    expect(checkRange('2025-02-30', '2025-03-01')).toBe('invalid');
    expect(checkRange('', '2025-03-01')).toBe('invalid');
    expect(checkRange('2025-03-02', '2025-03-01')).toBe('order');
    expect(checkRange('2024-01-01', '2025-03-01')).toBe('tooLong');
    expect(checkRange('2024-03-01', '2025-03-01')).toBeNull();
  });

  it('builds quick ranges ending today', () => {
    expect(presetRange(1, NOW)).toEqual({ dateFrom: '2025-03-10', dateTo: '2025-03-10' });
    expect(presetRange(30, NOW)).toEqual({ dateFrom: '2025-02-09', dateTo: '2025-03-10' });
  });
});
