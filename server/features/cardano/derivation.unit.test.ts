import {
  BaseAddress,
  Bip32PrivateKey,
  Credential,
  NetworkInfo,
} from '@emurgo/cardano-serialization-lib-nodejs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  AddressDeriver,
  LIBRARY_TEST_VECTOR,
  SANDBOX_ACCOUNT_XPUB,
  verifyCardanoDerivation,
} from './derivation';

// "test walk nut penalty hip pave soap entry language right filter choice" (the library's root_key_12).
const ENTROPY = Buffer.from('df9ed25ed146bf43336a5d7cf7395994', 'hex');
const harden = (n: number) => (n | 0x80000000) >>> 0;
const accountPrivateKey = () =>
  Bip32PrivateKey.from_bip39_entropy(ENTROPY, Buffer.alloc(0))
    .derive(harden(1852))
    .derive(harden(1815))
    .derive(harden(0));

describe('Cardano address derivation', () => {
  it('derives the library published test vectors (bip32_12_base) on preprod and mainnet', () => {
    expect(new AddressDeriver(LIBRARY_TEST_VECTOR.accountXpub, 'preprod').addressAt(0)).toBe(
      'addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3jcu5d8ps7zex2k2xt3uqxgjqnnj83ws8lhrn648jjxtwq2ytjqp',
    );
    expect(new AddressDeriver(LIBRARY_TEST_VECTOR.accountXpub, 'mainnet').addressAt(0)).toBe(
      'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3jcu5d8ps7zex2k2xt3uqxgjqnnj83ws8lhrn648jjxtwqfjkjv7',
    );
  });

  it('the built-in sandbox key is the public account key of that mnemonic', () => {
    expect(accountPrivateKey().to_public().to_hex()).toBe(SANDBOX_ACCOUNT_XPUB);
  });

  it('xpub-only derivation equals private-key derivation for the first 50 indexes', () => {
    const account = accountPrivateKey();
    const stake = Credential.from_keyhash(account.derive(2).derive(0).to_public().to_raw_key().hash());
    const fromXpub = new AddressDeriver(account.to_public().to_bech32(), 'preprod');
    const seen = new Set<string>();
    for (let index = 0; index < 50; index += 1) {
      const payment = Credential.from_keyhash(
        account.derive(0).derive(index).to_public().to_raw_key().hash(),
      );
      const expected = BaseAddress.new(NetworkInfo.testnet_preprod().network_id(), payment, stake)
        .to_address()
        .to_bech32(undefined);
      const derived = fromXpub.addressAt(index);
      expect(derived).toBe(expected);
      seen.add(derived);
    }
    expect(seen.size).toBe(50);
  });

  it('the start-up self-check passes with the library and refuses a malformed account key', () => {
    expect(() => verifyCardanoDerivation(loadConfig({ NODE_ENV: 'test' }))).not.toThrow();
    expect(() =>
      verifyCardanoDerivation(loadConfig({ NODE_ENV: 'test', CARDANO_ACCOUNT_XPUB: 'not-a-key' })),
    ).toThrow(/CARDANO_ACCOUNT_XPUB/);
  });

  it('refuses an index outside the non-hardened range', () => {
    const deriver = new AddressDeriver(SANDBOX_ACCOUNT_XPUB, 'preprod');
    expect(() => deriver.addressAt(-1)).toThrow();
    expect(() => deriver.addressAt(0x80000000)).toThrow();
  });
});
