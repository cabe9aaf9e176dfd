import { describe, expect, it } from 'vitest';
import { convertMicros, minorDigits } from './currency.ts';

describe('convertMicros', () => {
  it('converts micro-USD exactly and rounds half up to the minor unit', () => {
    expect(convertMicros(500_000, '1', 2)).toBe('0.50');
    expect(convertMicros(500_000, '90', 2)).toBe('45.00');
    expect(convertMicros(1_000_000, '7.2', 2)).toBe('7.20');
    // 0.5 × 92.345 = 46.1725 → 46.17; 1 × 92.345 = 92.345 → 92.35 (the half goes up).
    expect(convertMicros(500_000, '92.345', 2)).toBe('46.17');
    expect(convertMicros(1_000_000, '92.345', 2)).toBe('92.35');
    expect(convertMicros(5_000, '1', 2)).toBe('0.01'); // exactly half a cent
    expect(convertMicros(4_999, '1', 2)).toBe('0.00');
    expect(convertMicros(0, '90', 2)).toBe('0.00');
  });

  it('stays exact where floating point would not', () => {
    // 0.1 + 0.2 style traps: 1.005 USD at rate 1 is 1.005 exactly, so half up gives 1.01 (float gives 1.00).
    expect(convertMicros(1_005_000, '1', 2)).toBe('1.01');
    expect(convertMicros(1_015_000, '1', 2)).toBe('1.02');
    // Large amounts keep every digit.
    expect(convertMicros(999_999_999_999_999, '90.123456789', 2)).toBe('90123456789.00');
    expect(convertMicros(123_456_789_012_345, '90.123456789', 2)).toBe('11126352589.86');
  });

  it('handles currencies without a minor unit and negative amounts', () => {
    expect(convertMicros(1_234_567, '150.5', 0)).toBe('186');
    expect(convertMicros(-500_000, '90', 2)).toBe('-45.00');
    expect(convertMicros(-4_000, '1', 2)).toBe('0.00');
  });

  it('knows the minor units of ISO 4217', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('RUB')).toBe(2);
    expect(minorDigits('CNY')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
  });
});
