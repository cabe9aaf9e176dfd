import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import { addressDeriver, BadExtendedKeyError, cashAddrP2pkh, tronAddressOf, tronHex } from './addresses.ts';

// The BIP39 test mnemonic every wallet publishes its vectors for.
const seed = mnemonicToSeedSync(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const master = HDKey.fromMasterSeed(seed);
const ZPUB = { private: 0x04b2430c, public: 0x04b24746 };

describe('deposit addresses from an extended public key', () => {
  it('BIP84: the published account zpub gives the published native segwit addresses', () => {
    const zpub =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    // The zpub in BIP84's test vectors is the one the mnemonic gives at m/84'/0'/0'.
    expect(HDKey.fromMasterSeed(seed, ZPUB).derive("m/84'/0'/0'").publicExtendedKey).toBe(zpub);
    const btc = addressDeriver('BTC', zpub);
    expect(btc.kind).toBe('p2wpkh');
    expect(btc.addressAt(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(btc.addressAt(1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it("BIP44 xpub: legacy P2PKH for BTC (m/44'/0'/0'/0/0 = 1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA)", () => {
    const xpub = master.derive("m/44'/0'/0'").publicExtendedKey;
    expect(addressDeriver('BTC', xpub).addressAt(0)).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
  });

  it('BIP32 test vector 1: the public derivation from the m/0H/1/2H/2 xpub gives the published m/0H/1/2H/2/1000000000 key', () => {
    const parent = HDKey.fromExtendedKey(
      'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
    );
    expect(parent.deriveChild(1_000_000_000).publicExtendedKey).toBe(
      'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
    );
  });

  it("BCH: CashAddr (the spec example, and m/44'/145'/0'/0/0 of the test mnemonic)", () => {
    // CashAddr spec: hash160 76a04053… is 1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu, i.e. this CashAddr.
    expect(cashAddrP2pkh(Buffer.from('76a04053bda0a88bda5177b86a15c3b29f559873', 'hex'))).toBe(
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
    );
    const xpub = master.derive("m/44'/145'/0'").publicExtendedKey;
    expect(addressDeriver('BCH', xpub).addressAt(0)).toBe('bitcoincash:qqyx49mu0kkn9ftfj6hje6g2wfer34yfnq5tahq3q6');
  });

  it('TRON: base58check(0x41 ‖ keccak tail), the same tail as Ethereum for the same key', () => {
    // The USDT contract's published base58 and hex forms.
    expect(tronHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    // m/44'/60'/0'/0/0 of the test mnemonic is Ethereum's 0x9858EfFD232B4033E47d90003D41EC34EcaEda94.
    expect(tronHex(tronAddressOf(master.derive("m/44'/60'/0'/0/0").publicKey!))).toBe(
      '419858effd232b4033e47d90003d41ec34ecaeda94',
    );
    const xpub = master.derive("m/44'/195'/0'").publicExtendedKey;
    expect(addressDeriver('USDT_TRC20', xpub).addressAt(0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('refuses an extended private key and garbage', () => {
    expect(() => addressDeriver('BTC', master.derive("m/44'/0'/0'").privateExtendedKey)).toThrow(BadExtendedKeyError);
    expect(() => addressDeriver('BCH', 'xpub-not-a-key')).toThrow(BadExtendedKeyError);
  });
});
