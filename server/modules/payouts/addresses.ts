/**
 * Payout destinations checked before a wallet change is even mailed: a typo in a crypto address
 * would send money nowhere, and payouts are never reversible.
 * - USDT-TRC20: a TRON address, base58check of 0x41 ‖ 20 bytes (checksum: double sha256);
 * - BTC: any mainnet address @scure/btc-signer decodes (P2PKH, P2SH, bech32 v0, bech32m taproot),
 *   which checks the base58 or bech32 checksum;
 * - PayPal: the account's e-mail address;
 * - bank / other: free text (account holder, IBAN/SWIFT or local details), staff send it by hand.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { Address, NETWORK } from '@scure/btc-signer';
import type { PayoutMethod } from '#shared/contracts/payouts.ts';

const base58check = createBase58check(sha256);
const btc = Address(NETWORK);
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** The address as stored (trimmed; e-mail lower-cased), or null when it is not valid for the method. */
export function normalizeAddress(method: PayoutMethod, raw: string): string | null {
  const value = raw.trim();
  switch (method) {
    case 'usdt-trc20': {
      if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return null;
      try {
        const bytes = base58check.decode(value);
        return bytes.length === 21 && bytes[0] === 0x41 ? value : null;
      } catch {
        return null;
      }
    }
    case 'btc': {
      try {
        btc.decode(value);
        return value;
      } catch {
        return null;
      }
    }
    case 'paypal': {
      const email = value.toLowerCase();
      return email.length <= 254 && EMAIL.test(email) ? email : null;
    }
    case 'bank':
      return value.length >= 10 && value.length <= 300 ? value.replace(/\s+/g, ' ') : null;
  }
}
