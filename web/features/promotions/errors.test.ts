import { describe, expect, it } from 'vitest';
import { bonusUsd, promoErrorKey } from './errors.ts';
import { formatWhen, localInputToIso } from './format.ts';

describe('promotions helpers', () => {
  it('computes the bonus exactly in cents, floored', () => {
    expect(bonusUsd('25', 10)).toBe('2.50');
    expect(bonusUsd('12.5', 15)).toBe('1.87');
    expect(bonusUsd('0.99', 100)).toBe('0.99');
    expect(bonusUsd('10000', 7)).toBe('700.00');
  });

  it('words refusals by their reason, other failures by code or network', () => {
    expect(promoErrorKey({ status: 409, data: { error: { code: 'CONFLICT', message: '', details: { reason: 'used' } } } })).toBe('errors.used');
    expect(promoErrorKey({ status: 404, data: { error: { code: 'NOT_FOUND', message: '', details: { reason: 'unknown' } } } })).toBe('errors.unknown');
    expect(promoErrorKey({ status: 429, data: { error: { code: 'RATE_LIMITED', message: '' } } })).toBe('errors.RATE_LIMITED');
    expect(promoErrorKey({ status: 'FETCH_ERROR' })).toBe('errors.NETWORK');
    expect(promoErrorKey(undefined)).toBe('errors.generic');
  });

  it('reads datetime-local values as UTC', () => {
    expect(localInputToIso('2026-01-02T03:04')).toBe('2026-01-02T03:04:00.000Z');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('nonsense')).toBeNull();
  });

  it('formats instants in UTC, naming the zone, in every page language', () => {
    for (const lang of ['en', 'ru', 'zh']) expect(formatWhen('2026-01-02T03:04:00Z', lang)).toMatch(/UTC/);
  });
});
