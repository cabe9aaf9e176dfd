import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money.ts';

describe('money', () => {
  it('round-trips exact decimals', () => {
    for (const v of ['0.00', '12.50', '0.0005', '-3.25', '999999999.999999']) expect(formatMoney(parseMoney(v))).toBe(v);
    expect(parseMoney('0.1') + parseMoney('0.2')).toBe(parseMoney('0.3'));
  });
  it('refuses what is not money', () => {
    for (const v of ['', '1e3', '1.1234567', 'abc', '1,5']) expect(() => parseMoney(v)).toThrow(RangeError);
  });
});
