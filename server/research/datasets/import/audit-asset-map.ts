// Which snapshot assets each published audit concerns, by the record's exact key (repository and
// report path) to CoinGecko ids. Reviewed by hand, one report at a time: an audit of a project's
// own contracts counts for that project's token. Reports about other parties' code that merely
// uses an asset (wallets, integrations, listings built by someone else) are left out, and so are
// reviews of one client of a chain that has several (Prysm, Reth, Lotus, the KZG libraries): a
// client is not the asset. Where a chain has a single implementation its node software is the
// chain's own code, and the entry says so. A gas-optimisation review (Cyfrin's Aave V3.3 Gas)
// is not a security review and is left out.

/** The assets an audit concerns; auditorIsDeveloper when the auditor also builds the asset. */
export type AuditAssetEntry = string[] | { assets: string[]; auditorIsDeveloper: true };

export const AUDIT_ASSET_MAP: Record<string, AuditAssetEntry> = {
  // Trail of Bits (trailofbits/publications)
  'trailofbits/publications/reviews/2023-05-fraxgov-securityreview.pdf': ['frax-share'], // FraxGov, 2023-05
  'trailofbits/publications/reviews/2022-10-fraxfinance-fraxlend-fraxferry-securityreview.pdf': [
    'frax-share',
  ], // Fraxlend and FraxFerry, 2022-10
  'trailofbits/publications/reviews/FraxQ22022.pdf': ['frax', 'frax-share'], // Frax, 2022-05
  'trailofbits/publications/reviews/FraxQ42021.pdf': ['frax', 'frax-share'], // Frax, 2021-12
  'trailofbits/publications/reviews/FraxFinance.pdf': ['frax', 'frax-share'], // Frax, 2021-05
  'trailofbits/publications/reviews/2026-07-offchainlabs-arbitrumarbos6061-securityreview.pdf': ['arbitrum'], // Offchain Labs Arbitrum ArbOS 60/61, 2026-07
  'trailofbits/publications/reviews/2026.06-offchainlabs-rewarddistributorfixes-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Labs Reward Distributor Fixes, 2026-06
  'trailofbits/publications/reviews/2026-04-offchain-stylus-sdk-securityreview.pdf': ['arbitrum'], // Offchain Labs Stylus SDK, 2026-04
  'trailofbits/publications/reviews/2026-02-offchain-arbitrum-quorum-changes-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Labs Arbitrum Quorum Changes, 2026-02
  'trailofbits/publications/reviews/2026-01-offchain-nitro-external-da-securityreview.pdf': ['arbitrum'], // Offchain Labs Arbitrum Nitro External DA, 2026-01
  'trailofbits/publications/reviews/2025-12-offchain-arbos50-and-51-securityreview.pdf': ['arbitrum'], // Offchain Labs Arbitrum ArbOS 50 and 51 (Fusaka), 2025-12
  'trailofbits/publications/reviews/2025-12-offchain-arbitrum-chains-genesis-generator-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Labs Arbitrum Chains Genesis File Generator, 2025-12
  'trailofbits/publications/reviews/2025-07-offchain-upgrade-executor-securityreview.pdf': ['arbitrum'], // Offchain Labs Upgrade Executor, 2025-07
  'trailofbits/publications/reviews/2025-06-offchain-setcoregovernorquorumaction-securityreview.pdf': [
    'arbitrum',
  ], // Offchain SetCoreGovernorQuorumAction, 2025-06
  'trailofbits/publications/reviews/2025-06-offchain-arbitrum-mint-burn-precompile-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Arbitrum Mint/Burn Precompile, 2025-06
  'trailofbits/publications/reviews/2025-06-offchain-arbitrum-block-hash-pusher-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Arbitrum Block Hash Pusher, 2025-06
  'trailofbits/publications/reviews/2025-05-offchainlabs-arbos40nitro-securityreview.pdf': ['arbitrum'], // Offchain ArbOS 40 Nitro, 2025-05
  'trailofbits/publications/reviews/2025-04-offchainlabs-reward-distributor-fixes-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Reward Distributor Fixes, 2025-04
  'trailofbits/publications/reviews/2025-03-offchain-sequencer-liveness-securityreview.pdf': ['arbitrum'], // Offchain Sequencer Liveness, 2025-03
  'trailofbits/publications/reviews/2025-03-offchain-custom-fee-erc20-bridge-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Custom Fee Bridge & EIP-7702, 2025-03
  'trailofbits/publications/reviews/2025-03-offchain-geth-14.4-securityreview.pdf': ['arbitrum'], // Offchain Geth 14.4 Pectra, 2025-03
  'trailofbits/publications/reviews/2025-03-offchain-custom-fee-token-exchange-rate-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Custom Fee Exchange Rate, 2025-03
  'trailofbits/publications/reviews/2025-03-offchain-security-council-rotation-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Security Council Rotation, 2025-03
  'trailofbits/publications/reviews/2025-03-offchain-disablegateway-action-securityreview.pdf': ['arbitrum'], // Offchain DisableGateway USDT, 2025-03
  'trailofbits/publications/reviews/2024-12-offchain-boldfixes-securityreview.pdf': ['arbitrum'], // Offchain BoLD Fixes, 2024-12
  'trailofbits/publications/reviews/2024-10-offchain-stylus-emergency-fixes-securityreview.pdf': ['arbitrum'], // Offchain Stylus Emergency Fixes, 2024-10
  'trailofbits/publications/reviews/2024-10-offchain-bold-optimized-history-commit-securityreview.pdf': [
    'arbitrum',
  ], // Offchain BoLD History Commits, 2024-10
  'trailofbits/publications/reviews/2024-10-30-Offchain-NitroContractswithBoLD-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Nitro with BoLD, 2024-10
  'trailofbits/publications/reviews/2024-09-offchain-stylus-securityreview.pdf': ['arbitrum'], // Offchain Stylus, 2024-09
  'trailofbits/publications/reviews/2024-08-offchainlabs-register-and-set-arb-custom-gateway-action-governance-action-securityreview.pdf':
    ['arbitrum'], // Offchain RARI, 2024-08
  'trailofbits/publications/reviews/2024-08-offchainlabs-office-hours-governance-action-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Office Hours Action, 2024-08
  'trailofbits/publications/reviews/2024-08-offchainlabs-timeboost-auction-contracts-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Timeboost Auction, 2024-08
  'trailofbits/publications/reviews/2024-08-offchainlabs-orbit-actions-securityreview.pdf': ['arbitrum'], // Offchain Orbit Actions, 2024-08
  'trailofbits/publications/reviews/2024-08-offchainlabs-usdc-custom-gateway-securityreview.pdf': [
    'arbitrum',
  ], // Offchain USDC Gateway, 2024-07
  'trailofbits/publications/reviews/2024-06-offchain-labs-bold-dac-rewards-updates-securityreview.pdf': [
    'arbitrum',
  ], // Offchain BoLD & DAC Rewards, 2024-06
  'trailofbits/publications/reviews/2024-05-offchain-arbitrumstylus-securityreview.pdf': ['arbitrum'], // Offchain Arbitrum Stylus, 2024-05
  'trailofbits/publications/reviews/2024-04-offchain-l1-l3-teleporter-securityreview.pdf': ['arbitrum'], // Offchain L1-L3 Teleporter, 2024-04
  'trailofbits/publications/reviews/2024-04-offchain-arbos-31-securityreview.pdf': ['arbitrum'], // Offchain ArbOS 31, 2024-04
  'trailofbits/publications/reviews/2024-04-offchain-arbos-30-nitro-upgrade-securityreview.pdf': ['arbitrum'], // Offchain ArbOS 30 Nitro, 2024-04
  'trailofbits/publications/reviews/2024-04-offchainbold-securityreview.pdf': ['arbitrum'], // Offchain BoLD, 2024-04
  'trailofbits/publications/reviews/2024-02-offchainlabsarbos-securityreview.pdf': ['arbitrum'], // Offchain ArbOS, 2024-02
  'trailofbits/publications/reviews/2024-01-offchainarbitrum-securityreview.pdf': ['arbitrum'], // Offchain Arbitrum, 2024-01
  'trailofbits/publications/reviews/2023-12-offchain-labs-arbitrum-token-bridge-creator-securityreview.pdf': [
    'arbitrum',
  ], // Offchain Token Bridge Creator, 2023-12
  'trailofbits/publications/reviews/2023-09-offchain-labs-custom-fee-token-securityreview.pdf': ['arbitrum'], // Offchain Custom Fee Token, 2023-09
  'trailofbits/publications/reviews/2023-8-offchain-challenge-protocol-V2-securityreview.pdf': ['arbitrum'], // Offchain Arbitrum Challenge v2, 2023-08
  'trailofbits/publications/reviews/2025-07-scroll-feynmanupgradesmartcontractchanges-securityreview.pdf': [
    'scroll',
  ], // Scroll Feynman Upgrade Smart Contract Changes, 2025-07
  'trailofbits/publications/reviews/2025-04-scroll-euclid-phase2-securityreview.pdf': ['scroll'], // Scroll Euclid Phase 2, 2025-04
  'trailofbits/publications/reviews/2025-04-scroll-euclid-phase1-securityreview.pdf': ['scroll'], // Scroll Euclid Phase 1, 2025-04
  'trailofbits/publications/reviews/2024-06-scroll-zstd-compression-securityreview.pdf': ['scroll'], // Scroll zstd Compression, 2024-06
  'trailofbits/publications/reviews/2024-04-scroll-4844-blob-securityreview.pdf': ['scroll'], // Scroll ZkEVM 4844 Blob, 2024-04
  'trailofbits/publications/reviews/2023-09-scroll-zkEVM-wave3-securityreview.pdf': ['scroll'], // Scroll ZkEVM Wave 3, 2023-09
  'trailofbits/publications/reviews/2023-08-scrollL2geth-securityreview.pdf': ['scroll'], // Scroll l2geth [diff], 2023-08
  'trailofbits/publications/reviews/2023-08-scrollL2geth-initial-securityreview.pdf': ['scroll'], // Scroll l2geth [initial], 2023-08
  'trailofbits/publications/reviews/2023-08-scroll-zkEVM-wave2-securityreview.pdf': ['scroll'], // Scroll ZkEVM Wave 2, 2023-08
  'trailofbits/publications/reviews/2023-07-scroll-zktrie-securityreview.pdf': ['scroll'], // Scroll zkTrie, 2023-07
  'trailofbits/publications/reviews/2023-04-scroll-zkEVM-wave1-securityreview.pdf': ['scroll'], // Scroll ZkEVM Wave 1, 2023-04
  'trailofbits/publications/reviews/2024-07-uniswap-v4-core-securityreview.pdf': ['uniswap'], // Uniswap v4 Core, 2024-07
  'trailofbits/publications/reviews/UniswapV3Core.pdf': ['uniswap'], // Uniswap V3, 2021-03
  // XRP Ledger: rippled is the server the ledger's validators run, and the reviewed feature is a
  // ledger amendment, so this is the chain's own code.
  'trailofbits/publications/reviews/2026-04-ripple-labs-xrp-ledger-confidential-transfer-securityreview.pdf':
    ['ripple'], // Ripple Labs XRP Ledger Confidential Transfer, 2026-04
  // Avalanche: AvalancheGo is the network's one production node implementation.
  'trailofbits/publications/reviews/2025-08-ava-labs-avalanchego-securityreview.pdf': ['avalanche-2'], // Ava Labs AvalancheGo, 2025-08
  'trailofbits/publications/reviews/2026-02-aave-v4-securityreview.pdf': ['aave'], // Aave v4, 2026-02
  // VeChain: VeChainThor is the chain's one node implementation; Hayabusa is a protocol upgrade.
  'trailofbits/publications/reviews/2025-10-vechain-vechainthorhayabusaupgrade-securityreview.pdf': [
    'vechain',
  ], // VeChain VeChainThor Hayabusa Upgrade, 2025-10
  'trailofbits/publications/reviews/2024-12-balancer-v3-securityreview.pdf': ['balancer'], // Balancer v3, 2024-12
  'trailofbits/publications/reviews/2024-01-pyth-entropy-securityreview.pdf': ['pyth-network'], // Pyth Entropy, 2023-12
  'trailofbits/publications/reviews/2023-11-immutable-zkevmbridgecontracts-securityreview.pdf': [
    'immutable-x',
  ], // Immutable Bridge, 2023-11
  'trailofbits/publications/reviews/2023-08-immutable-securityreview.pdf': ['immutable-x'], // Immutable, 2023-08
  'trailofbits/publications/reviews/2022-12-paxos-paypal-pyusd-securityreview.pdf': ['paypal-usd'], // Paxos PayPal PYUSD, 2022-12
  'trailofbits/publications/reviews/2022-10-balancerlabs-managedpoolsmartcontracts-securityreview.pdf': [
    'balancer',
  ], // Managed Pools, 2022-10
  'trailofbits/publications/reviews/2022-10-shimacapital-ondo-securityreview.pdf': ['ondo-finance'], // Ondo, 2022-10
  'trailofbits/publications/reviews/2022-11-optimism-securityreview.pdf': ['optimism'], // Optimism, 2022-09
  'trailofbits/publications/reviews/2022-07-beanstalk-securityreview.pdf': ['bean'], // Beanstalk, 2022-07
  'trailofbits/publications/reviews/MorphoLabs.pdf': ['morpho'], // Morpho, 2022-06
  'trailofbits/publications/reviews/2021-11-aave-v3-securityreview.pdf': ['aave'], // Aave V3, 2021-11
  'trailofbits/publications/reviews/RocketPool.pdf': ['rocket-pool'], // RocketPool, 2021-08
  'trailofbits/publications/reviews/YearnV2Vaults.pdf': ['yearn-finance'], // Yearn v2 Vaults, 2021-04
  'trailofbits/publications/reviews/2021-04-balancer-balancerv2-securityreview.pdf': ['balancer'], // Balancer v2, 2021-04
  'trailofbits/publications/reviews/LiquityProtocolandStabilityPoolFinalReport.pdf': [
    'liquity',
    'liquity-usd',
  ], // Liquity Protocol, 2021-02
  'trailofbits/publications/reviews/CREAMSummary.pdf': ['cream-2'], // C.R.E.A.M., 2021-01
  'trailofbits/publications/reviews/Liquity.pdf': ['liquity', 'liquity-usd'], // LUSD, 2020-12
  'trailofbits/publications/reviews/CurveDAO.pdf': ['curve-dao-token'], // CurveDAO, 2020-07
  'trailofbits/publications/reviews/compound-governance.pdf': ['compound-governance-token'], // Compound, 2020-02
  'trailofbits/publications/reviews/BalancerCore.pdf': ['balancer'], // Balancer, 2020-01
  'trailofbits/publications/reviews/curve-summary.pdf': ['curve-dao-token'], // Curve.fi, 2020-01
  'trailofbits/publications/reviews/aaveprotocol.pdf': ['aave'], // Aave Protocol, 2019-09
  'trailofbits/publications/reviews/mc-dai.pdf': ['maker', 'dai'], // MC Dai, 2019-08
  'trailofbits/publications/reviews/compound-3.pdf': ['compound-governance-token'], // Compound, 2019-08
  'trailofbits/publications/reviews/compound-2.pdf': ['compound-governance-token'], // Compound, 2019-04
  // Internet Computer: the replica (consensus, threshold ECDSA) has a single implementation.
  'trailofbits/publications/reviews/DFINITYThresholdECDSAandBtcCanisters.pdf': ['internet-computer'], // DFINITY ECDSA/BTC, 2022-09
  'trailofbits/publications/reviews/DFINITYConsensus.pdf': ['internet-computer'], // DFINITY Consensus, 2021-11
  // Sigma Prime (sigp/public-audits)
  'sigp/public-audits/reports/eigenlayer/Sigma_Prime_Layr_Labs_Sidecar_Rewards_v2_2_Round_2_Security_Assessment.pdf':
    ['eigenlayer'], // EigenLayer: Review of Sidecar Rewards v2.2 (Round 2), 2026-02
  'sigp/public-audits/reports/lido/Sigma_Prime_Lido_BLS_Library_Security_Assessment_Report_v2_0.pdf': [
    'lido-dao',
    'staked-ether',
  ], // Lido: Review of Onchain BLS Library, 2026-01
  'sigp/public-audits/reports/eigenlayer/Sigma_Prime_Layr_Labs_EigenLayer_Slashing_Security_Assessment_Report_v2_0.pdf':
    ['eigenlayer'], // EigenLayer: Review of EigenLayer Slashing Release, 2025-02
  'sigp/public-audits/reports/eigenlayer/Sigma_Prime_RewardsV2_Security_Assessment_Report_v2_0.pdf': [
    'eigenlayer',
  ], // EigenLayer: Review of EigenLayer Rewards v2, 2025-01
  // Ethereum: Pectra's system contracts are part of the protocol (every client calls them in every
  // block) and the KZG ceremony produced the protocol's trusted setup, so both are the asset's
  // own code. Sigma Prime builds Lighthouse, one of several Ethereum clients, but it is not the
  // developer of the reviewed code (the Ethereum Foundation's), so its reviews are independent
  // (decision 0240): only the project's own developer is not.
  'sigp/public-audits/reports/ethereum-foundation/pectra/review.pdf': ['ethereum'], // Ethereum Foundation: Review of Pectra Systems Contracts, 2025-01
  'sigp/public-audits/reports/eigenlayer/Sigma_Prime_EigenLabs_EigenLayer_EIGEN_Rewards_Security_Assessment_Report_v2.0.pdf':
    ['eigenlayer'], // EigenLayer: Review of EigenLayer EIGEN Token Rewards, 2024-09
  'sigp/public-audits/reports/rocket-pool/rocket-pool-10-houston-hotfix/review.pdf': ['rocket-pool'], // Rocketpool: Review of Houston Upgrade Hotfixes, 2024-09
  'sigp/public-audits/reports/eigenlayer/Sigma_Prime_Eigen_Labs_EigenLayer_Checkpoint_Proofs_Security_Assessment_Report_v2.0.pdf':
    ['eigenlayer'], // EigenLayer: Review of EigenLayer M4 (PEPE) Upgrade, 2024-08
  'sigp/public-audits/reports/rocket-pool/rocket-pool-8-houston-pdao/review.pdf': ['rocket-pool'], // Rocketpool: Review of Houston Upgrade, 2024-06
  'sigp/public-audits/reports/eigenlayer/Sigma_Prime_Eigen_Labs_EigenLayer_Rewards_Coordinator_Security_Assessment_Report_v1.1.pdf':
    ['eigenlayer'], // EigenLayer: Review of EigenLayer Rewards Coordinator Contract, 2024-05
  'sigp/public-audits/reports/eigenlayer/eigenlayer-3.pdf': ['eigenlayer'], // EigenLayer: Review of EigenLayer v2 Smart Contracts, 2024-02
  'sigp/public-audits/reports/polygon/Sigma Prime - Polygon - PolToken - Security Assessment Report - v2.0.pdf':
    ['polygon-ecosystem-token'], // Polygon: Review of Polygon Token, 2023-09
  'sigp/public-audits/reports/mantle/review.pdf': ['mantle'], // Mantle Network: Review of Mantle Layer 2 Rollup, 2023-07
  'sigp/public-audits/reports/eigenlayer/eigenlayer-2.pdf': ['eigenlayer'], // EigenLayer: Review of EigenLayer smart contracts (Phase 2), 2023-05
  'sigp/public-audits/reports/aave/aave-gov-v3/review.pdf': ['aave'], // Aave: Review of Aave Governance v3 smart contracts, 2023-05
  'sigp/public-audits/reports/rocket-pool/rocket-pool-6-rpl-router/review.pdf': ['rocket-pool'], // Rocketpool: Review of Swap Router, 2022-12
  'sigp/public-audits/reports/rocket-pool/rocket-pool-5-lower-eth-bond/review.pdf': ['rocket-pool'], // Rocketpool: Review of Atlas Contract update, 2022-12
  'sigp/public-audits/reports/ethereum-foundation/ef-kzg/review.pdf': ['ethereum'], // Ethereum Foundation: Review of the KZG ceremony, 2022-12
  'sigp/public-audits/reports/aave/aave-por/aave-por-2/review.md': ['aave'], // Aave: Review of Aave Proof of Reserve smart contracts update, 2022-12
  'sigp/public-audits/reports/aave/aave-v3-0-1/review.pdf': ['aave'], // Aave: Review of Aave v3.0.1 & v3.0.2 contracts, 2022-12
  'sigp/public-audits/reports/aave/aave-por/aave-por/review.md': ['aave'], // Aave: Review of Aave Proof of Reserve smart contracts, 2022-11
  'sigp/public-audits/reports/aave/aave-gho-aip/review.pdf': ['aave'], // Aave: Review of Aave GHO Stablecoin AIP, 2022-11
  'sigp/public-audits/reports/aave/aave-gho-core/review.pdf': ['aave'], // Aave: Review of Aave GHO Stablecoin smart contracts, 2022-11
  'sigp/public-audits/reports/optimism/optimism-bedrock/review.pdf': ['optimism'], // Optimism: Review of Bedrock, 2022-10
  'sigp/public-audits/reports/aave/aave-proposal-stablecoins/aave-stablecoins/review.md': ['aave'], // Aave: Review of Aave Chainlink Synchronicity Price Adapter smart contract, 2022-10
  'sigp/public-audits/reports/rocket-pool/rocket-pool-4-feedistributor-fix/review.pdf': ['rocket-pool'], // Rocketpool: Review of Fee Distributor fix, 2022-09
  'sigp/public-audits/reports/sushi/sushi-swap-stable-pool/review.pdf': ['sushi'], // Sushi: Review of SushiXSwap & StablePool, 2022-07
  'sigp/public-audits/reports/sushi/bentobox-strategies-staking-contract/review.pdf': ['sushi'], // Sushi: Review of Bentobox Strategies & Staking, 2022-05
  'sigp/public-audits/reports/sushi/auction-maker-furo/review.pdf': ['sushi'], // Sushi: Review of Auction Maker & Furo, 2022-05
  'sigp/public-audits/reports/aave/aave-safetymodule/review.pdf': ['aave'], // Aave: Review of Aave Safety Module, 2022-02
  'sigp/public-audits/reports/1inch/review.pdf': ['1inch'], // 1inch: Review of 1inch Farming, 2022-02
  'sigp/public-audits/reports/aave/aave-v3/review.pdf': ['aave'], // Aave: Review of Aave Protocol v3, 2022-01
  'sigp/public-audits/reports/rocket-pool/rocket-pool-mainnet-vuln-review/review.pdf': ['rocket-pool'], // Rocketpool: Review of Eth2 Deposit Mechanism, 2021-11
  'sigp/public-audits/reports/lido/lido-easy-track/review.pdf': ['lido-dao'], // Lido: Review of EasyTrack, 2021-09
  'sigp/public-audits/reports/rocket-pool/rocket-pool/review.pdf': ['rocket-pool'], // Rocketpool: Review of Rocket Pool smart contracts, smart node & developer library, 2021-05
  'sigp/public-audits/reports/aave/aave-protocol/review.pdf': ['aave'], // Aave: Review of Aave Protocol v2.0, 2021-01
  'sigp/public-audits/reports/lido/lido/review.pdf': ['lido-dao', 'staked-ether'], // Lido: Review of Lido, 2020-12
  'sigp/public-audits/reports/filecoin/filecoin-proofs/review.pdf': ['filecoin'], // Filecoin: Review of Filecoin Proving Subsystem, 2020-07
  'sigp/public-audits/reports/synthetix/delegates/review.pdf': ['havven'], // Synthetix: Review of SIP 9, 10 & 14, 2020-03
  'sigp/public-audits/reports/synthetix/ethercollateral/review.pdf': ['havven'], // Synthetix: Review of EtherCollateral smart contract, 2020-02
  'sigp/public-audits/reports/synthetix/unipool/review.pdf': ['havven'], // Synthetix: Review of Unipool smart contract, 2020-02
  // Chainlink Labs' own contracts: the migration lockbox and CCIP's custom senders and receivers.
  'sigp/public-audits/reports/chainlink/lockbox/Sigma_Prime_CL_Lockbox_Security_Assessment_Report_v2_1.pdf': [
    'chainlink',
  ], // Chainlink - Lockbox: Chainlink Migration Lockbox, 2025-06
  'trailofbits/publications/reviews/2025-02-chainlinklabs-customsendersreceivers-securityreview.pdf': [
    'chainlink',
  ], // Chainlink Custom Senders and Receivers (Chainlink Labs), 2025-02
  'sigp/public-audits/reports/chainlink/chainlink-2/review.pdf': ['chainlink'], // Chainlink: Review of Chainlink's ConversionRate (aggregator) contract, 2019-05
  'sigp/public-audits/reports/synthetix/multicurrency/review.pdf': ['havven'], // Synthetix: Review of Synthetix Multicurrency, 2019-01
  'sigp/public-audits/reports/chainlink/chainlink-1/review.pdf': ['chainlink'], // Chainlink: Review of Chainlink's base smart contracts, 2018-11
  'sigp/public-audits/reports/havven/havven-issuancecontroller/review.pdf': ['havven'], // Havven: Review of a new IssuanceController contract to be used in the Havven system, 2018-06
  'sigp/public-audits/reports/havven/havven-2/review.pdf': ['havven'], // Havven: Review conducted prior to an incremental upgrade the Havven platform, 2018-06
  'sigp/public-audits/reports/havven/havven/README.md': ['havven'], // Havven: Review conducted prior to the first deployment of the Havven platform, 2018-04
  // Certora (Certora/SecurityReports)
  'Certora/SecurityReports/Reports/2026/01_13_2026_Lido_V3_MR.pdf': ['lido-dao', 'staked-ether'], // Lido: V3 stVaults, 2026-01-13
  'Certora/SecurityReports/Reports/2026/01_10_2026_Lido_V3_FV.pdf': ['lido-dao', 'staked-ether'], // Lido: V3 stVaults, 2026-01-10
  'Certora/SecurityReports/Reports/2026/01_10_2026_Lido_V3_Oracle_V7_MR.pdf': ['lido-dao', 'staked-ether'], // Lido: V3 Oracle, 2026-01-10
  'Certora/SecurityReports/Reports/2026/01_07_2026_Compound_V3_Governor_Whitelist.pdf': [
    'compound-governance-token',
  ], // Compound: V3 Governor Whitelist, 2026-01-07
  'Certora/SecurityReports/Reports/2026/01_07_2026_Compound_V3_Multiplier_Plugin.pdf': [
    'compound-governance-token',
  ], // Compound: V3 Multiplier Plugin, 2026-01-07
  'Certora/SecurityReports/Reports/2026/01_06_2026_Compound_V3_Extended_Pause.pdf': [
    'compound-governance-token',
  ], // Compound: V3 Extended Pause, 2026-01-06
  'Certora/SecurityReports/Reports/2025/09_29_2025_1inch_Cross_Chain_Swap-MR.pdf': ['1inch'], // 1inch: Cross-Chain Swap, 2025-09-29
  'Certora/SecurityReports/Reports/2025/02_25_2025_Balancer_LiquidityBootstrapPool-MR.pdf': ['balancer'], // Balancer: Liquidity Bootstrap Pool, 2025-02-25
  'Certora/SecurityReports/Reports/2025/02_20_2025_EigenLayer_Slashing-FV-MR.pdf': ['eigenlayer'], // EigenLayer: Slashing, 2025-02-20
  'Certora/SecurityReports/Reports/2025/02_18_2025_Lido_DG_ReAudit-FV-MR.pdf': ['lido-dao'], // Lido: Dual Governance ReAudit, 2025-02-18
  'Certora/SecurityReports/Reports/2025/02_18_2025_Balancer_StableSurgeHook-MR.pdf': ['balancer'], // Balancer: Stablepool Surge Hooks, 2025-02-18
  'Certora/SecurityReports/Reports/2025/02_12_2025_Balancer_MEV_Tax_Hook-MR.pdf': ['balancer'], // Balancer: MEV Tax Hook, 2025-02-12
  'Certora/SecurityReports/Reports/2025/02_05_2025_Lido_DG-FV-MR.pdf': ['lido-dao'], // Lido: Dual Governance, 2025-02-05
  'Certora/SecurityReports/Reports/2025/01_20_2025_Jito_TipRouter-MR.pdf': ['jito-governance-token'], // Jito: Tip Router, 2025-01-20
  'Certora/SecurityReports/Reports/2024/12_13_2024_Jito_Interceptor-FV-MR.pdf': ['jito-governance-token'], // Jito: Interceptor, 2024-12-13
  'Certora/SecurityReports/Reports/2024/12_12_2024_Liquity_Bold-FV.pdf': ['liquity'], // Liquity: Bold, 2024-12-12
  'Certora/SecurityReports/Reports/2024/12_10_2024_Frax_Bamm-FV-MR.pdf': ['frax-share'], // Frax: Bamm, 2024-12-10
  'Certora/SecurityReports/Reports/2024/12_06_2024_Sonic_Gateway-FV-MR.pdf': ['sonic-3'], // Sonic: Gateway, 2024-12-06
  'Certora/SecurityReports/Reports/2024/11_27_2024_Balancer_V3-FV-MR.pdf': ['balancer'], // Balancer: V3, 2024-11-27
  'Certora/SecurityReports/Reports/2024/11_11_2024_Jito_Restaking_V2-FV-MR.pdf': ['jito-governance-token'], // Jito: Restaking V2, 2024-11-11
  'Certora/SecurityReports/Reports/2024/09_19_2024_JitoRestaking_V1-FV-MR.pdf': ['jito-governance-token'], // Jito: Restaking V1, 2024-09-19
  'Certora/SecurityReports/Reports/2024/09_05_2024_Uniswap_V4_Core-FV-MR.pdf': ['uniswap'], // Uniswap: V4 Core, 2024-09-05
  'Certora/SecurityReports/Reports/2024/08_12_2024_EigenLayer_PEPE-FV-MR.pdf': ['eigenlayer'], // EigenLayer: PEPE, 2024-08-12
  'Certora/SecurityReports/Reports/2024/06_20_2024_Aave_Risk_Steward-FV-MR.pdf': ['aave'], // Aave: Risk Steward, 2024-06-20
  'Certora/SecurityReports/Reports/2024/06_04_2024_Tether_Token-FV-MR.pdf': ['tether'], // Tether: Token, 2024-06-04
  'Certora/SecurityReports/Reports/2024/05_05_2024_Lido_DG-DesignReview.pdf': ['lido-dao'], // Lido: Dual Governance Design Review, 2024-05-05
  'Certora/SecurityReports/Reports/2024/04_30_2024_Curve-FV-MR.pdf': ['curve-dao-token'], // Curve: Curve Crypto Pools, 2024-04-30
  'Certora/SecurityReports/Reports/2024/04_30_2024_Aave_V3_1-MR.pdf': ['aave'], // Aave: V3.1, 2024-04-30
  'Certora/SecurityReports/Reports/2024/03_14_2024_Aave_GhoStewardV2-FV-MR.pdf': ['aave'], // Aave: GhoStewardV2, 2024-03-14
  'Certora/SecurityReports/Reports/2023/12_21_2023_GHO_Stability_Module-FV-MR.pdf': ['aave'], // Aave: GHO Stability Module, 2023-12-21
  'Certora/SecurityReports/Reports/2023/11_16_2023_GMX_V2-FV-MR.pdf': ['gmx'], // GMX: V2, 2023-11-16
  'Certora/SecurityReports/Reports/2023/07_27_2023_Aave_stkToken_V3-FV.pdf': ['aave'], // Aave: stkToken V3, 2023-07-27
  'Certora/SecurityReports/Reports/2023/07_15_2023_Aave_Governance_V3-FV-MR.pdf': ['aave'], // Aave: Governance V3, 2023-07-15
  'Certora/SecurityReports/Reports/2023/07_15_2023_Aave_Delivery_Infrastructure-FV-MR.pdf': ['aave'], // Aave: Delivery Infrastructure, 2023-07-15
  'Certora/SecurityReports/Reports/2023/06_15_2023_Aave_Vault-FV-MR.pdf': ['aave'], // Aave: Vault, 2023-06-15
  'Certora/SecurityReports/Reports/2023/05_10_2023_Balancer_TimelockAuthorizer-FV.pdf': ['balancer'], // Balancer: TimelockAuthorizer, 2023-05-10
  'Certora/SecurityReports/Reports/2023/04_04_2023_Aave_StaticAToken_V3-FV.pdf': ['aave'], // Aave: StaticAToken V3, 2023-04-04
  'Certora/SecurityReports/Reports/2023/04_03_2023_Lido_V2-FV-MR.pdf': ['lido-dao', 'staked-ether'], // Lido: V2, 2023-04-03
  'Certora/SecurityReports/Reports/2023/03_15_2023_Aave_v3_Core_PR_820-MR.pdf': ['aave'], // Aave: v3 Core PR 820, 2023-03-15
  'Certora/SecurityReports/Reports/2023/03_07_2023_Aave_Gho-FV-MR.pdf': ['aave'], // Aave: GHO Stablecoin, 2023-03-07
  'Certora/SecurityReports/Reports/2023/01_24_2023_Aave_Rescue_Mission_Phase_1-FV-MR.pdf': ['aave'], // Aave: Rescue Mission Phase 1, 2023-01-24
  'Certora/SecurityReports/Reports/2022/12_29_2022_Aave_stkToken_v1_5-FV.pdf': ['aave'], // Aave: stkToken v1.5, 2022-12-29
  'Certora/SecurityReports/Reports/2022/12_14_2022_Aave_V3.0.1-FV.pdf': ['aave'], // Aave: V3.0.1, 2022-12-14
  'Certora/SecurityReports/Reports/2022/12_07_2022_Aave_CL_Price_Adapter-MR.pdf': ['aave'], // Aave: CL Price Adapter, 2022-12-07
  'Certora/SecurityReports/Reports/2022/11_22_2022_Aave_Proof_Of_Reserve-FV-MR.pdf': ['aave'], // Aave: Proof Of Reserve, 2022-11-22
  'Certora/SecurityReports/Reports/2022/09_30_2022_Aave_BTC.b-FV-MR.pdf': ['aave'], // Aave: BTC.b, 2022-09-30
  'Certora/SecurityReports/Reports/2022/09_16_2022_Balancer_Stable_Pool-FV.pdf': ['balancer'], // Balancer: Stable Pool, 2022-09-16
  'Certora/SecurityReports/Reports/2022/09_08_2022_Aave_Governance_V2-FV-MR.pdf': ['aave'], // Aave: Governance V2, 2022-09-08
  'Certora/SecurityReports/Reports/2022/08_29_2022_Aave_Starknet_Bridge-FV-MR.pdf': ['aave'], // Aave: Starknet Bridge, 2022-08-29
  'Certora/SecurityReports/Reports/2022/07_15_2022_Aave_steward_sUSD-MR.pdf': ['aave'], // Aave: steward sUSD, 2022-07-15
  'Certora/SecurityReports/Reports/2022/07_15_2022_Aave_FRAX_MAI_Listing-FV-MR.pdf': ['aave'], // Aave: FRAX MAI Listing, 2022-07-15
  'Certora/SecurityReports/Reports/2022/07_09_2022_Aave_Token_V3-FV-MR.pdf': ['aave'], // Aave: Token V3, 2022-07-09
  'Certora/SecurityReports/Reports/2022/07_01_2022_Compound_Comet-FV.pdf': ['compound-governance-token'], // Compound: Comet, 2022-07-01
  'Certora/SecurityReports/Reports/2022/07_01_2022_Aave_stweard_sAVAX-FV-MR.pdf': ['aave'], // Aave: Stweard sAVAX, 2022-07-01
  'Certora/SecurityReports/Reports/2022/07_01_2022_AAVE_L2_Bridge-FV-MR.pdf': ['aave'], // Aave: L2 Bridge, 2022-07-01
  'Certora/SecurityReports/Reports/2022/06_26_2022_Aave_AStETH-FV-MR.pdf': ['aave'], // Aave: AStETH, 2022-06-26
  'Certora/SecurityReports/Reports/2022/01_01_2022_AAVE_Protocol_V3-FV.pdf': ['aave'], // Aave: Protocol V3, 2022-01-01
  'Certora/SecurityReports/Reports/2021/11_04_2021_SushiSwap_Trident_Router-FV.pdf': ['sushi'], // SushiSwap: Trident Router, 2021-11-04
  'Certora/SecurityReports/Reports/2021/11_04_2021_SushiSwap_Constant_Product_Pool-FV.pdf': ['sushi'], // SushiSwap: Constant Product Pool, 2021-11-04
  'Certora/SecurityReports/Reports/2021/04_25_2021_SushiSwap_Compound_Strategy-FV.pdf': ['sushi'], // SushiSwap: Compound Strategy, 2021-04-25
  'Certora/SecurityReports/Reports/2021/04_01_2021_Balancer_V2_Vault-FV.pdf': ['balancer'], // Balancer: V2 Vault, 2021-04-01
  'Certora/SecurityReports/Reports/2021/03_30_2021_SushiSwap_MasterChef_V2-FV.pdf': ['sushi'], // SushiSwap: MasterChef V2, 2021-03-30
  'Certora/SecurityReports/Reports/2021/03_03_2021_SushiSwap_Kashi_Pair-FV.pdf': ['sushi'], // SushiSwap: Kashi Pair, 2021-03-03
  'Certora/SecurityReports/Reports/2021/03_03_2021_SushiSwap_BentoBox-FV.pdf': ['sushi'], // SushiSwap: BentoBox, 2021-03-03
  'Certora/SecurityReports/Reports/2020/12_17_2020_Synthetix_Multi_Collateral_Loans-FV.pdf': ['havven'], // Synthetix: Multi Collateral Loans, 2020-12-17
  'Certora/SecurityReports/Reports/2020/12_02_2020_AAVE_Token_V2_Delegation-FV.pdf': ['aave'], // Aave: Token V2 Delegation, 2020-12-02
  'Certora/SecurityReports/Reports/2020/10_29_2020_AAVE_Protocol_V2-FV.pdf': ['aave'], // Aave: Protocol V2, 2020-10-29
  'Certora/SecurityReports/Reports/2020/09_16_2020_AAVE_Token_V1-FV.pdf': ['aave'], // Aave: Token V1, 2020-09-16
  'Certora/SecurityReports/Reports/2020/07_19_2020_Compound_Open_Oracle-FV.pdf': [
    'compound-governance-token',
  ], // Compound: Open Oracle, 2020-07-19
  'Certora/SecurityReports/Reports/2019/12_27_2019_Synthetix_Depot-MR.pdf': ['havven'], // Synthetix: Depot, 2019-12-27
  'Certora/SecurityReports/Reports/2019/09_08_2019_MakerDAO_MCD_Invariants-FV.pdf': ['maker', 'dai'], // MakerDAO: MCD Invariants, 2019-09-08
  'Certora/SecurityReports/Reports/2019/09_08_2019_MakerDAO_MCD_Bug_Report-FV.pdf': ['maker', 'dai'], // MakerDAO: MCD Bug Report, 2019-09-08
  'Certora/SecurityReports/Reports/2019/05_09_2019_Compound_Money_Market-FV.pdf': [
    'compound-governance-token',
  ], // Compound: Money Market, 2019-05-09
  'Certora/SecurityReports/Reports/2018/09_05_2018_Compound_Math_Price_Oracle-FV.pdf': [
    'compound-governance-token',
  ], // Compound: Math Price Oracle, 2018-09-05
  'Certora/SecurityReports/Reports/2018/08_10_2018_Compound_Math_Update-FV.pdf': [
    'compound-governance-token',
  ], // Compound: Math Update, 2018-08-10
  // Cyfrin (Cyfrin/cyfrin-audit-reports)
  'Cyfrin/cyfrin-audit-reports/reports/2025-07-14-cyfrin-ondo-global-markets-v2.0.pdf': ['ondo-finance'], // Ondo Global Markets, 2025-07-14
  'Cyfrin/cyfrin-audit-reports/reports/2025-05-16-cyfrin-ethena-timelock-v2.0.pdf': ['ethena'], // Ethena Timelock, 2025-05-13
  'Cyfrin/cyfrin-audit-reports/reports/2025-03-10-cyfrin-pancakeswap-v3.0.pdf': ['pancakeswap-token'], // PancakeSwap Infinity Router, 2024-10-04
  'Cyfrin/cyfrin-audit-reports/reports/2024-04-18-cyfrin-ondo-finance-v2.0.pdf': ['ondo-finance'], // Ondo Finance, 2024-04-18
  'Cyfrin/cyfrin-audit-reports/reports/2024-05-02-cyfrin-beanstalk-bip-39-v1-2.pdf': ['bean'], // Beanstalk BIP-39, 2023-11-20
  'Cyfrin/cyfrin-audit-reports/reports/2023-10-13-cyfrin-beanstalk-bip-38.pdf': ['bean'], // Beanstalk BIP-38, 2023-09-26
  'Cyfrin/cyfrin-audit-reports/reports/2023-09-12-cyfrin-beanstalk.pdf': ['bean'], // Beanstalk, 2023-09-11
  'Cyfrin/cyfrin-audit-reports/reports/2023-04-11-cyfrin-hyperliquid-dex-report.pdf': ['hyperliquid'], // Hyperliquid Dex, 2023-03-20
  'Cyfrin/cyfrin-audit-reports/reports/2023-06-16-cyfrin-beanstalk-wells.pdf': ['bean'], // Beanstalk Wells v2.0, 2023-03-24
  'Cyfrin/cyfrin-audit-reports/reports/2023-03-13-beanstalk_wells_v0.1.pdf': ['bean'], // Beanstalk Wells v0.1, 2023-02-24
};
