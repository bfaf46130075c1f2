import type { CategoryKey } from './methodology';

/**
 * The checks a careful analyst makes for each kind of asset, on top of the 12 categories (whose
 * weights they leave unchanged). Each check reads the evidence the report already holds and says
 * "met", "risk", "unknown" (no source we use states it) or "notApplicable" (the check does not fit
 * this asset, e.g. reserve attestations of an algorithmic stablecoin, which holds no reserve); a risk
 * joins the report's key risks under the category its evidence belongs to. The methodology page
 * lists them from here.
 */
export const KIND_CHECK_STATUSES = ['met', 'risk', 'unknown', 'notApplicable'] as const;
export type KindCheckStatus = (typeof KIND_CHECK_STATUSES)[number];

export const KIND_RULE_GROUPS = ['stablecoin', 'layer1', 'defi', 'unlocks', 'meme'] as const;
export type KindRuleGroup = (typeof KIND_RULE_GROUPS)[number];

export interface KindRule {
  key: string;
  label: string;
  /** What the check looks at and when it is a risk, in a reader's words. */
  rule: string;
  /** The category whose key risks a failed check joins. */
  category: CategoryKey;
  /**
   * The check reads the same evidence as its category's own score (exploits, independent
   * audits): when that category already names its risk, the check adds no second entry.
   */
  sameFindingAsCategory?: boolean;
}

export const KIND_RULES: Record<
  KindRuleGroup,
  { title: string; appliesTo: string; rules: readonly KindRule[] }
> = {
  stablecoin: {
    title: 'Stablecoins',
    appliesTo: 'assets whose kind is stablecoin',
    rules: [
      {
        key: 'reserves',
        label: 'Reserve type',
        rule: 'Fiat- or crypto-backed reserves are met; an algorithmic peg with no reserve is a risk.',
        category: 'useCase',
      },
      {
        key: 'attestations',
        label: 'Reserve attestations',
        rule: 'At least one published attestation or proof-of-reserve document is met; none listed is a risk. It does not apply to an algorithmic peg, which holds no reserve.',
        // An attestation checks reserves, not code (decision 0180): it belongs with the reserves.
        category: 'useCase',
      },
      {
        key: 'worstDepeg',
        label: 'Worst depeg',
        rule: 'A lowest price under $0.97 on record is a risk. A recorded depeg incident whose price the record does not give leaves it not assessed: snapshot prices alone cannot clear it.',
        category: 'existenceGrowthX2',
      },
      {
        key: 'mintRedeem',
        label: 'Mint and redeem access',
        rule: 'How holders mint and redeem, as the issuer documents it.',
        category: 'useCase',
      },
      {
        key: 'freeze',
        label: 'Freeze and blacklist powers',
        rule: 'An issuer that can freeze or blacklist holders is a risk for those holders.',
        category: 'team',
      },
      {
        key: 'issuer',
        label: 'Issuer and jurisdiction',
        rule: 'A named issuer with a stated jurisdiction is met.',
        category: 'team',
      },
    ],
  },
  layer1: {
    title: 'Layer 1 and layer 2 networks',
    appliesTo: 'native coins of their own network',
    rules: [
      {
        key: 'validators',
        label: 'Validator and client concentration',
        rule: 'Share of stake or blocks held by the largest validators, and of nodes on one client: one client running a majority of either client layer in the newest reading is a risk.',
        category: 'layer1',
      },
      {
        key: 'outages',
        label: 'Outages',
        rule: 'A recorded halt of block production is a risk.',
        category: 'layer1',
      },
      {
        key: 'issuance',
        label: 'Issuance',
        rule: 'A hard cap with most of it issued is met; supply with no cap, still being issued, is a risk of dilution.',
        category: 'totalSupply',
      },
    ],
  },
  defi: {
    title: 'DeFi protocols',
    appliesTo: 'assets whose kind is DeFi',
    rules: [
      {
        key: 'audits',
        label: 'Independent audits',
        rule: 'At least one independent code audit or formal verification is met; reviews only by the developer, or none, is a risk.',
        category: 'audits',
        sameFindingAsCategory: true,
      },
      {
        key: 'oracle',
        label: 'Oracle',
        rule: 'Which price oracle the protocol relies on and how it fails.',
        category: 'useCase',
      },
      {
        key: 'adminKeys',
        label: 'Admin keys and upgradeability',
        rule: 'Who can upgrade the contracts or move funds, and behind what delay.',
        category: 'team',
      },
      {
        key: 'tvlTrend',
        label: 'Value locked over the year',
        rule: 'A fall of more than half in a year is a risk.',
        category: 'useCase',
      },
      {
        key: 'exploits',
        label: 'Exploits',
        rule: 'A recorded exploit with a net loss in the last three years is a risk.',
        category: 'hacksScandals',
        sameFindingAsCategory: true,
      },
    ],
  },
  unlocks: {
    title: 'Tokens with unlock schedules',
    appliesTo: 'any asset whose supply unlocks on a published schedule',
    rules: [
      {
        key: 'lockedShare',
        label: 'Share still locked',
        rule: 'More than 30% of the scheduled supply still locked is a risk of future selling.',
        category: 'circulatingSupply',
      },
      {
        key: 'nextUnlock',
        label: 'Next unlock',
        rule: 'An unlock of 1% of the supply or more within 90 days is a risk.',
        category: 'circulatingSupply',
      },
    ],
  },
  meme: {
    title: 'Meme coins',
    appliesTo: 'assets whose kind is meme',
    rules: [
      {
        key: 'holders',
        label: 'Holder concentration',
        rule: 'The 10 largest holders (exchanges and contracts aside) owning more than half the supply is a risk.',
        category: 'dexHolders',
      },
      {
        key: 'liquidity',
        label: 'Liquidity depth',
        rule: 'Less than $100,000 of order-book depth within 2% below the price is a risk.',
        category: 'volumeX2',
      },
      {
        key: 'teamWallets',
        label: 'Team wallets',
        rule: 'Supply held by the team or deployer wallets.',
        category: 'dexHolders',
      },
    ],
  },
};

/** Thresholds of the checks above, shared by the rules text and the code that applies them. */
export const KIND_THRESHOLDS = {
  worstDepegLow: 0.97,
  issuedShareMet: 0.9,
  tvlFall365d: -0.5,
  exploitYears: 3,
  lockedShareRisk: 0.3,
  nextUnlockDays: 90,
  nextUnlockShare: 0.01,
  memeTop10Share: 0.5,
  memeDepthUsd: 100_000,
} as const;
