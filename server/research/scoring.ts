import type { CategoryKey } from '../../contract/methodology';
import type { Source } from '../../contract/reports';
import { NO_EVIDENCE_FINDING, THRESHOLDS } from '../../contract/scoring-rules';
import type { AssetEvidence, Fact } from './evidence';

// The documented rules of contract/scoring-rules.ts as code: evidence -> 1-5 with the facts
// that decided it. Pure functions, so they are tested exhaustively (fast-check).

export interface CategoryAssessment {
  score: number;
  /** One sentence per fact used, each tied to a source. */
  facts: string[];
  /** Why the rule gave this score. */
  rationale: string;
  sources: Source[];
  evidenceFound: boolean;
  /** What would move the score one band up ("Volume above $1 billion a day would score 5"); absent at 5. */
  nextUp?: string;
  /** What would move it one band down; absent at 1. */
  nextDown?: string;
  /** The risk this category shows, tied to its evidence, when the score is low (<= 2). */
  keyRisk?: string;
}

const t = THRESHOLDS;

/** 5 when value >= thresholds[0], 4 when >= thresholds[1], ... 1 otherwise (descending thresholds). */
export function levelAtLeast(value: number, thresholds: readonly number[]): number {
  const index = thresholds.findIndex((threshold) => value >= threshold);
  return index === -1 ? 5 - thresholds.length : 5 - index;
}

/** 5 when value <= thresholds[0], 4 when <= thresholds[1], ... (ascending thresholds). */
export function levelAtMost(value: number, thresholds: readonly number[]): number {
  const index = thresholds.findIndex((threshold) => value <= threshold);
  return index === -1 ? 5 - thresholds.length : 5 - index;
}

export const formatUsd = (value: number) => {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `$${(value / 1e9).toFixed(2)} billion`;
  if (abs >= 1e6) return `$${(value / 1e6).toFixed(2)} million`;
  return `$${Math.round(value).toLocaleString('en-US')}`;
};
const formatPct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const formatCount = (value: number) => Math.round(value).toLocaleString('en-US');

function sourcesOf(...facts: (Fact<unknown> | undefined)[]): Source[] {
  const seen = new Map<string, Source>();
  for (const fact of facts) {
    if (!fact) continue;
    const key = `${fact.source.url ?? fact.source.dataset}|${fact.source.title}`;
    if (!seen.has(key)) seen.set(key, fact.source);
  }
  return [...seen.values()];
}

const noEvidence = (what: string): CategoryAssessment => ({
  score: 1,
  facts: [`${NO_EVIDENCE_FINDING}: the sources hold no ${what} for this asset.`],
  rationale: 'Without evidence the category scores 1; absence of data is itself a risk.',
  sources: [],
  evidenceFound: false,
});

const yearsBetween = (fromIso: string, now: Date) =>
  (now.getTime() - new Date(fromIso).getTime()) / (365.25 * 24 * 3600 * 1000);

export function scoreMarketCap(e: AssetEvidence): CategoryAssessment {
  if (!e.marketCapUsd) return noEvidence('market capitalisation');
  const value = e.marketCapUsd.value;
  return {
    score: levelAtLeast(value, t.marketCapUsd),
    facts: [`Market capitalisation is ${formatUsd(value)}.`],
    rationale: `Scored against the documented thresholds of ${formatUsd(t.marketCapUsd[3])} to ${formatUsd(t.marketCapUsd[0])}.`,
    sources: sourcesOf(e.marketCapUsd),
    evidenceFound: true,
  };
}

export function scoreVolume(e: AssetEvidence): CategoryAssessment {
  if (!e.volume24hUsd || !e.marketCapUsd || e.marketCapUsd.value <= 0) return noEvidence('trading volume');
  const ratio = e.volume24hUsd.value / e.marketCapUsd.value;
  return {
    score: levelAtLeast(ratio, t.volumeToMarketCap),
    facts: [
      `24-hour trading volume is ${formatUsd(e.volume24hUsd.value)}, ${formatPct(ratio)} of market capitalisation.`,
    ],
    rationale: 'Higher volume relative to size means the asset can be traded without moving its price.',
    sources: sourcesOf(e.volume24hUsd, e.marketCapUsd),
    evidenceFound: true,
  };
}

export function scoreCirculatingSupply(e: AssetEvidence): CategoryAssessment {
  const supply = e.supply?.value;
  if (!e.supply || !supply?.circulating || !supply.total || supply.total <= 0)
    return noEvidence('supply data');
  const ratio = Math.min(1, supply.circulating / supply.total);
  return {
    score: levelAtLeast(ratio, t.circulatingToTotal),
    facts: [
      `Circulating supply is ${formatCount(supply.circulating)} of a total supply of ${formatCount(supply.total)} (${formatPct(ratio)}).`,
    ],
    rationale: 'Supply that does not circulate yet can be unlocked and sold later.',
    sources: sourcesOf(e.supply),
    evidenceFound: true,
  };
}

export function scoreTotalSupply(e: AssetEvidence): CategoryAssessment {
  const supply = e.supply?.value;
  if (!e.supply || !supply || (!supply.total && !supply.circulating)) return noEvidence('supply data');
  const total = supply.total ?? supply.circulating ?? 0;
  if (!supply.max) {
    return {
      score: 3,
      facts: [`Total supply is ${formatCount(total)} with no hard cap on issuance.`],
      rationale: 'Without a hard cap, the issuance policy alone limits future dilution.',
      sources: sourcesOf(e.supply),
      evidenceFound: true,
    };
  }
  const ratio = Math.min(1, total / supply.max);
  return {
    score: Math.max(2, levelAtLeast(ratio, t.totalToMax)),
    facts: [
      `Total supply is ${formatCount(total)} of a maximum of ${formatCount(supply.max)} (${formatPct(ratio)} issued).`,
    ],
    rationale: 'The closer the supply is to its cap, the less future dilution remains.',
    sources: sourcesOf(e.supply),
    evidenceFound: true,
  };
}

export function scoreSocial(e: AssetEvidence): CategoryAssessment {
  if (!e.watchlistUsers) return noEvidence('community data');
  return {
    score: levelAtLeast(e.watchlistUsers.value, t.watchlistUsers),
    facts: [
      `${formatCount(e.watchlistUsers.value)} CoinGecko users follow the asset in a watchlist or portfolio.`,
    ],
    rationale: 'Followers measure community reach and attention.',
    sources: sourcesOf(e.watchlistUsers),
    evidenceFound: true,
  };
}

export function scoreTeam(e: AssetEvidence, now: Date): CategoryAssessment {
  if (!e.team) return noEvidence('team information');
  const team = e.team.value;
  const years = e.genesisDate ? yearsBetween(e.genesisDate.value, now) : 0;
  const longRunning = years >= 3;
  const score = 1 + (team.identified ? 2 : 0) + (team.publicCode ? 1 : 0) + (longRunning ? 1 : 0);
  return {
    score,
    facts: [
      team.note,
      team.identified
        ? 'An identified team or foundation is accountable for the project.'
        : 'The sources do not identify the team.',
      team.publicCode
        ? 'Its code is published in a public repository.'
        : 'No public code repository is listed.',
      ...(e.genesisDate ? [`It has operated for ${years.toFixed(1)} years.`] : []),
    ],
    rationale: '1 point plus 2 for an identified team, 1 for public code and 1 for 3+ years of operation.',
    sources: sourcesOf(e.team, longRunning ? e.genesisDate : undefined),
    evidenceFound: true,
  };
}

const UTILITY_PATTERN =
  /smart contract|layer 1|layer-1|layer 2|platform|defi|decentrali[sz]ed finance|lending|exchange|dex|payment|stablecoin|oracle|infrastructure|interoperab|storage|staking|derivatives|yield/i;
const MEME_PATTERN = /meme/i;

export function scoreUseCase(e: AssetEvidence): CategoryAssessment {
  if (!e.useCase) return noEvidence('description of a use');
  const use = e.useCase.value;
  const described = use.description.trim().length > 0;
  const utility = use.categories.some((c) => UTILITY_PATTERN.test(c) && !MEME_PATTERN.test(c));
  const meme = use.categories.some((c) => MEME_PATTERN.test(c));
  const tvl = e.tvlUsd?.value ?? use.tvlUsd;
  const provenUsage = (use.marketCapRank !== undefined && use.marketCapRank <= 100) || (tvl ?? 0) >= 100e6;
  let score = 1 + (described ? 1 : 0) + (utility ? 2 : 0) + (provenUsage ? 1 : 0);
  if (meme) score = Math.min(score, 2);
  score = Math.min(5, score);
  const facts = [
    described ? `Stated purpose: ${use.description.trim()}` : 'No description of a purpose is published.',
    use.categories.length ? `Listed categories: ${use.categories.join(', ')}.` : 'No category is listed.',
  ];
  if (use.marketCapRank !== undefined) facts.push(`Market-cap rank: ${use.marketCapRank}.`);
  if (tvl !== undefined) facts.push(`Total value locked: ${formatUsd(tvl)}.`);
  if (meme) facts.push('It is listed as a meme asset, so the score is capped at 2.');
  return {
    score,
    facts,
    rationale:
      '1 point plus 1 for a described purpose, 2 for a utility category and 1 for proven usage; meme assets at most 2.',
    sources: sourcesOf(e.useCase, e.tvlUsd),
    evidenceFound: true,
  };
}

export function scoreExistence(e: AssetEvidence, now: Date): CategoryAssessment {
  if (!e.genesisDate) return noEvidence('launch date');
  const years = Math.max(0, yearsBetween(e.genesisDate.value, now));
  let score = levelAtLeast(years, t.ageYears);
  const facts = [`Genesis or launch on ${e.genesisDate.value.slice(0, 10)}, ${years.toFixed(1)} years ago.`];
  const drawdown = e.athChangeRatio?.value;
  if (drawdown !== undefined) {
    facts.push(`The price is ${formatPct(Math.abs(drawdown))} below its all-time high.`);
    if (-drawdown > t.athDrawdownPenalty) score = Math.max(1, score - 1);
  }
  return {
    score,
    facts,
    rationale: 'Longer survival is a stronger track record; a collapse from the all-time high costs a point.',
    sources: sourcesOf(e.genesisDate, e.athChangeRatio),
    evidenceFound: true,
  };
}

export function scoreAudits(e: AssetEvidence, now: Date): CategoryAssessment {
  if (!e.audits) return noEvidence('audit records');
  const { count, latestYear } = e.audits.value;
  if (count <= 0) {
    return {
      score: 1,
      facts: ['No published security audit is recorded.'],
      rationale: 'Code that holds funds without an independent review scores 1.',
      sources: sourcesOf(e.audits),
      evidenceFound: true,
    };
  }
  let score = count >= 3 ? 5 : count === 2 ? 4 : 3;
  const facts = [`${count} published security audit${count === 1 ? '' : 's'} recorded.`];
  if (latestYear !== undefined) {
    facts.push(`The latest is from ${latestYear}.`);
    if (now.getUTCFullYear() - latestYear > t.staleAuditYears) score = Math.max(2, score - 1);
  }
  return {
    score,
    facts,
    rationale: 'More independent audits, and recent ones, lower the risk of an undiscovered flaw.',
    sources: sourcesOf(e.audits),
    evidenceFound: true,
  };
}

export function scoreDexHolders(e: AssetEvidence): CategoryAssessment {
  if (!e.topHoldersShare) return noEvidence('holder distribution data');
  const share = e.topHoldersShare.value;
  return {
    score: levelAtMost(share, t.topHoldersShare),
    facts: [`The 10 largest holders control ${formatPct(share)} of the supply.`],
    rationale: 'The more concentrated the supply, the more a few wallets can move the price.',
    sources: sourcesOf(e.topHoldersShare),
    evidenceFound: true,
  };
}

export function hackNetLoss(hack: { amountUsd: number; returnedUsd: number }): number {
  return Math.max(0, hack.amountUsd - hack.returnedUsd);
}

export function scoreHacks(e: AssetEvidence, now: Date): CategoryAssessment {
  if (!e.hacks) {
    return {
      ...noEvidence('incident records'),
      rationale: 'The incident database could not be checked for this asset, so the category scores 1.',
    };
  }
  const hacks = e.hacks.value;
  if (hacks.length === 0) {
    return {
      score: 5,
      facts: ['No hack, exploit or rug pull is recorded for this asset.'],
      rationale: 'A clean incident record scores 5.',
      sources: sourcesOf(e.hacks),
      evidenceFound: true,
    };
  }
  const largest = Math.max(...hacks.map(hackNetLoss));
  let score = 5 - t.hackNetLossUsd.filter((threshold) => largest >= threshold).length - 1;
  const recent = hacks.some((h) => yearsBetween(h.date, now) <= t.recentYears);
  if (recent) score = Math.max(1, score - 1);
  const facts = hacks.map(
    (h) =>
      `${h.date.slice(0, 10)}: ${h.name}${h.technique ? ` (${h.technique})` : ''}, ${formatUsd(h.amountUsd)} lost${h.returnedUsd > 0 ? `, ${formatUsd(h.returnedUsd)} returned` : ''}.`,
  );
  return {
    score: Math.max(1, score),
    facts,
    rationale: `The largest net loss is ${formatUsd(largest)}${recent ? '; an incident within the last 2 years costs a point' : ''}.`,
    sources: sourcesOf(e.hacks),
    evidenceFound: true,
  };
}

export function scoreLayer1(e: AssetEvidence): CategoryAssessment {
  if (!e.chain) return noEvidence('chain information');
  const kind = e.chain.value;
  const text = {
    layer1: 'It is the native coin of its own layer-1 blockchain.',
    layer2: 'It is the native coin of a layer-2 network.',
    token: 'It is a token issued on another chain.',
  }[kind];
  return {
    score: kind === 'layer1' ? 5 : kind === 'layer2' ? 4 : 3,
    facts: [text],
    rationale: 'An asset that runs on its own chain depends on no other network.',
    sources: sourcesOf(e.chain),
    evidenceFound: true,
  };
}

export const SCORERS: Record<CategoryKey, (e: AssetEvidence, now: Date) => CategoryAssessment> = {
  marketCap: scoreMarketCap,
  volumeX2: scoreVolume,
  circulatingSupply: scoreCirculatingSupply,
  totalSupply: scoreTotalSupply,
  socialMetricsX2: scoreSocial,
  team: scoreTeam,
  useCase: scoreUseCase,
  existenceGrowthX2: scoreExistence,
  audits: scoreAudits,
  dexHolders: scoreDexHolders,
  hacksScandals: scoreHacks,
  layer1: scoreLayer1,
};

/** Categories whose score the AI writer may move by one point (qualitative judgement). */
export const QUALITATIVE_CATEGORIES: ReadonlySet<CategoryKey> = new Set(['team', 'useCase']);
