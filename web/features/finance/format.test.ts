import { describe, expect, it } from 'vitest';
import { changes, dollars } from './format.ts';

describe('finance formatting', () => {
  it('shows micro-USD as dollars, negatives with a minus sign', () => {
    expect(dollars('12500000')).toBe('$12.50');
    expect(dollars('-500')).toBe('−$0.0005');
    expect(dollars(0)).toBe('$0.00');
  });

  it('lists only the audit fields that changed, money as dollars', () => {
    expect(changes({ before: { balance: 1_000_000, is_admin: false }, after: { balance: 3_500_000, is_admin: false, kind: 'adjustment' } })).toEqual([
      { key: 'balance', before: '$1.00', after: '$3.50' },
      { key: 'kind', before: '—', after: 'adjustment' },
    ]);
  });
});
