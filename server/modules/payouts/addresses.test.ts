import { describe, expect, it } from 'vitest';
import { normalizeAddress } from './addresses.ts';

describe('payout address checks', () => {
  it('accepts TRON addresses only with a valid base58check checksum', () => {
    expect(normalizeAddress('usdt-trc20', ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t ')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(normalizeAddress('usdt-trc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeNull(); // one character off
    expect(normalizeAddress('usdt-trc20', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBeNull();
  });

  it('accepts mainnet bitcoin addresses of every kind and refuses bad checksums', () => {
    for (const a of ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy']) {
      expect(normalizeAddress('btc', a)).toBe(a);
    }
    expect(normalizeAddress('btc', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv')).toBeNull();
    expect(normalizeAddress('btc', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBeNull(); // testnet
  });

  it('takes an e-mail for PayPal and free text for bank transfers', () => {
    expect(normalizeAddress('paypal', 'Worker@Example.COM')).toBe('worker@example.com');
    expect(normalizeAddress('paypal', 'not an address')).toBeNull();
    expect(normalizeAddress('bank', 'IBAN DE89 3704 0044 0532 0130 00, J. Doe')).toBe('IBAN DE89 3704 0044 0532 0130 00, J. Doe');
    expect(normalizeAddress('bank', 'short')).toBeNull();
  });
});
