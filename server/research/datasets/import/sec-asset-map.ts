// Which catalogue assets each SEC enforcement action of ChoiceCoin/Solana-Compliance concerns, by
// the row's exact key (date and case). Reviewed by hand, row by row: an action is the asset's when
// the Commission charged the asset's own issuer or developer over that asset. Actions that only
// name a chain the scheme ran on ("Blockchain: Bitcoin"), or a scheme that used bitcoin ("Token:
// BTC" in SEC v. Putnam, et al.) are not the chain's: nobody behind the chain was charged.
// Left out after review:
// - 2019-10-11 SEC v. Telegram Group Inc., et al.: the Grams were never issued; Toncoin is the
//   coin of the network others launched after Telegram withdrew.
// - 2021-09-01 SEC v. Brown, et al.: the row repeats the BitConnect action's description word for
//   word, so it is the same action listed twice; linked once.
// - 2017-07-25 The DAO report: about DAO tokens, not ether.
export const SEC_ASSET_MAP: Record<string, string[]> = {
  '2020-12-22 SEC v. Ripple Labs, Inc., et al.': ['ripple'],
  '2019-09-30 Block.one': ['eos'],
  '2021-09-01 SEC v. BitConnect, et al.': ['bitconnect'],
};

/**
 * The names under which the database records a catalogue asset's issuer or token (its Token and
 * Project Name columns), reviewed: the assets the database is searched for. An asset not named
 * here is not mapped into the database, and its absence there is no evidence.
 */
export const SEC_ASSET_ALIASES: Record<string, string[]> = {
  ripple: ['XRP', 'Ripple'],
  eos: ['EOS', 'Block.one'],
  bitconnect: ['BitConnect'],
  'the-open-network': ['Grams', 'Telegram Group Inc.'],
};
