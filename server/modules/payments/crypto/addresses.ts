/**
 * Deposit addresses from an extended public key: never a private key on the server. Each invoice
 * gets the next index i on the external chain (…/0/i) of the configured account key:
 * - BTC: a zpub (BIP84) gives native segwit P2WPKH (bc1q…), an xpub (BIP44) legacy P2PKH (1…);
 * - BCH: an xpub of m/44'/145'/0' gives CashAddr P2PKH (bitcoincash:q…);
 * - TRON (USDT TRC-20): an xpub of m/44'/195'/0' gives base58check(0x41 ‖ keccak256(pubkey)[12..]).
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { NETWORK, p2pkh, p2wpkh } from '@scure/btc-signer';
import type { CoinId } from '#shared/contracts/crypto.ts';

/** SLIP-132 version bytes of the extended public keys we accept. */
const XPUB = { private: 0x0488ade4, public: 0x0488b21e };
const ZPUB = { private: 0x04b2430c, public: 0x04b24746 };

const base58check = createBase58check(sha256);

export class BadExtendedKeyError extends Error {}

/** One coin's account key, ready to derive receive addresses. */
export interface AddressDeriver {
  readonly coin: CoinId;
  /** What kind of address it makes (shown to admins): p2wpkh, p2pkh, cashaddr, tron. */
  readonly kind: string;
  addressAt(index: number): string;
}

function parseKey(extended: string, versions: { private: number; public: number }): HDKey {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(extended.trim(), versions);
  } catch (err) {
    throw new BadExtendedKeyError(`not an extended public key: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (key.privateKey)
    {throw new BadExtendedKeyError('an extended PRIVATE key was given: configure the account xpub only');}
  return key;
}

function child(account: HDKey, index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000)
    {throw new RangeError(`address index out of range: ${index}`);}
  const pub = account.deriveChild(0).deriveChild(index).publicKey;
  if (!pub) throw new Error('derivation gave no public key');
  return pub;
}

// CashAddr (BCH): the spec's polymod checksum over the prefix and 5-bit groups.
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

function polymod(values: number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    GENERATORS.forEach((g, i) => {
      if ((c0 >> BigInt(i)) & 1n) c ^= g;
    });
  }
  return c ^ 1n;
}

function to5bit(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) out.push((acc << (5 - bits)) & 31);
  return out;
}

/** CashAddr of a P2PKH hash160 (version byte 0: P2PKH, 160-bit hash). */
export function cashAddrP2pkh(hash160: Uint8Array, prefix = 'bitcoincash'): string {
  if (hash160.length !== 20) throw new RangeError('hash160 must be 20 bytes');
  const payload = to5bit(Uint8Array.of(0, ...hash160));
  const prefixBits = [...prefix].map((ch) => ch.charCodeAt(0) & 31);
  const mod = polymod([...prefixBits, 0, ...payload, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return `${prefix}:${[...payload, ...checksum].map((d) => CHARSET[d]).join('')}`;
}

/** TRON address of a secp256k1 public key (compressed or not). */
export function tronAddressOf(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const tail = keccak_256(uncompressed.subarray(1)).subarray(12);
  return base58check.encode(Uint8Array.of(0x41, ...tail));
}

/** TRON base58 ↔ 21-byte hex (41…), e.g. for the USDT contract in TronGrid queries. */
export function tronHex(address: string): string {
  return Buffer.from(base58check.decode(address)).toString('hex');
}

/** The deriver for a coin's configured extended public key. @throws BadExtendedKeyError */
export function addressDeriver(coin: CoinId, extendedKey: string): AddressDeriver {
  const key = extendedKey.trim();
  switch (coin) {
    case 'BTC': {
      if (key.startsWith('zpub')) {
        const account = parseKey(key, ZPUB);
        return { coin, kind: 'p2wpkh', addressAt: (i) => p2wpkh(child(account, i), NETWORK).address! };
      }
      const account = parseKey(key, XPUB);
      return { coin, kind: 'p2pkh', addressAt: (i) => p2pkh(child(account, i), NETWORK).address! };
    }
    case 'BCH': {
      const account = parseKey(key, XPUB);
      return { coin, kind: 'cashaddr', addressAt: (i) => cashAddrP2pkh(p2pkh(child(account, i), NETWORK).hash!) };
    }
    case 'USDT_TRC20': {
      const account = parseKey(key, XPUB);
      return { coin, kind: 'tron', addressAt: (i) => tronAddressOf(child(account, i)) };
    }
  }
}
