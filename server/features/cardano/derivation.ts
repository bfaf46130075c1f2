import {
  BaseAddress,
  Bip32PublicKey,
  Credential,
  NetworkInfo,
  RewardAddress,
} from '@emurgo/cardano-serialization-lib-nodejs';

// Receive addresses come from an account public key (CIP-1852 m/1852'/1815'/0'): the server can
// derive any number of fresh addresses but can never spend from them.

export type CardanoNetworkName = 'mainnet' | 'preprod';

/**
 * The public account key of the library's own test mnemonic ("test walk nut penalty hip pave
 * soap entry language right filter choice"). Sandbox only: its spending key is public knowledge.
 */
export const SANDBOX_ACCOUNT_XPUB =
  'cf779aa32f35083707808532471cb64ee41426c9bbd46134dac2ac5b2a0ec0e98fa5fcd46abd9d46d4d8a97a8f3465e2c4e8f3c9dad9ff66823a161ecadca604';

/** cardano-serialization-lib's published vector (bip32_12_base): that mnemonic, index 0. */
export const LIBRARY_TEST_VECTOR = {
  accountXpub: SANDBOX_ACCOUNT_XPUB,
  index: 0,
  preprod:
    'addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3jcu5d8ps7zex2k2xt3uqxgjqnnj83ws8lhrn648jjxtwq2ytjqp',
  mainnet:
    'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3jcu5d8ps7zex2k2xt3uqxgjqnnj83ws8lhrn648jjxtwqfjkjv7',
} as const;

export class AddressDeriver {
  private readonly externalChain: Bip32PublicKey;
  private readonly stakeCredential: Credential;
  private readonly networkId: number;

  constructor(accountXpub: string, network: CardanoNetworkName) {
    const account = parseAccountXpub(accountXpub);
    this.externalChain = account.derive(0);
    this.stakeCredential = Credential.from_keyhash(account.derive(2).derive(0).to_raw_key().hash());
    this.networkId =
      network === 'mainnet' ? NetworkInfo.mainnet().network_id() : NetworkInfo.testnet_preprod().network_id();
  }

  /** The stake (reward) address every receive address shares: one chain query covers them all. */
  stakeAddress(): string {
    return RewardAddress.new(this.networkId, this.stakeCredential).to_address().to_bech32(undefined);
  }

  /** The base address (payment key m/…/0/index, stake key m/…/2/0) in bech32. */
  addressAt(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) {
      throw new Error(`derivation index out of range: ${index}`);
    }
    const paymentKey = this.externalChain.derive(index).to_raw_key();
    const address = BaseAddress.new(
      this.networkId,
      Credential.from_keyhash(paymentKey.hash()),
      this.stakeCredential,
    );
    return address.to_address().to_bech32(undefined);
  }
}

/** Accepts the 64-byte hex form or a bech32 account key (acct_xvk… / xpub…). */
export function parseAccountXpub(value: string): Bip32PublicKey {
  const trimmed = value.trim();
  try {
    if (/^[0-9a-f]{128}$/i.test(trimmed)) return Bip32PublicKey.from_hex(trimmed);
    return Bip32PublicKey.from_bech32(trimmed);
  } catch {
    throw new Error(
      'CARDANO_ACCOUNT_XPUB is not an account public key (expected 128 hex characters or acct_xvk…/xpub… bech32)',
    );
  }
}

/**
 * Start-up self-check: the library must derive its own published test vector, and the
 * configured account key must parse. Throws (refusing to start) otherwise.
 */
export function verifyCardanoDerivation(config: {
  CARDANO_ACCOUNT_XPUB?: string | undefined;
  CARDANO_NETWORK: CardanoNetworkName;
}): void {
  for (const network of ['preprod', 'mainnet'] as const) {
    const derived = new AddressDeriver(LIBRARY_TEST_VECTOR.accountXpub, network).addressAt(
      LIBRARY_TEST_VECTOR.index,
    );
    if (derived !== LIBRARY_TEST_VECTOR[network]) {
      throw new Error(
        `Cardano address derivation does not match the library's published test vector on ${network} (got ${derived}); refusing to start`,
      );
    }
  }
  if (config.CARDANO_ACCOUNT_XPUB) {
    new AddressDeriver(config.CARDANO_ACCOUNT_XPUB, config.CARDANO_NETWORK).addressAt(0);
  }
}
