// Which snapshot assets each DeFiHackLabs entry concerns, by the entry's exact key (date and
// name as the list spells them) to CoinGecko ids. Reviewed by hand, one entry at a time: the
// exploited protocol is the asset's own protocol. Entries about other parties that merely held
// the token (a market maker losing OP, a pool holding imBTC) are left out. One entry may concern
// several assets: an integration bug between two assets' own contracts is both assets'.
export const HACK_ASSET_MAP: Record<string, string[]> = {
  '2023-07-30 Curve': ['curve-dao-token'],
  '2026-03-02 Curve LlamaLend': ['curve-dao-token'],
  // Curve's own fee burner (its contract, per the entry's PoC and Hypernative's post).
  '2023-08-02 CurveBurner': ['curve-dao-token'],
  '2020-06-28 Balancer Protocol': ['balancer'],
  '2023-08-27 Balancer': ['balancer'],
  '2025-11-03 BalancerV2': ['balancer'],
  '2021-02-04 Yearn YDai': ['yearn-finance'],
  '2023-04-13 yearnFinance': ['yearn-finance'],
  // Yearn's yETH pool (the PoC's vulnerable contract, banteg's report).
  '2025-12-01 yETH': ['yearn-finance'],
  '2021-09-16 SushiSwap Miso': ['sushi'],
  '2023-04-09 SushiSwap': ['sushi'],
  // SushiSwap's own fee converter sandwiched (cmichel's replay of the attack).
  '2021-01-25 Sushi Badger Digg': ['sushi'],
  '2021-08-30 Cream Finance': ['cream-2'],
  '2021-10-27 CreamFinance': ['cream-2'],
  '2022-04-16 BeanstalkFarms': ['bean'],
  '2022-03-29 Ronin Network': ['axie-infinity'],
  '2022-01-18 Multichain (Anyswap)': ['multichain'],
  // Multichain's AnyswapV4Router (the PoC's vulnerable contract), still approved by users in 2025.
  '2025-07-29 AnyswapWETHPermit': ['multichain'],
  '2022-02-08 Sandbox LAND': ['the-sandbox'],
  '2023-03-28 SafeMoon Hack': ['safemoon-2'],
  '2024-10-13 MorphoBlue': ['morpho'],
  '2025-07-09 GMX': ['gmx'],
  '2025-03-05 1inch FusionV1 Settlement': ['1inch'],
  // An Aave periphery contract ("Aave hacked via periphery contract", the linked post's title).
  '2024-08-28 AAVE': ['aave'],
  // Compound's cTUSD market and TrueUSD's second entry point together (OpenZeppelin's
  // retrospective): one issue of both assets' own contracts.
  '2022-03-22 CompoundTUSDSweepTokenBypass': ['compound-governance-token', 'true-usd'],
  // "Vulnerable Contract: Compound protocol's price feeder" (the entry's PoC).
  '2024-02-23 CompoundUni': ['compound-governance-token'],
};

/**
 * The names under which the list records a catalogue asset's own protocol, as prefixes of the
 * entry's name (case, spaces and punctuation ignored). The importer offers every entry a prefix
 * matches for review; an asset named here is mapped into the list, so its absence there is
 * evidence of no recorded exploit. Only assets whose own contracts the list could record (DeFi
 * protocols and their stablecoins, tokens, meme tokens) are named: not a chain's coin, nor a
 * custodial issuer's stablecoin or wrapper, whose failures are not contract exploits.
 */
export const HACK_PROTOCOL_ALIASES: Record<string, string[]> = {
  aave: ['aave'],
  balancer: ['balancer'],
  'curve-dao-token': ['curve'],
  'compound-governance-token': ['compound'],
  'yearn-finance': ['yearn', 'yeth'],
  sushi: ['sushi'],
  'cream-2': ['cream'],
  bean: ['beanstalk'],
  'axie-infinity': ['ronin', 'axie'],
  multichain: ['multichain', 'anyswap'],
  'the-sandbox': ['sandbox'],
  'safemoon-2': ['safemoon'],
  morpho: ['morpho'],
  gmx: ['gmx'],
  '1inch': ['1inch'],
  uniswap: ['uniswap'],
  'true-usd': ['trueusd', 'tusd'],
  'pancakeswap-token': ['pancakeswap'],
  'lido-dao': ['lido'],
  'staked-ether': ['lido', 'steth'],
  maker: ['makerdao', 'maker'],
  dai: ['makerdao'],
  'frax-share': ['frax'],
  frax: ['frax'],
  liquity: ['liquity'],
  'liquity-usd': ['liquity', 'lusd'],
  'convex-finance': ['convex'],
  havven: ['synthetix'],
  pendle: ['pendle'],
  ethena: ['ethena'],
  'ethena-usde': ['ethena'],
  'ondo-finance': ['ondo'],
  'jupiter-exchange-solana': ['jupiter'],
  raydium: ['raydium'],
  'jito-governance-token': ['jito'],
  'aerodrome-finance': ['aerodrome'],
  'ether-fi': ['etherfi'],
  eigenlayer: ['eigenlayer'],
  'rocket-pool': ['rocketpool'],
  osmosis: ['osmosis'],
  'mango-markets': ['mango'],
  serum: ['serum'],
  wonderland: ['wonderland'],
  'iron-titanium-token': ['ironfinance'],
  chainlink: ['chainlink'],
  'the-graph': ['thegraph'],
  'ethereum-name-service': ['ens', 'ethereumnameservice'],
  decentraland: ['decentraland'],
  'shiba-inu': ['shiba'],
  pepe: ['pepe'],
  floki: ['floki'],
};

/**
 * Entries an alias above matches that are not the asset's own protocol, each with the reason the
 * review left it out (a third party's contract named after the protocol, a namesake token).
 */
export const HACK_ALIAS_EXCLUSIONS: Record<string, string> = {
  '2020-04-18 UniSwapV1':
    "the imBTC (ERC777) pool's token callback, not a Uniswap contract bug; left out with the pool",
  '2025-06-12 AAVEBoost': "AaveBoost, a third party's yield contract built on Aave",
  '2026-04-19 AaveRebalancerCreditDelegation': "a third party's rebalancer using Aave's credit delegation",
  '2024-10-26 CompoundFork': 'a fork of Compound, not Compound',
  '2026-07-16 CompoundProvider': "a provider contract of another project (its PoC's proxy), not Compound's",
  '2023-06-07 CompounderFinance': 'Compounder Finance, another project',
  '2023-07-07 LUSD': 'a token named LUSD on BNB Chain (a USDT pair), not Liquity USD',
  '2023-11-17 ShibaToken': 'a token named ShibaToken, not Shiba Inu',
  '2025-08-01 PendleReflector': "a third party's contract built on Pendle",
};
