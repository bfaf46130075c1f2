import { kindNouns } from './assets';
import { datedChartSchema } from './charts';
import { MAX_ID } from './http';
import { KIND_CHECK_STATUSES, KIND_RULE_GROUPS, KIND_RULES } from './kind-rules';
import {
  arithmeticLine,
  CATEGORIES,
  type CategoryKey,
  MAX_TOTAL,
  MIN_RATED_CATEGORIES,
  RISK_LEVEL_LABELS,
  RISK_LEVELS,
  type Scores,
  totalArithmetic,
} from './methodology';
import { requiredField, z } from './zod';

// Shapes of reports as the client reads them: the report response, its progress entries and
// the my-reports and public-reports list items.

export const REPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A public dataset a fact was taken from: its name, the commit or version read, its license. */
export const datasetRefSchema = z.object({
  /** "SunWeb3Sec/DeFiHackLabs", "DefiLlama/peggedassets-server"… */
  name: z.string(),
  /** Commit hash or version of the dataset that was read. */
  version: z.string(),
  /** SPDX id or license name ("Apache-2.0", "MIT", "CC-BY-NC-4.0"). */
  license: z.string(),
  /** The dataset itself (repository at that commit, or the file). */
  url: z.string(),
});
export type DatasetRef = z.infer<typeof datasetRefSchema>;

/**
 * Where a fact came from: the specific document (audit report, post-mortem, filing, data page)
 * and, for offline facts, the dataset that carried it. Sources stored before provenance named
 * their dataset with a bare string; those still parse, with the unknown fields left empty.
 */
export const sourceSchema = z.object({
  title: z.string(),
  /** The specific document that supports the fact (never only a homepage). */
  url: z.string().optional(),
  /** ISO date the document was published, when known. */
  publishedAt: z.string().optional(),
  dataset: z
    .codec(z.union([z.string(), datasetRefSchema]), datasetRefSchema, {
      decode: (value) =>
        typeof value === 'string' ? { name: value, version: '', license: '', url: '' } : value,
      encode: (value) => value,
    })
    .optional(),
  /** Live: when the service answered. Offline: the dataset's own date (its commit date). */
  retrievedAt: z.string(),
  /** True when a live service answered for this report; false for a dated dataset. */
  live: z.boolean().optional(),
  /**
   * The source is cited for what the asset is (a chain its file counts blocks of), not for how it
   * stands on a day: it does not set the report's data date (decision 0249).
   */
  reference: z.literal(true).optional(),
});
export type Source = z.infer<typeof sourceSchema>;

const isoDay = (value: string) => (/^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value);

/**
 * A source's dates as the report prints them: the document's own date (published) and when it
 * was read, kept apart: a live answer was retrieved; a dataset is as of its own commit date; a
 * curated document was checked when the list was compiled.
 */
/**
 * A reference (decision 0249) with no date of its own, such as DefiLlama's chain list (0274): its
 * date is the day the list was read, not a day its data describe.
 */
export const isReadOnly = (source: Pick<Source, 'reference' | 'publishedAt'>): boolean =>
  source.reference === true && !source.publishedAt;

export function sourceDateText(source: Source): string {
  const read = isoDay(source.retrievedAt);
  const when = source.live
    ? `retrieved ${read}`
    : isReadOnly(source)
      ? `read on ${read}`
      : source.dataset
        ? `dataset as of ${read}`
        : `checked ${read}`;
  return source.publishedAt ? `published ${isoDay(source.publishedAt)}; ${when}` : when;
}

/**
 * Two citations are one source when they name the same place (URL, else dataset) under the same
 * title. The report text, the report page and the PDF number sources with this one key, so a
 * "[n]" in the text always points at the same entry of the source list.
 */
export const sourceKey = (source: Source): string =>
  `${source.url ?? source.dataset?.name ?? ''}|${source.title}`;

/** Where a category's evidence came from: a live source, the dated snapshot, or nowhere. */
export const COVERAGE_KINDS = ['live', 'snapshot', 'none'] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];
export const COVERAGE_LABELS: Record<CoverageKind, string> = {
  live: 'Live sources',
  snapshot: 'Dated dataset',
  none: 'No evidence found',
};

export const categoryCoverageSchema = z.object({
  kind: z.enum(COVERAGE_KINDS),
  /** Latest retrieval time of the category's sources (ISO), absent without evidence. */
  retrievedAt: z.string().optional(),
  /** retrievedAt is the day a reference list was read, not a data date (isReadOnly). */
  read: z.literal(true).optional(),
});
export type CategoryCoverage = z.infer<typeof categoryCoverageSchema>;

/**
 * What an agent stores in research_progress.research_data. The fields after scoreNote came
 * with the buyer-first report (methodology v2); older rows lack them and still parse.
 */
export const agentResearchDataSchema = z.object({
  findings: z.string(),
  analysis: z.string(),
  sources: z.array(sourceSchema),
  /** Set when the writer or a rule moved the score, with its reason. */
  scoreNote: z.string().optional(),
  /** The evidence behind the score, one sentence per fact. */
  facts: z.array(z.string()).optional(),
  /** What would move the score one band up / down. */
  nextUp: z.string().optional(),
  nextDown: z.string().optional(),
  /** The risk this category shows, tied to its evidence. */
  keyRisk: z.string().optional(),
  coverage: categoryCoverageSchema.optional(),
  /** A dated line drawn with the category (the unlock schedule of Circulating Supply). */
  chart: datedChartSchema.optional(),
  /** The knockout that decided this category (the report is Not Safe), with its primary document. */
  knockout: z
    .object({ kind: z.string(), rule: z.string(), date: z.string(), title: z.string(), link: z.string() })
    .optional(),
});
export type AgentResearchData = z.infer<typeof agentResearchDataSchema>;

/** One key risk: tied to a category, its score and the numbered sources behind it. */
export const keyRiskSchema = z.object({
  category_key: z.string(),
  category: z.string(),
  score: z.number(),
  text: z.string(),
});
export type KeyRisk = z.infer<typeof keyRiskSchema>;

/** One per-kind check (contract/kind-rules.ts) as a report stores it. */
export const kindCheckSchema = z.object({
  group: z.enum(KIND_RULE_GROUPS),
  key: z.string(),
  label: z.string(),
  status: z.enum(KIND_CHECK_STATUSES),
  /** What the evidence says, with its figures and dates; for "unknown", what is missing. */
  finding: z.string(),
  sources: z.array(sourceSchema),
});
export type KindCheck = z.infer<typeof kindCheckSchema>;

/** One peer: an asset of the same kind, as its own latest published report says (or not yet researched). */
export const peerSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** False when the peer has no published report yet (then no total); absent on older reports. */
  researched: z.boolean().optional(),
  rated: z.boolean(),
  /** Total on the 77-point scale, from the peer's own report; null when Not rated or not researched. */
  total: z.number().nullable(),
  /** Risk level label ("Potential Risk"); null when Not rated or not researched. */
  riskLevel: z.string().nullable(),
  /** The peer's own report the figures come from: its id (null offline), version and day. */
  report: z
    .object({ id: z.number().nullable(), version: z.number().nullable(), date: z.string() })
    .optional(),
});
export type Peer = z.infer<typeof peerSchema>;

/** Where a report stands among the assets of its kind in the offline dataset. */
export const peerGroupSchema = z.object({
  /** The report's asset as the peer lines name it. */
  assetName: z.string(),
  /** layer1, layer2, token, stablecoin, meme, defi, exchange; null when unknown (then no peers). */
  kind: z.string().nullable(),
  /** "Layer 1", "Token on Ethereum"…; null when the kind is unknown. */
  kindLabel: z.string().nullable(),
  /** What the peers were scored from ("dated public datasets, methodology 2026.11-3"). */
  basis: z.string(),
  /** Every other asset of the kind in the dataset. */
  compared: z.number(),
  /** How many of them have a published report (absent on older reports: all were scored). */
  researched: z.number().optional(),
  /** How many of the researched ones are rated. */
  rated: z.number(),
  /** The report's total when rated, else null (then it is not ranked). */
  total: z.number().nullable(),
  /** Rated peers with a lower total than the report (null when the report is not rated). */
  below: z.number().nullable(),
  /** The rated peers with their own reports' totals, so a few can be named (absent on older reports). */
  ratedPeers: z.array(z.object({ name: z.string(), total: z.number() })).optional(),
  /** The peers the report names: the nearest in the catalogue (similar size), with their scores. */
  named: z.array(peerSchema),
});
export type PeerGroup = z.infer<typeof peerGroupSchema>;

/**
 * How the total was computed, as every report prints it: the counted categories (those with
 * evidence) with weight x score, the ones left out, and T = S x 77 / M. Printed numbers reproduce
 * the stored total exactly (the claim checker recomputes them).
 */
export const scoreArithmeticSchema = z.object({
  rated: z.boolean(),
  counted: z.array(
    z.object({
      category_key: z.string(),
      category: z.string(),
      weight: z.number(),
      score: z.number(),
      contribution: z.number(),
    }),
  ),
  /** Categories without evidence (not assessed). */
  notCounted: z.array(z.string()),
  /** They entered the total at the lowest level, 1 (methodology 2026.11-5); else they were left out. */
  atLowest: z.boolean().optional(),
  weightedSum: z.number(),
  maxWeightedSum: z.number(),
  /** Null when Not rated. */
  total: z.number().nullable(),
  /** The risk level label ("Likely Safe"), null when Not rated. */
  riskLevel: z.string().nullable(),
  /** The categories whose knockout decided the risk level. */
  knockouts: z.array(z.string()),
});
export type ScoreArithmetic = z.infer<typeof scoreArithmeticSchema>;

const categoryName = (key: string) => CATEGORIES.find((c) => c.key === key)?.name ?? key;

/**
 * The arithmetic of stored scores. The categories counted are those the scores name (new
 * reports), else those with evidence by the coverage rows, else all twelve (older reports).
 */
export function scoreArithmetic(
  scores: Scores,
  evidence: { key: string; hasEvidence: boolean }[],
  knockouts: readonly string[] = [],
): ScoreArithmetic {
  const fromCoverage = evidence.filter((e) => e.hasEvidence).map((e) => e.key as CategoryKey);
  const counted = scores.counted ?? (evidence.length ? fromCoverage : CATEGORIES.map((c) => c.key));
  const arithmetic = totalArithmetic(scores, counted, scores.gapsAtLowest ? 'atLowest' : 'overEvidence');
  const rated = scores.rated !== false && scores.riskLevel !== null;
  return {
    rated,
    counted: arithmetic.counted.map((c) => ({
      category_key: c.key,
      category: categoryName(c.key),
      weight: c.weight,
      score: c.score,
      contribution: c.contribution,
    })),
    notCounted: CATEGORIES.filter((c) => !counted.includes(c.key)).map((c) => c.name),
    ...(scores.gapsAtLowest ? { atLowest: true } : {}),
    weightedSum: arithmetic.weightedSum,
    maxWeightedSum: arithmetic.maxWeightedSum,
    total: rated ? arithmetic.total : null,
    riskLevel: rated && scores.riskLevel ? RISK_LEVEL_LABELS[scores.riskLevel] : null,
    knockouts: knockouts.map(categoryName),
  };
}

/** "Rated on 5 of 12 categories": how much of the report rests on evidence, beside its verdict. */
export const ratedOnText = (scoredCategories: number) =>
  `rated on ${scoredCategories} of ${CATEGORIES.length} categories`;

/** The arithmetic as lines, the same on the page, in the text report and in the PDF. */
export function scoreArithmeticLines(a: ScoreArithmetic): string[] {
  const parts = a.counted.map(
    (c) => `${c.category} ${c.weight} × ${c.score.toFixed(1)} = ${c.contribution.toFixed(1)}`,
  );
  const weightOf = (name: string) => CATEGORIES.find((c) => c.name === name)?.weight ?? 1;
  const left = !a.notCounted.length
    ? 'Every category holds evidence, so all twelve are scored.'
    : a.atLowest
      ? `Not assessed, no evidence, each counted at the lowest level (weight × 1): ${a.notCounted.map((name) => `${name} ${weightOf(name)} × 1.0 = ${weightOf(name).toFixed(1)}`).join('; ')}.`
      : `Not counted, no evidence: ${a.notCounted.join(', ')}.`;
  if (!a.rated)
    return [
      `${NOT_RATED_TEXT}: evidence in ${CATEGORIES.length - a.notCounted.length} of ${CATEGORIES.length} categories, fewer than the ${MIN_RATED_CATEGORIES} a total needs, so no total, composite or risk level is given.`,
      left,
    ];
  const composite = ((a.total ?? 0) / MAX_TOTAL) * 5;
  return [
    a.atLowest
      ? `Scored on evidence (weight × score): ${parts.join('; ') || 'none'}.`
      : `Counted, with evidence (weight × score): ${parts.join('; ')}. Weighted sum ${a.weightedSum.toFixed(1)} of a maximum of ${a.maxWeightedSum} (5 × their weights).`,
    a.atLowest
      ? `${left} Weighted sum ${a.weightedSum.toFixed(1)} of a maximum of ${a.maxWeightedSum}.`
      : left,
    `${arithmeticLine({ weightedSum: a.weightedSum, maxWeightedSum: a.maxWeightedSum, total: a.total ?? 0 })} of ${MAX_TOTAL}; composite = total / ${MAX_TOTAL} × 5 = ${composite.toFixed(1)} of 5.`,
    a.knockouts.length
      ? `Risk level: Not Safe by knockout (${a.knockouts.join(', ')}), whatever the total.`
      : `Risk level: ${a.riskLevel}, read from the total against the fixed bands (Likely Safe from 51, Potential Risk from 36), ${ratedOnText(CATEGORIES.length - a.notCounted.length)}.`,
  ];
}

const NOT_RATED_TEXT = 'Not rated';

/**
 * How a category without evidence reads where a score would stand: not assessed (the arithmetic
 * says how it entered the total: at 1 from 2026.11-5, left out before; decision 0320).
 */
export const NOT_COUNTED_TEXT = 'not assessed';

/** "4/5", or "not assessed" for a category the coverage rows show without evidence. */
export function categoryScoreText(
  sections: Pick<ReportSections, 'coverage'>,
  key: string,
  score: number,
): string {
  const row = sections.coverage.find((c) => c.category_key === key);
  return row?.kind === 'none' ? NOT_COUNTED_TEXT : `${score}/5`;
}

/**
 * A key risk's label: "Audits (2/5)" for a category's, "Price history" for one read from the
 * evidence itself (no score of its own, decision 0322).
 */
export function keyRiskLabel(sections: Pick<ReportSections, 'coverage'>, risk: KeyRisk): string {
  return CATEGORIES.some((c) => c.key === risk.category_key)
    ? `${risk.category} (${categoryScoreText(sections, risk.category_key, risk.score)})`
    : risk.category;
}

/** The buyer-first sections of a report (absent on reports researched before them). */
export const reportSectionsSchema = z.object({
  /** Prose: verdict, strongest and weakest categories with their facts, data coverage. */
  summary: z.string(),
  /** Who wrote the summary and key risks. */
  writer: z.enum(['rules', 'llm']),
  keyRisks: z.array(keyRiskSchema),
  /** The checks for the asset's kind; absent on reports researched before them. */
  kindChecks: z.array(kindCheckSchema).optional(),
  changes: z.array(
    z.object({
      category_key: z.string(),
      category: z.string(),
      score: z.number(),
      nextUp: z.string().nullable(),
      nextDown: z.string().nullable(),
    }),
  ),
  coverage: z.array(
    z.object({
      category_key: z.string(),
      category: z.string(),
      kind: z.enum(COVERAGE_KINDS),
      retrievedAt: z.string().nullable(),
      /** retrievedAt is the day a reference list was read, not a data date (isReadOnly). */
      read: z.literal(true).optional(),
      /** The dated datasets behind the category's offline evidence (absent on older reports). */
      datasets: z.array(datasetRefSchema).optional(),
    }),
  ),
  /** ISO date of the oldest evidence in the report; absent on older reports. */
  dataAsOf: z.string().nullable().optional(),
  /**
   * The named peers, stored once when the report was written (page and PDF render this one
   * value); null for reports researched before peers were stored.
   */
  peers: peerGroupSchema.nullable(),
  /** How the total was computed; absent on reports researched before it was printed. */
  arithmetic: scoreArithmeticSchema.optional(),
});
export type ReportSections = z.infer<typeof reportSectionsSchema>;

const DAY_MS = 86_400_000;

/**
 * "Data as of 2026-08-21 (94 days before this report)": how old the evidence was when the
 * report was written, the same on the page, in the text and in the PDF.
 */
export function dataAgeLine(dataAsOf: string, reportDate: string): string {
  const day = dataAsOf.slice(0, 10);
  const days = Math.max(0, Math.floor((Date.parse(reportDate.slice(0, 10)) - Date.parse(day)) / DAY_MS));
  const age =
    days === 0 ? 'the day of this report' : `${days} day${days === 1 ? '' : 's'} before this report`;
  return `Data as of ${day} (${age})`;
}

/** "DeFiHackLabs @ b3719ce (Apache-2.0)": a dataset as a reader can look it up. */
/** A licence as printed inside parentheses: "none declared, facts only", never "(… (facts only))". */
export const licenseText = (license: string): string => license.replace(/\s*\(([^()]*)\)/g, ', $1');

export function describeDataset(dataset: DatasetRef): string {
  const version = dataset.version ? ` @ ${dataset.version.slice(0, 12)}` : '';
  const license = dataset.license ? `, license: ${licenseText(dataset.license)}` : '';
  return `${dataset.name}${version}${license}`;
}

const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;

/** "Bitcoin (BTC)"; an asset whose name is its symbol ("USDC") is named once. */
export const nameWithSymbol = (name: string, symbol: string): string =>
  name.toLowerCase() === symbol.toLowerCase() ? name : `${name} (${symbol})`;

/** The same for an asset listed under several symbols (the back-test): "USDC", never "USDC (USDC)". */
export const nameWithSymbols = (name: string, symbols: string[]): string => {
  const shown = symbols.filter((s) => s.toLowerCase() !== name.toLowerCase());
  return shown.length ? `${name} (${shown.join(', ')})` : name;
};

/** Where a peer's own report is: its page, else (offline) its day. */
const peerReportCitation = (report: NonNullable<Peer['report']>): string =>
  report.id === null
    ? ` (its report of ${report.date})`
    : ` (its report version ${report.version ?? 1} of ${report.date}, /report/${report.id})`;

/** "Ethereum (ETH): 58.20 of 77, Potential Risk" or "Dogecoin (DOGE): Not rated". */
export const describePeer = (peer: Peer): string =>
  peer.researched === false
    ? `${nameWithSymbol(peer.name, peer.symbol)}: not yet researched`
    : `${nameWithSymbol(peer.name, peer.symbol)}: ${peer.rated && peer.total !== null ? `${peer.total.toFixed(2)} of 77, ${peer.riskLevel}` : 'Not rated'}${peer.report ? peerReportCitation(peer.report) : ''}`;

const SMALL_COUNTS = ['none', 'one', 'two', 'three', 'four', 'five'];
const NUMBER_WORDS = [
  'zero',
  ...SMALL_COUNTS.slice(1),
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
/** A count in words up to twelve ("zero", "six"), in digits above. */
export const countWord = (n: number): string => NUMBER_WORDS[n] ?? String(n);
/** "A, B and C": names in a sentence. */
export const joinNames = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** Where a rated total stands among the rated peers, by its rank: never "higher than 0 of 18". */
function standingAmongRated(
  total: number,
  below: number,
  rated: number,
  ratedPeers: PeerGroup['ratedPeers'],
): string {
  const lead = `${total.toFixed(2)} of 77`;
  // A few rated peers are named (they need not be among the named peers), their count in words.
  if (ratedPeers?.length === rated && rated <= 5) {
    const names = ratedPeers.map((p) => p.name);
    const lower = ratedPeers.filter((p) => p.total < total).map((p) => p.name);
    const rest = ratedPeers.filter((p) => p.total >= total).map((p) => p.name);
    if (rated === 1)
      return `${lead}, ${below === 0 ? 'not higher than' : 'higher than'} that of its one rated peer, ${names[0]}`;
    if (lower.length === 0)
      return `${lead}, not higher than ${rated === 2 ? 'either' : 'any'} of the ${SMALL_COUNTS[rated]} (${joinNames(names)})`;
    if (rest.length === 0)
      return `${lead}, higher than ${rated === 2 ? 'both' : `all ${SMALL_COUNTS[rated]}`} (${joinNames(names)})`;
    return `${lead}, higher than ${joinNames(lower)} and not higher than ${joinNames(rest)}`;
  }
  if (rated === 1) return `${lead}, ${below === 0 ? 'not higher than' : 'higher than'} its one rated peer's`;
  if (below === 0) return `${lead}, not higher than any of the ${rated}`;
  if (below === rated) return `${lead}, higher than all ${rated}`;
  return `${lead}, higher than ${below} of the ${rated}`;
}

/** The labels of the peer comparison's figures (the named peers follow as their own line). */
export const PEER_GROUP_LABEL = 'Peer group';
export const PEER_STANDING_LABEL = 'Standing among rated peers';

/**
 * The peer comparison in words, one line each, the same on the page, in the text and in the
 * PDF: who the peers are, where the report stands among them, and the named peers.
 */
export function peerLines(peers: PeerGroup | null): string[] {
  if (!peers)
    return ['Named peers were not recorded for this report: it was researched before they were stored.'];
  const name = peers.assetName;
  if (!peers.kind)
    return [`What kind of asset ${name} is, is not known, so it has no peers of its kind to compare with.`];
  const [one, many] = kindNouns(peers.kind);
  if (peers.compared === 0)
    return [`${name} is the only ${one} in the dataset, so it has no peers of its kind yet.`];
  const researched = peers.researched ?? peers.compared;
  // Who the peers are and where the total stands among them are figures: label and value.
  const standing =
    researched === 0
      ? 'not ranked (none of them has a published report yet)'
      : peers.total === null || peers.below === null
        ? `not ranked (${name} is Not rated; ${peers.rated === 0 ? 'none of them is rated either' : `${plural(peers.rated, 'of them is', 'of them are')} rated`})`
        : peers.rated === 0
          ? `not ranked (none of them holds enough evidence for a rating); total ${peers.total.toFixed(2)} of 77`
          : standingAmongRated(peers.total, peers.below, peers.rated, peers.ratedPeers);
  // No named peer researched: a line of "not yet researched" says nothing a clause cannot.
  const unresearched = peers.named.length > 0 && peers.named.every((p) => p.researched === false);
  // Figures are promised only when a named peer below has a report to give them; zero in words.
  const figures = researched === 0 || unresearched ? '' : `; figures from ${peers.basis}`;
  const group = `the ${peers.compared === 1 ? `one other ${one}` : `${peers.compared} other ${many}`} in the dataset (${peers.kindLabel})`;
  const namedClause = unresearched
    ? `; ${researched === 0 ? 'named peers' : 'named peers, none researched yet'}: ${joinNames(peers.named.map((p) => nameWithSymbol(p.name, p.symbol)))}`
    : '';
  return [
    peers.researched === undefined
      ? `${PEER_GROUP_LABEL}: ${group}, scored from the ${peers.basis}.`
      : `${PEER_GROUP_LABEL}: ${group}, ${SMALL_COUNTS[researched] ?? researched} with a published report${figures}${namedClause}.`,
    `${PEER_STANDING_LABEL}: ${standing}.`,
    ...(peers.named.length && !unresearched
      ? [`Named peers: ${peers.named.map(describePeer).join('; ')}.`]
      : []),
  ];
}

/** The key risks section of a report that names none. */
export const NO_KEY_RISKS_TEXT = 'No category holds evidence of a specific risk.';

/**
 * The key risks line of a report without any, by the rules: why none of its categories with
 * evidence is one (the rule: a risk named, or 2/5 or less) and how low the lowest goes.
 */
export function noKeyRisksLine(sections: Pick<ReportSections, 'changes' | 'coverage' | 'writer'>): string {
  const evidenced = sections.changes.filter(
    (c) => sections.coverage.find((v) => v.category_key === c.category_key)?.kind !== 'none',
  );
  if (sections.writer !== 'rules' || evidenced.length === 0) return NO_KEY_RISKS_TEXT;
  const lowest = Math.min(...evidenced.map((c) => c.score));
  const atLowest = evidenced.filter((c) => c.score === lowest).map((c) => c.category);
  const all = evidenced.length === 1 ? 'it scores' : `all ${countWord(evidenced.length)} score`;
  const low =
    atLowest.length === evidenced.length
      ? `${all} ${lowest}/5`
      : `the lowest, ${joinNames(atLowest)}, ${atLowest.length === 1 ? 'scores' : 'score'} ${lowest}/5`;
  return `${NO_KEY_RISKS_TEXT.slice(0, -1)}: none of the categories with evidence names one or scores 2/5 or less; ${low}.`;
}

/** The text of a "what would change" cell, the same on the page (table cells) and in the PDF (lines). */
export const changeUpText = (change: ReportSections['changes'][number]): string =>
  change.nextUp
    ? withPeriod(change.nextUp)
    : change.score >= 5
      ? 'Already at the top band.'
      : 'No threshold stated.';
export const changeDownText = (change: ReportSections['changes'][number]): string =>
  change.nextDown
    ? withPeriod(change.nextDown)
    : change.score <= 1
      ? 'Already at the lowest band.'
      : 'No threshold stated.';
const withPeriod = (text: string) => `${text.trim().replace(/[.\s]+$/, '')}.`;

/** The date a coverage row shows: a dataset's own date, or when a live source answered. */
export const coverageDateText = (entry: ReportSections['coverage'][number]): string =>
  entry.retrievedAt
    ? `${entry.kind === 'live' ? 'retrieved' : entry.read ? 'read on' : 'as of'} ${entry.retrievedAt.slice(0, 10)}`
    : '';

/** A kind check's outcome in words: the text report and PDF print them, the page's badges too. */
export const KIND_CHECK_WORDS = {
  met: 'met',
  risk: 'risk',
  unknown: 'not assessed',
  notApplicable: 'does not apply',
} as const;

/** The finding of a check that no source of the report answers: a gap label, not a sentence. */
export const UNSOURCED_CHECK_PREFIX = 'Missing: ';
export const NOT_ASSESSED_HEADING = 'Not assessed, as no source of this report states it';

/** The checks answered by a source (one row each) and those no source answers (one list). */
export function unsourcedChecks(checks: KindCheck[]): { assessed: KindCheck[]; unsourced: KindCheck[] } {
  const isUnsourced = (c: KindCheck) =>
    c.status === 'unknown' && c.finding.startsWith(UNSOURCED_CHECK_PREFIX);
  return { assessed: checks.filter((c) => !isUnsourced(c)), unsourced: checks.filter(isUnsourced) };
}

/** "Layer 1 — Outage record" */
export const kindCheckName = (c: KindCheck) => `${KIND_RULES[c.group].title} — ${c.label}`;

/**
 * "Stablecoins — Reserve type: met. The peg is fiat-backed (peggedUSD)." one line per check
 * with a finding; the checks no source answers are listed together in one last line.
 */
export function kindCheckLines(checks: KindCheck[]): string[] {
  const { assessed, unsourced } = unsourcedChecks(checks);
  return [
    ...assessed.map((c) => `${kindCheckName(c)}: ${KIND_CHECK_WORDS[c.status]}. ${c.finding}`),
    ...(unsourced.length ? [`${NOT_ASSESSED_HEADING}: ${unsourced.map(kindCheckName).join('; ')}.`] : []),
  ];
}

/**
 * Every section as lines under its heading, the same on the page, in the text report and in
 * the PDF: the page lays changes and coverage out as tables whose cells are parts of these lines.
 */
export function sectionLines(sections: ReportSections): { heading: string; lines: string[] }[] {
  return [
    ...(sections.arithmetic
      ? [{ heading: REPORT_HEADINGS.arithmetic, lines: scoreArithmeticLines(sections.arithmetic) }]
      : []),
    {
      heading: REPORT_HEADINGS.keyRisks,
      lines: sections.keyRisks.length
        ? sections.keyRisks.map((r) => `${keyRiskLabel(sections, r)}: ${r.text}`)
        : [noKeyRisksLine(sections)],
    },
    ...(sections.kindChecks?.length
      ? [{ heading: REPORT_HEADINGS.kindChecks, lines: kindCheckLines(sections.kindChecks) }]
      : []),
    {
      heading: REPORT_HEADINGS.changes,
      lines: sections.changes.map((c) =>
        categoryScoreText(sections, c.category_key, c.score) === NOT_COUNTED_TEXT
          ? `${c.category} (${NOT_COUNTED_TEXT}). ${changeUpText(c)}`
          : `${c.category} (${c.score}/5). One band up: ${changeUpText(c)} One band down: ${changeDownText(c)}`,
      ),
    },
    {
      heading: REPORT_HEADINGS.coverage,
      lines: sections.coverage.map((c) => {
        const date = coverageDateText(c);
        const datasets = c.datasets?.length ? ` (${c.datasets.map(describeDataset).join('; ')})` : '';
        return `${c.category}: ${COVERAGE_LABELS[c.kind]}${date ? `, ${date}` : ''}${datasets}.`;
      }),
    },
    { heading: REPORT_HEADINGS.peers, lines: peerLines(sections.peers) },
  ];
}

/** The section headings, the same on the report page, in the text and in the PDF. */
export const REPORT_HEADINGS = {
  summary: 'Executive summary',
  arithmetic: 'How the total is computed',
  keyRisks: 'Key risks',
  kindChecks: 'Checks for its kind',
  changes: 'What would change this score',
  coverage: 'Data coverage',
  peers: 'Peer comparison',
  categories: 'Categories',
  sources: 'Sources',
} as const;

export const progressEntrySchema = z.object({
  id: z.number(),
  agent_name: z.string(),
  category_key: z.string(),
  /** "1.00" to "5.00"; null while research runs and for a category without evidence (not counted). */
  score: z
    .string()
    .nullable()
    .describe(
      '"1.00" to "5.00"; null while research runs and for a category without evidence (not counted).',
    ),
  status: z.enum(REPORT_STATUSES),
  research_findings: z.string().nullable(),
  detailed_analysis: z.string().nullable(),
  sources: z.array(sourceSchema),
  /** A dated line drawn with the category, when its evidence has one. */
  chart: datedChartSchema.optional(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
});
export type ProgressEntry = z.infer<typeof progressEntrySchema>;

export const reportSummarySchema = z.object({
  id: z.number(),
  asset_name: z.string(),
  report_status: z.enum(REPORT_STATUSES),
  /** Total on the 77-point scale, as a numeric string ("0.00" until scored); null when Not rated. */
  composite_score: z.string().nullable(),
  risk_level: z.enum(RISK_LEVELS).nullable(),
  /** False when too few categories had evidence: no composite and no risk level ("Not rated"). */
  rated: z.boolean().optional(),
  methodology_version: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

export const reportResponseSchema = z.object({
  report: reportSummarySchema,
  progressData: z.array(progressEntrySchema),
  /** Paragraphs separated by blank lines; the first is the executive summary. */
  reportContent: z.string(),
  /** The buyer-first sections; null for reports researched before they existed. */
  sections: reportSectionsSchema.nullable().optional(),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** credit_pack: prepaid API credits, bought through the same checkouts (decision 0283). */
export const PURCHASE_TYPES = ['new_report', 'existing_report', 'credit_pack'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];
export const PURCHASE_TYPE_LABELS: Record<PurchaseType, string> = {
  new_report: 'New Report',
  existing_report: 'Existing Report',
  credit_pack: 'API credits',
};
/** How a purchase was paid: card, Cardano, or (API only) one prepaid credit. */
export const PAYMENT_METHODS = ['card', 'cardano', 'credits', 'x402'] as const;

export const myReportItemSchema = z.object({
  id: z.number(),
  reportId: z.number().nullable(),
  asset_name: z.string(),
  /** False when no source knows the name: listed with the label "unverified name". */
  name_verified: z.boolean(),
  report_status: z.enum(REPORT_STATUSES).nullable(),
  /** The purchase's status: completed, or refunded (the money went back; no access). */
  status: z.string(),
  createdAt: z.string(),
  composite_score: z.string().nullable(),
  /** The verdict (the spec's rating badge), listed beside the score; null while not rated. */
  risk_level: z.enum(RISK_LEVELS).nullable().optional(),
  purchaseType: z.enum(PURCHASE_TYPES),
  amount: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** A plain sentence on what happens next: a refund, or research that failed. Null otherwise. */
  note: z.string().nullable(),
});
export type MyReportItem = z.infer<typeof myReportItemSchema>;

export const publicReportItemSchema = z.object({
  id: z.number(),
  asset_name: z.string(),
  /** False when no source knows the name: listed with the label "unverified name". */
  name_verified: z.boolean(),
  /** Total on the 77-point scale, as a numeric string; null when Not rated. */
  composite_score: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  /** The caller already has access: shown as owned, not for sale again. */
  owned: z.boolean(),
  /** The resolved asset (for the Watch button); null for an asset the sources do not know. */
  asset_id: z.string().nullable().optional(),
  /** When the research completed (ISO, UTC): the marketplace dates each version. */
  completed_at: z.string().nullable().optional(),
  /** False when too few categories had evidence: listed as "Not rated". */
  rated: z.boolean().optional(),
  /** The verdict (the spec's rating badge), listed beside the score; null when Not rated. */
  risk_level: z.enum(RISK_LEVELS).nullable().optional(),
  /** The day of the report's oldest time-sensitive evidence (as its cover says), or null. */
  data_as_of: z.string().nullable().optional(),
  /** How many of the 12 categories had evidence. */
  categories_with_evidence: z.number().int().optional(),
});
export type PublicReportItem = z.infer<typeof publicReportItemSchema>;

/**
 * Control, invisible (zero-width, soft hyphen, byte-order mark) and text-direction characters
 * (bidirectional overrides and isolates): they make one name look like another on the
 * marketplace, in the PDF and in the admin view.
 */
const HIDDEN_OR_CONTROL_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}]/u;
/**
 * Characters that render as nothing or as a blank: Unicode's default-ignorable code points
 * (combining grapheme joiner U+034F, Hangul fillers, variation selectors…), the braille blank
 * U+2800, and code points not yet assigned (no font draws them the same way twice).
 */
const IGNORABLE_BLANK_OR_UNASSIGNED = /[\p{Default_Ignorable_Code_Point}\u2800\p{Cn}]/u;

/** The label beside a report whose asset name no data source knows. */
export const UNVERIFIED_NAME_LABEL = 'unverified name';

export const ASSET_NAME_MESSAGES = {
  required: 'Asset name is required',
  tooLong: 'Asset name must be at most 100 characters',
  hiddenCharacters: 'Asset name must not contain control, invisible or text-direction characters',
  ignorableCharacters: 'Asset name must not contain blank, ignorable or unassigned characters',
} as const;

/**
 * The one rule for an asset name a buyer types (new report by card or by Cardano): normalised to
 * NFKC (full-width and compatibility letters become their plain form), runs of spaces made one.
 */
export const newReportAssetNameSchema = z
  .string(requiredField('Asset name is required'))
  .transform((name) => name.normalize('NFKC').replace(/ {2,}/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, ASSET_NAME_MESSAGES.required)
      .max(100, ASSET_NAME_MESSAGES.tooLong)
      .refine((name) => !HIDDEN_OR_CONTROL_CHARACTER.test(name), ASSET_NAME_MESSAGES.hiddenCharacters)
      .refine((name) => !IGNORABLE_BLANK_OR_UNASSIGNED.test(name), ASSET_NAME_MESSAGES.ignorableCharacters),
  );
export const researchRequestSchema = z.object({ asset_name: newReportAssetNameSchema });

/**
 * A report id that arrives with a purchase. The purchase data's `reportId` is 0 when
 * there is none, so 0 (and null or blank) mean "no report"; anything else must be a valid id.
 */
export const optionalReportIdSchema = z.preprocess(
  (value) => (value === 0 || value === '0' || value === '' || value === null ? undefined : value),
  z.coerce.number().int().positive().max(MAX_ID).optional(),
);

/**
 * A category's labelled figures: facts that are a measure and its value ("24-hour trading volume:
 * $118.76 million."), printed as a table of label and value on the page and in the PDF, not as
 * prose. Only these labels are figures; every other fact stays a sentence.
 */
export const FIGURE_LABELS = [
  'Market capitalisation',
  'Market-cap rank',
  'Fully diluted value',
  '24-hour trading volume',
  'Exchanges listing it',
  'Order-book depth within ±2% (both sides)',
  'Median bid-ask spread',
  'Turnover (24-hour volume / market capitalisation)',
  'Circulating supply',
  'Not yet circulating',
  'Total supply',
  'Maximum supply',
  'Still to be created under the cap',
  'Issuance',
  'Priced since',
  'Chain recorded since',
  'Launch',
  'Age, lower bound',
  'Below its all-time high',
  'Below its highest monthly snapshot price',
  'CoinGecko watchlist users',
  'X (Twitter) followers',
  'Reddit subscribers',
  'Hacks database',
  'Curated incident list',
  'Chain',
  'Team named',
  'Public code',
  'Years of operation',
  'Listed use',
  'Block production',
  'Peer group',
  'Standing among rated peers',
] as const;

const FIGURE_LINE = new RegExp(
  `^(${FIGURE_LABELS.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}): (.+?)\\.?$`,
);

/** "Label: value." as a figure, or null for a sentence. */
export function figureOf(sentence: string): { label: string; value: string } | null {
  const match = FIGURE_LINE.exec(sentence.trim());
  return match ? { label: match[1]!, value: match[2]! } : null;
}

/**
 * A category's findings split into its labelled figures (a table) and the rest (prose, with its
 * trailing "(Sources: …)" citation). The page, the PDF and the repetition measure all read this.
 */
export function splitFindings(findings: string): {
  figures: { label: string; value: string }[];
  prose: string;
} {
  const citation = /\s*\(Sources: [^)]*\)\s*$/.exec(findings)?.[0] ?? '';
  const body = citation ? findings.slice(0, -citation.length) : findings;
  const figures: { label: string; value: string }[] = [];
  const prose: string[] = [];
  for (const sentence of body.split(/(?<=\.)\s+(?=[A-Z0-9"(])/)) {
    const figure = figureOf(sentence);
    if (figure) figures.push(figure);
    else if (sentence.trim()) prose.push(sentence.trim());
  }
  return { figures, prose: `${prose.join(' ')}${citation}`.trim() };
}
