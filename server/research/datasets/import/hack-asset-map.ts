// Which snapshot assets each DeFiHackLabs entry concerns, by the entry's exact key (date and
// name as the list spells them) to CoinGecko ids. Reviewed by hand, one entry at a time: the
// exploited protocol is the asset's own protocol. Entries about other parties that merely held
// the token (a market maker losing OP, a pool holding imBTC) are left out.
export const HACK_ASSET_MAP: Record<string, string[]> = {
  '2023-07-30 Curve': ['curve-dao-token'],
  '2026-03-02 Curve LlamaLend': ['curve-dao-token'],
  '2020-06-28 Balancer Protocol': ['balancer'],
  '2023-08-27 Balancer': ['balancer'],
  '2025-11-03 BalancerV2': ['balancer'],
  '2021-02-04 Yearn YDai': ['yearn-finance'],
  '2023-04-13 yearnFinance': ['yearn-finance'],
  '2021-09-16 SushiSwap Miso': ['sushi'],
  '2023-04-09 SushiSwap': ['sushi'],
  '2021-08-30 Cream Finance': ['cream-2'],
  '2021-10-27 CreamFinance': ['cream-2'],
  '2022-04-16 BeanstalkFarms': ['bean'],
  '2022-03-29 Ronin Network': ['axie-infinity'],
  '2022-01-18 Multichain (Anyswap)': ['multichain'],
  '2022-02-08 Sandbox LAND': ['the-sandbox'],
  '2023-03-28 SafeMoon Hack': ['safemoon-2'],
  '2024-10-13 MorphoBlue': ['morpho'],
  '2025-07-09 GMX': ['gmx'],
  '2025-03-05 1inch FusionV1 Settlement': ['1inch'],
  // An Aave periphery contract ("Aave hacked via periphery contract", the linked post's title).
  '2024-08-28 AAVE': ['aave'],
};
