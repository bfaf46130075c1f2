import type { AuditFacts, ChainKind, HackRecord } from '../evidence';

// OFFLINE DEMO SNAPSHOT — not live data. Approximate figures written from public knowledge,
// describing the market as of SNAPSHOT_DATE. Used when RESEARCH_DATA=offline (the embedded
// demo) or when the network is unavailable; every fact taken from it cites this dataset and date.

export const SNAPSHOT_DATE = '2025-06-30';
export const SNAPSHOT_DATASET = `Crow Research offline snapshot (approximate public figures as of ${SNAPSHOT_DATE})`;

export interface SnapshotAsset {
  id: string;
  name: string;
  symbol: string;
  aliases?: string[];
  rank: number;
  marketCapUsd: number;
  volume24hUsd: number;
  circulating: number;
  total: number;
  max: number | null;
  watchlistUsers: number;
  genesisDate: string;
  athChangeRatio: number;
  team: { identified: boolean; publicCode: boolean; note: string };
  description: string;
  categories: string[];
  chain: ChainKind;
  topHoldersShare: number;
  audits: AuditFacts;
  hacks: HackRecord[];
  tvlUsd?: number;
}

const foundation = (note: string) => ({ identified: true, publicCode: true, note });

export const SNAPSHOT_ASSETS: SnapshotAsset[] = [
  {
    id: 'bitcoin', name: 'Bitcoin', symbol: 'BTC', aliases: ['xbt'], rank: 1,
    marketCapUsd: 2.14e12, volume24hUsd: 3.0e10, circulating: 19_890_000, total: 19_890_000, max: 21_000_000,
    watchlistUsers: 2_100_000, genesisDate: '2009-01-03', athChangeRatio: -0.04,
    team: { identified: false, publicCode: true, note: 'Created by the pseudonymous Satoshi Nakamoto; maintained by open-source Bitcoin Core contributors.' },
    description: 'A peer-to-peer electronic cash system and the first decentralised cryptocurrency.',
    categories: ['Layer 1 (L1)', 'Proof of Work (PoW)', 'Payments'], chain: 'layer1', topHoldersShare: 0.06,
    audits: { count: 3, latestYear: 2024 }, hacks: [],
  },
  {
    id: 'ethereum', name: 'Ethereum', symbol: 'ETH', aliases: ['ether'], rank: 2,
    marketCapUsd: 3.0e11, volume24hUsd: 1.5e10, circulating: 120_700_000, total: 120_700_000, max: null,
    watchlistUsers: 1_600_000, genesisDate: '2015-07-30', athChangeRatio: -0.49,
    team: foundation('Developed by the Ethereum Foundation and independent client teams.'),
    description: 'A decentralised smart contract platform and the largest DeFi ecosystem.',
    categories: ['Smart Contract Platform', 'Layer 1 (L1)'], chain: 'layer1', topHoldersShare: 0.3,
    audits: { count: 5, latestYear: 2024 }, hacks: [],
  },
  {
    id: 'tether', name: 'Tether', symbol: 'USDT', rank: 3,
    marketCapUsd: 1.58e11, volume24hUsd: 5.0e10, circulating: 158e9, total: 158e9, max: null,
    watchlistUsers: 500_000, genesisDate: '2014-10-06', athChangeRatio: -0.25,
    team: { identified: true, publicCode: false, note: 'Issued by Tether Limited, a company with named executives.' },
    description: 'A US-dollar stablecoin backed by reserves held by its issuer.',
    categories: ['Stablecoins', 'USD Stablecoin'], chain: 'token', topHoldersShare: 0.45,
    audits: { count: 2, latestYear: 2025 }, hacks: [],
  },
  {
    id: 'binancecoin', name: 'BNB', symbol: 'BNB', aliases: ['binance coin'], rank: 4,
    marketCapUsd: 9.3e10, volume24hUsd: 1.5e9, circulating: 145_900_000, total: 145_900_000, max: 200_000_000,
    watchlistUsers: 900_000, genesisDate: '2017-07-08', athChangeRatio: -0.17,
    team: foundation('Launched by Binance; the BNB Chain ecosystem is run by named core teams.'),
    description: 'The native coin of BNB Chain, used for fees and exchange discounts.',
    categories: ['Smart Contract Platform', 'Layer 1 (L1)', 'Exchange-based Tokens'], chain: 'layer1', topHoldersShare: 0.55,
    audits: { count: 2, latestYear: 2023 },
    hacks: [{ name: 'BNB Chain token hub bridge exploit', date: '2022-10-06', amountUsd: 570e6, returnedUsd: 470e6, technique: 'Proof verification bug' }],
  },
  {
    id: 'solana', name: 'Solana', symbol: 'SOL', rank: 5,
    marketCapUsd: 8.1e10, volume24hUsd: 3.5e9, circulating: 530e6, total: 600e6, max: null,
    watchlistUsers: 1_000_000, genesisDate: '2020-03-16', athChangeRatio: -0.48,
    team: foundation('Developed by Solana Labs and the Solana Foundation, with named founders.'),
    description: 'A high-throughput smart contract platform.',
    categories: ['Smart Contract Platform', 'Layer 1 (L1)'], chain: 'layer1', topHoldersShare: 0.25,
    audits: { count: 3, latestYear: 2024 }, hacks: [],
  },
  {
    id: 'ripple', name: 'XRP', symbol: 'XRP', aliases: ['ripple'], rank: 6,
    marketCapUsd: 1.3e11, volume24hUsd: 2.5e9, circulating: 59e9, total: 99.99e9, max: 100e9,
    watchlistUsers: 900_000, genesisDate: '2012-06-02', athChangeRatio: -0.37,
    team: foundation('Developed by Ripple Labs, a company with named executives.'),
    description: 'A ledger and coin for fast cross-border payments.',
    categories: ['Layer 1 (L1)', 'Payments'], chain: 'layer1', topHoldersShare: 0.55,
    audits: { count: 1, latestYear: 2023 }, hacks: [],
  },
  {
    id: 'usd-coin', name: 'USDC', symbol: 'USDC', aliases: ['usd coin'], rank: 7,
    marketCapUsd: 6.2e10, volume24hUsd: 8.0e9, circulating: 62e9, total: 62e9, max: null,
    watchlistUsers: 300_000, genesisDate: '2018-09-26', athChangeRatio: -0.14,
    team: foundation('Issued by Circle, a regulated company with named executives.'),
    description: 'A fully reserved US-dollar stablecoin with monthly attestations.',
    categories: ['Stablecoins', 'USD Stablecoin'], chain: 'token', topHoldersShare: 0.4,
    audits: { count: 3, latestYear: 2024 }, hacks: [],
  },
  {
    id: 'dogecoin', name: 'Dogecoin', symbol: 'DOGE', rank: 8,
    marketCapUsd: 2.4e10, volume24hUsd: 1.0e9, circulating: 149.6e9, total: 149.6e9, max: null,
    watchlistUsers: 1_100_000, genesisDate: '2013-12-06', athChangeRatio: -0.78,
    team: { identified: true, publicCode: true, note: 'Created by Billy Markus and Jackson Palmer; maintained by the Dogecoin Foundation.' },
    description: 'A proof-of-work coin that began as a joke and became a popular tipping currency.',
    categories: ['Meme', 'Layer 1 (L1)', 'Proof of Work (PoW)'], chain: 'layer1', topHoldersShare: 0.4,
    audits: { count: 0 }, hacks: [],
  },
  {
    id: 'tron', name: 'TRON', symbol: 'TRX', rank: 9,
    marketCapUsd: 2.6e10, volume24hUsd: 6.0e8, circulating: 94.8e9, total: 94.8e9, max: null,
    watchlistUsers: 400_000, genesisDate: '2017-09-13', athChangeRatio: -0.36,
    team: foundation('Founded by Justin Sun; run by the TRON DAO.'),
    description: 'A smart contract platform widely used for stablecoin transfers.',
    categories: ['Smart Contract Platform', 'Layer 1 (L1)'], chain: 'layer1', topHoldersShare: 0.45,
    audits: { count: 1, latestYear: 2022 }, hacks: [],
  },
  {
    id: 'cardano', name: 'Cardano', symbol: 'ADA', rank: 10,
    marketCapUsd: 2.0e10, volume24hUsd: 5.0e8, circulating: 36e9, total: 45e9, max: 45e9,
    watchlistUsers: 900_000, genesisDate: '2017-09-23', athChangeRatio: -0.82,
    team: foundation('Developed by Input Output Global, the Cardano Foundation and EMURGO, with named founders.'),
    description: 'A proof-of-stake smart contract platform built from peer-reviewed research.',
    categories: ['Smart Contract Platform', 'Layer 1 (L1)'], chain: 'layer1', topHoldersShare: 0.2,
    audits: { count: 3, latestYear: 2024 }, hacks: [],
  },
  {
    id: 'chainlink', name: 'Chainlink', symbol: 'LINK', rank: 12,
    marketCapUsd: 8.5e9, volume24hUsd: 3.0e8, circulating: 678e6, total: 1e9, max: 1e9,
    watchlistUsers: 600_000, genesisDate: '2017-09-19', athChangeRatio: -0.74,
    team: foundation('Developed by Chainlink Labs, with named founders.'),
    description: 'A decentralised oracle network that brings off-chain data to smart contracts.',
    categories: ['Oracle', 'Infrastructure', 'DeFi'], chain: 'token', topHoldersShare: 0.55,
    audits: { count: 4, latestYear: 2024 }, hacks: [],
  },
  {
    id: 'avalanche-2', name: 'Avalanche', symbol: 'AVAX', rank: 15,
    marketCapUsd: 7.6e9, volume24hUsd: 3.0e8, circulating: 422e6, total: 460e6, max: 720e6,
    watchlistUsers: 500_000, genesisDate: '2020-09-21', athChangeRatio: -0.88,
    team: foundation('Developed by Ava Labs, with named founders.'),
    description: 'A smart contract platform with subnets for application-specific chains.',
    categories: ['Smart Contract Platform', 'Layer 1 (L1)'], chain: 'layer1', topHoldersShare: 0.3,
    audits: { count: 3, latestYear: 2023 }, hacks: [],
  },
  {
    id: 'the-open-network', name: 'Toncoin', symbol: 'TON', aliases: ['ton'], rank: 18,
    marketCapUsd: 7.0e9, volume24hUsd: 2.0e8, circulating: 2.46e9, total: 5.13e9, max: null,
    watchlistUsers: 300_000, genesisDate: '2021-08-26', athChangeRatio: -0.66,
    team: foundation('Originally designed by Telegram; developed by the TON Foundation and community.'),
    description: 'A smart contract platform integrated with the Telegram messenger.',
    categories: ['Smart Contract Platform', 'Layer 1 (L1)'], chain: 'layer1', topHoldersShare: 0.5,
    audits: { count: 2, latestYear: 2024 }, hacks: [],
  },
  {
    id: 'shiba-inu', name: 'Shiba Inu', symbol: 'SHIB', rank: 20,
    marketCapUsd: 6.8e9, volume24hUsd: 1.5e8, circulating: 589e12, total: 589.5e12, max: null,
    watchlistUsers: 800_000, genesisDate: '2020-08-01', athChangeRatio: -0.86,
    team: { identified: false, publicCode: true, note: 'Launched by a pseudonymous founder known as Ryoshi.' },
    description: 'A meme token on Ethereum with its own layer-2 network, Shibarium.',
    categories: ['Meme', 'Dog-Themed'], chain: 'token', topHoldersShare: 0.6,
    audits: { count: 1, latestYear: 2022 }, hacks: [],
  },
  {
    id: 'polkadot', name: 'Polkadot', symbol: 'DOT', rank: 22,
    marketCapUsd: 5.3e9, volume24hUsd: 2.0e8, circulating: 1.55e9, total: 1.55e9, max: null,
    watchlistUsers: 600_000, genesisDate: '2020-05-26', athChangeRatio: -0.96,
    team: foundation('Developed by Parity Technologies and the Web3 Foundation, with named founders.'),
    description: 'A sharded protocol that connects application-specific blockchains (parachains).',
    categories: ['Layer 0 (L0)', 'Interoperability', 'Smart Contract Platform'], chain: 'layer1', topHoldersShare: 0.35,
    audits: { count: 4, latestYear: 2024 }, hacks: [],
  },
  {
    id: 'litecoin', name: 'Litecoin', symbol: 'LTC', rank: 21,
    marketCapUsd: 6.5e9, volume24hUsd: 3.5e8, circulating: 76e6, total: 84e6, max: 84e6,
    watchlistUsers: 500_000, genesisDate: '2011-10-07', athChangeRatio: -0.79,
    team: foundation('Created by Charlie Lee; supported by the Litecoin Foundation.'),
    description: 'A proof-of-work payment coin derived from Bitcoin with faster blocks.',
    categories: ['Layer 1 (L1)', 'Payments', 'Proof of Work (PoW)'], chain: 'layer1', topHoldersShare: 0.3,
    audits: { count: 1, latestYear: 2022 }, hacks: [],
  },
  {
    id: 'uniswap', name: 'Uniswap', symbol: 'UNI', rank: 30,
    marketCapUsd: 4.5e9, volume24hUsd: 2.0e8, circulating: 630e6, total: 1e9, max: 1e9,
    watchlistUsers: 400_000, genesisDate: '2020-09-17', athChangeRatio: -0.84,
    team: foundation('Developed by Uniswap Labs, with named founders.'),
    description: 'The governance token of Uniswap, the largest decentralised exchange.',
    categories: ['Decentralized Exchange (DEX)', 'DeFi', 'Governance'], chain: 'token', topHoldersShare: 0.45,
    audits: { count: 6, latestYear: 2024 }, hacks: [], tvlUsd: 4.5e9,
  },
  {
    id: 'aave', name: 'Aave', symbol: 'AAVE', rank: 28,
    marketCapUsd: 3.9e9, volume24hUsd: 3.0e8, circulating: 15.2e6, total: 16e6, max: 16e6,
    watchlistUsers: 300_000, genesisDate: '2020-10-02', athChangeRatio: -0.61,
    team: foundation('Developed by Aave Labs (founder Stani Kulechov) and governed by the Aave DAO.'),
    description: 'The governance token of Aave, a decentralised lending protocol.',
    categories: ['Lending/Borrowing', 'DeFi', 'Governance'], chain: 'token', topHoldersShare: 0.4,
    audits: { count: 8, latestYear: 2025 }, hacks: [], tvlUsd: 25e9,
  },
  {
    id: 'near', name: 'NEAR Protocol', symbol: 'NEAR', aliases: ['near'], rank: 35,
    marketCapUsd: 2.6e9, volume24hUsd: 1.5e8, circulating: 1.22e9, total: 1.25e9, max: null,
    watchlistUsers: 300_000, genesisDate: '2020-10-13', athChangeRatio: -0.89,
    team: foundation('Developed by NEAR Inc. and the NEAR Foundation, with named founders.'),
    description: 'A sharded proof-of-stake smart contract platform.',
    categories: ['Smart Contract Platform', 'Layer 1 (L1)'], chain: 'layer1', topHoldersShare: 0.35,
    audits: { count: 2, latestYear: 2023 }, hacks: [],
  },
  {
    id: 'cosmos', name: 'Cosmos Hub', symbol: 'ATOM', aliases: ['cosmos'], rank: 45,
    marketCapUsd: 1.6e9, volume24hUsd: 1.0e8, circulating: 390e6, total: 390e6, max: null,
    watchlistUsers: 400_000, genesisDate: '2019-03-14', athChangeRatio: -0.91,
    team: foundation('Developed by the Interchain Foundation and named contributing companies.'),
    description: 'The hub of the Cosmos network of interoperable blockchains.',
    categories: ['Layer 0 (L0)', 'Interoperability'], chain: 'layer1', topHoldersShare: 0.3,
    audits: { count: 2, latestYear: 2022 }, hacks: [],
  },
  {
    id: 'arbitrum', name: 'Arbitrum', symbol: 'ARB', rank: 60,
    marketCapUsd: 1.5e9, volume24hUsd: 2.0e8, circulating: 4.9e9, total: 10e9, max: 10e9,
    watchlistUsers: 300_000, genesisDate: '2023-03-23', athChangeRatio: -0.85,
    team: foundation('Developed by Offchain Labs, with named founders; governed by the Arbitrum DAO.'),
    description: 'The governance token of Arbitrum, an optimistic rollup that scales Ethereum.',
    categories: ['Layer 2 (L2)', 'Governance', 'Infrastructure'], chain: 'layer2', topHoldersShare: 0.55,
    audits: { count: 4, latestYear: 2024 }, hacks: [], tvlUsd: 2.5e9,
  },
  {
    id: 'optimism', name: 'Optimism', symbol: 'OP', rank: 80,
    marketCapUsd: 9.5e8, volume24hUsd: 1.2e8, circulating: 1.7e9, total: 4.29e9, max: 4.29e9,
    watchlistUsers: 250_000, genesisDate: '2022-05-31', athChangeRatio: -0.87,
    team: foundation('Developed by OP Labs and the Optimism Foundation.'),
    description: 'The governance token of OP Mainnet, an optimistic rollup on Ethereum.',
    categories: ['Layer 2 (L2)', 'Governance', 'Infrastructure'], chain: 'layer2', topHoldersShare: 0.6,
    audits: { count: 4, latestYear: 2024 },
    hacks: [{ name: 'Wintermute OP tokens sent to wrong address', date: '2022-06-08', amountUsd: 20e6, returnedUsd: 17e6, technique: 'Operational error' }],
  },
  {
    id: 'curve-dao-token', name: 'Curve DAO', symbol: 'CRV', aliases: ['curve'], rank: 90,
    marketCapUsd: 7.5e8, volume24hUsd: 1.0e8, circulating: 1.35e9, total: 2.3e9, max: 3.03e9,
    watchlistUsers: 150_000, genesisDate: '2020-08-13', athChangeRatio: -0.98,
    team: foundation('Founded by Michael Egorov; developed by Curve Finance and governed by its DAO.'),
    description: 'The governance token of Curve, a decentralised exchange for stable assets.',
    categories: ['Decentralized Exchange (DEX)', 'DeFi', 'Governance'], chain: 'token', topHoldersShare: 0.5,
    audits: { count: 5, latestYear: 2023 }, tvlUsd: 2.0e9,
    hacks: [{ name: 'Curve Vyper reentrancy exploit', date: '2023-07-30', amountUsd: 70e6, returnedUsd: 52e6, technique: 'Compiler reentrancy bug' }],
  },
  {
    id: 'lido-dao', name: 'Lido DAO', symbol: 'LDO', aliases: ['lido'], rank: 70,
    marketCapUsd: 7.0e8, volume24hUsd: 6.0e7, circulating: 900e6, total: 1e9, max: 1e9,
    watchlistUsers: 150_000, genesisDate: '2020-12-17', athChangeRatio: -0.89,
    team: foundation('Developed by named contributor organisations and governed by the Lido DAO.'),
    description: 'The governance token of Lido, the largest liquid staking protocol.',
    categories: ['Liquid Staking', 'DeFi', 'Governance'], chain: 'token', topHoldersShare: 0.6,
    audits: { count: 10, latestYear: 2025 }, hacks: [], tvlUsd: 22e9,
  },
  {
    id: 'maker', name: 'Maker', symbol: 'MKR', rank: 75,
    marketCapUsd: 1.5e9, volume24hUsd: 6.0e7, circulating: 870_000, total: 870_000, max: 1_005_577,
    watchlistUsers: 150_000, genesisDate: '2017-12-18', athChangeRatio: -0.75,
    team: foundation('Founded by Rune Christensen; developed under the Maker (now Sky) governance.'),
    description: 'The governance token of the Maker protocol, which issues the DAI stablecoin.',
    categories: ['Lending/Borrowing', 'DeFi', 'Stablecoin issuer', 'Governance'], chain: 'token', topHoldersShare: 0.45,
    audits: { count: 6, latestYear: 2024 }, hacks: [], tvlUsd: 6e9,
  },
  {
    id: 'algorand', name: 'Algorand', symbol: 'ALGO', rank: 65,
    marketCapUsd: 1.6e9, volume24hUsd: 5.0e7, circulating: 8.6e9, total: 10e9, max: 10e9,
    watchlistUsers: 300_000, genesisDate: '2019-06-19', athChangeRatio: -0.94,
    team: foundation('Founded by Turing Award winner Silvio Micali; developed by Algorand Inc. and Foundation.'),
    description: 'A pure proof-of-stake smart contract platform.',
    categories: ['Smart Contract Platform', 'Layer 1 (L1)'], chain: 'layer1', topHoldersShare: 0.35,
    audits: { count: 2, latestYear: 2023 }, hacks: [],
  },
  {
    id: 'stellar', name: 'Stellar', symbol: 'XLM', rank: 16,
    marketCapUsd: 7.3e9, volume24hUsd: 1.5e8, circulating: 31e9, total: 50e9, max: 50e9,
    watchlistUsers: 400_000, genesisDate: '2014-07-31', athChangeRatio: -0.73,
    team: foundation('Developed by the Stellar Development Foundation, co-founded by Jed McCaleb.'),
    description: 'A payments network for fast, low-cost transfers and tokenised assets.',
    categories: ['Layer 1 (L1)', 'Payments'], chain: 'layer1', topHoldersShare: 0.6,
    audits: { count: 2, latestYear: 2024 }, hacks: [],
  },
  {
    id: 'pepe', name: 'Pepe', symbol: 'PEPE', rank: 40,
    marketCapUsd: 3.9e9, volume24hUsd: 6.0e8, circulating: 420.69e12, total: 420.69e12, max: 420.69e12,
    watchlistUsers: 300_000, genesisDate: '2023-04-14', athChangeRatio: -0.66,
    team: { identified: false, publicCode: false, note: 'Launched anonymously; the project states it has no formal team.' },
    description: 'A meme token on Ethereum with no stated utility.',
    categories: ['Meme', 'Frog-Themed'], chain: 'token', topHoldersShare: 0.4,
    audits: { count: 0 }, hacks: [],
  },
  {
    id: 'axie-infinity', name: 'Axie Infinity', symbol: 'AXS', aliases: ['axie'], rank: 110,
    marketCapUsd: 4.0e8, volume24hUsd: 3.0e7, circulating: 160e6, total: 270e6, max: 270e6,
    watchlistUsers: 250_000, genesisDate: '2020-11-04', athChangeRatio: -0.98,
    team: foundation('Developed by Sky Mavis, a company with named founders.'),
    description: 'The governance token of the Axie Infinity game on the Ronin network.',
    categories: ['Gaming (GameFi)', 'Governance'], chain: 'token', topHoldersShare: 0.5,
    audits: { count: 2, latestYear: 2022 },
    hacks: [{ name: 'Ronin bridge hack', date: '2022-03-23', amountUsd: 625e6, returnedUsd: 30e6, technique: 'Compromised validator private keys' }],
  },
];
