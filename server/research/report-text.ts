import { z } from 'zod';
import { kindNouns } from '../../contract/assets';
import { KIND_RULES } from '../../contract/kind-rules';
import {
  CATEGORIES,
  type CategoryKey,
  compositeOutOfFive,
  MIN_RATED_CATEGORIES,
  NOT_RATED_LABEL,
  RISK_LEVEL_LABELS,
  ratingBand,
  type Scores,
} from '../../contract/methodology';
import {
  type AgentResearchData,
  type CategoryCoverage,
  countWord,
  type DatasetRef,
  figureOf,
  isReadOnly,
  joinNames,
  type KeyRisk,
  type KindCheck,
  keyRiskSchema,
  kindCheckSchema,
  licenseText,
  NOT_COUNTED_TEXT,
  nameWithSymbol,
  type PeerGroup,
  peerGroupSchema,
  REPORT_HEADINGS,
  type ReportSections,
  ratedOnText,
  type Source,
  scoreArithmetic,
  sectionLines,
  sourceDateText,
  sourceKey,
} from '../../contract/reports';
import type { Assessment } from './assessment';
import type { AssetRef } from './evidence';
import { missingEvidenceRisk, refiledFromTopScores } from './evidence-risks';
import { type KnockoutFinding, whenOf } from './scoring';

// The report a buyer reads first: a prose executive summary (verdict, strongest and weakest
// categories with the fact behind each, data coverage), key risks, what would change the
// score, data coverage, peer comparison; then the categories and the numbered sources.
// Pure functions of the assessments, so every text rule is unit-tested.

export interface CategoryResult {
  key: CategoryKey;
  score: number;
  findings: string;
  analysis: string;
  scoreNote?: string;
  sources: Source[];
  /** One sentence per fact used (absent: the findings stand in). */
  facts?: string[];
  nextUp?: string;
  nextDown?: string;
  keyRisk?: string;
  /** The key risk is a finding another category states with its document: listed there once. */
  keyRiskStatedUnder?: CategoryKey;
  coverage?: CategoryCoverage;
  /** The knockout that decided this category (the report is Not Safe). */
  knockout?: KnockoutFinding;
  /** How many of the asset's peers of its kind have evidence here (absent when the kind is unknown). */
  peerEvidence?: { kindPlural: string; compared: number; withEvidence: number };
}

/** The stored peer group; null for reports researched before peers were stored. */
export type PeerStanding = PeerGroup | null;

export interface ReportTextInput {
  assetName: string;
  asset: AssetRef | null;
  scores: Scores;
  results: CategoryResult[];
  dataNote: string;
  methodologyVersion: string;
  peers: PeerStanding;
  /** A summary and key risks written by the LLM writer (already checked against the pack). */
  written?: { summary: string; keyRisks: KeyRisk[] };
  /** The checks for the asset's kind (server/research/kind-checks.ts) and their risks. */
  kindChecks?: KindCheck[];
  kindCheckRisks?: KeyRisk[];
  /** The risks the evidence itself shows (server/research/evidence-risks.ts, decision 0322). */
  evidenceRisks?: KeyRisk[];
}

/**
 * The key risks by rule: the categories' own risk findings, then the failed checks of the asset's
 * kind, then what the evidence itself shows (price history, supply), one entry per finding (a check that reads the same evidence as a category already naming
 * its risk adds nothing).
 */
export const rulesKeyRisks = (input: ReportTextInput): KeyRisk[] => {
  const own = buildKeyRisks(input.results);
  const named = new Set(own.map((r) => r.category_key));
  const checks = (input.kindCheckRisks ?? []).filter((risk) => {
    const check = input.kindChecks?.find((c) => risk.text.startsWith(`${c.label}:`));
    const rule = check ? KIND_RULES[check.group].rules.find((r) => r.key === check.key) : undefined;
    return !(rule?.sameFindingAsCategory && named.has(risk.category_key));
  });
  // One finding, one entry: a collapse caps several size categories with the same risk, which is
  // listed once, under the first of them.
  const seen = new Set<string>();
  // A 5/5 category is never itself a risk: what it states is listed under what the evidence shows.
  const topScored = new Set(
    input.results.filter((r) => r.score >= 5 && coverageFor(r).kind !== 'none').map((r) => r.key),
  );
  const found = [...own, ...checks, ...(input.evidenceRisks ?? [])];
  const missing = missingEvidenceRisk(
    input.scores,
    input.results.some((r) => r.knockout),
    found.length > 0,
    input.asset?.name ?? input.assetName,
  );
  return refiledFromTopScores(
    [...own, ...checks, ...(input.evidenceRisks ?? []), ...missing],
    topScored,
  ).filter((r) => {
    if (seen.has(r.text)) return false;
    seen.add(r.text);
    return true;
  });
};

const nameOf = (key: CategoryKey) => CATEGORIES.find((c) => c.key === key)!.name;
const weightOf = (key: CategoryKey) => CATEGORIES.find((c) => c.key === key)!.weight;

/** A dataset (the dated snapshot, a curated list shipped with the product) is not a live answer. */
const isLiveSource = (s: Source): boolean => s.live ?? !s.dataset;

export function coverageOf(sources: Source[], evidenceFound: boolean): CategoryCoverage {
  if (!evidenceFound || sources.length === 0) return { kind: 'none' };
  // The day a reference list was read (isReadOnly) dates the row only when nothing else does: it
  // is not a date of the data.
  const dated = sources.filter((s) => !isReadOnly(s));
  const latest = [...(dated.length ? dated : sources)]
    .sort((a, b) => a.retrievedAt.localeCompare(b.retrievedAt))
    .at(-1)!;
  return {
    kind: sources.some(isLiveSource) ? 'live' : 'snapshot',
    retrievedAt: latest.retrievedAt,
    ...(dated.length ? {} : { read: true as const }),
  };
}

/** A category's coverage from its status: only a scored category has evidence (decision 0320). */
export const assessmentCoverage = (assessment: Assessment): CategoryCoverage =>
  assessment.status === 'scored' ? coverageOf(assessment.sources, true) : { kind: 'none' };

const coverageFor = (result: CategoryResult): CategoryCoverage =>
  result.coverage ?? coverageOf(result.sources, result.sources.length > 0);

/** Categories of one score that the summary names together. */
export interface ScoreGroup {
  score: number;
  /** Every category at this score in the candidate pool (a tie when more than one). */
  members: CategoryResult[];
  /** The ones named with their fact (at most three over all groups of one list). */
  shown: CategoryResult[];
}

export interface Extremes {
  /** Set when every category has the same score: nothing is strongest or weakest. */
  allTiedAt: number | null;
  strongest: ScoreGroup[];
  weakest: ScoreGroup[];
}

const LIST_SIZE = 1;

/** Walks score levels in the given order, naming up to three categories; ties stay whole groups. */
function pickGroups(levels: number[], byScore: Map<number, CategoryResult[]>): ScoreGroup[] {
  const groups: ScoreGroup[] = [];
  let shown = 0;
  for (const score of levels) {
    if (shown >= LIST_SIZE) break;
    const members = byScore.get(score)!;
    const take = members.slice(0, LIST_SIZE - shown);
    groups.push({ score, members, shown: take });
    shown += take.length;
  }
  return groups;
}

/**
 * The three strongest and three weakest categories. A score level belongs to one list only, so
 * no category is in both; when the three-way cut falls inside a tie, the whole tie is named.
 */
export function extremes(results: CategoryResult[]): Extremes {
  const byScore = new Map<number, CategoryResult[]>();
  // Within a tie, heavier categories first: they move the total most.
  const ordered = [...results].sort((a, b) => weightOf(b.key) - weightOf(a.key));
  for (const result of ordered) byScore.set(result.score, [...(byScore.get(result.score) ?? []), result]);
  const levels = [...byScore.keys()].sort((a, b) => b - a);
  if (levels.length <= 1) return { allTiedAt: levels[0] ?? null, strongest: [], weakest: [] };
  // The lowest level is never strongest; the strongest levels are never weakest.
  const strongest = pickGroups(levels.slice(0, -1), byScore);
  const taken = new Set(strongest.map((g) => g.score));
  const weakest = pickGroups(
    [...levels].reverse().filter((score) => !taken.has(score)),
    byScore,
  );
  return { allTiedAt: null, strongest, weakest };
}

const sentenceOf = (text: string) => text.trim().replace(/[.\s]+$/, '');
/** A labelled figure quoted inside a sentence: "market capitalisation $5.88 billion …", one colon less. */
const quotedFigure = (fact: string) => {
  const figure = figureOf(fact);
  return figure && /^[$\d]/.test(figure.value) ? `${figure.label} ${figure.value}` : fact;
};
/** A dataset's credit inside a fact ("(owner/repository, licence)"): Data coverage and Sources carry it. */
const DATASET_CREDIT = /\s*\([\w.-]+\/[\w.-]+(?: @ \w+)?, [^()]*\)/g;
/**
 * A category's first fact as the summary quotes it, without its dataset's credit; a knockout is
 * named with its document once, in the summary's opening, and only referred to here.
 */
const factOf = (result: CategoryResult) =>
  result.knockout
    ? 'the knockout above'
    : sentenceOf(
        quotedFigure(
          (result.facts?.[0] ?? result.findings.replace(/\s*\(Sources:.*\)\s*$/, '')).replace(
            DATASET_CREDIT,
            '',
          ),
        ),
      );
/** A fact that opens with one of the scoring's own labels ("Priced since: …"), not a name. */
const LABEL_OPENING = /^(?:Priced|Chain|Market|Total|Circulating|Hacks|No|The) /;
/** An incident count's breakdown by list ("3 incidents on record for X: 1 in …, 2 in …"): the findings give it. */
const INCIDENT_COUNT_BREAKDOWN = /^(\d+ incidents? on record for [^:]+): .*$/;
/**
 * A fact quoted inside parentheses: its own closing parenthetical becomes a dash, never "(… (…))",
 * and a label opening it is lower-cased mid-sentence ("(priced since …)"); a name keeps its capital.
 */
const quotedFactOf = (result: CategoryResult) => {
  const fact = factOf(result)
    .replace(INCIDENT_COUNT_BREAKDOWN, '$1')
    // The fact's closing aside (a date's precision, a source's note) stays in its category section.
    .replace(/\s*\([^()]*\)$/, '');
  return LABEL_OPENING.test(fact) ? fact[0]!.toLowerCase() + fact.slice(1) : fact;
};

function describeGroup(group: ScoreGroup, evidenced: CategoryResult[] = []): string {
  // Categories without evidence have no fact to give: they are named as gaps.
  if (group.members.length > 1 && group.members.every((r) => coverageFor(r).kind === 'none'))
    return `${countWord(group.members.length)} categories at ${group.score}/5 for want of any evidence (${joinNames(group.members.map((r) => nameOf(r.key)))})`;
  if (group.members.length === 1)
    return `${nameOf(group.shown[0]!.key)} at ${group.score}/5 (${quotedFactOf(group.shown[0]!)})`;
  // A tie is named, not exemplified: each member's fact is in its own category section, and the
  // summary stays short enough to read. A long tie is counted, not listed.
  // When the tie is nearly all of them, the few outside it are the shorter list to name.
  const outside = evidenced.filter((r) => !group.members.includes(r)).map((r) => nameOf(r.key));
  const names =
    group.members.length <= 5
      ? joinNames(group.members.map((r) => nameOf(r.key)))
      : outside.length > 0 && outside.length <= 3
        ? `the ${countWord(group.members.length)} categories other than ${joinNames(outside)}`
        : `${countWord(group.members.length)} categories`;
  return `a tie at ${group.score}/5 between ${names}`;
}

function coverageCounts(results: CategoryResult[]) {
  const counts = { live: 0, snapshot: 0, none: 0 };
  for (const result of results) counts[coverageFor(result).kind] += 1;
  return counts;
}

/**
 * Where the categories' evidence came from, and which categories have none (named: which ones
 * are missing is this asset's own data; that a gap counts at the lowest level is said once here).
 */
export function coverageSentence(
  results: CategoryResult[],
  name?: string,
  dataNote?: string,
  /** The verdict already said the gaps count as 1: said once, not again here. */
  countSaid = false,
): string {
  // Where the data came from closes the sentence (one sentence, not a second uniform one).
  const close = dataNote ? `; ${dataNote.trim()}` : '.';
  const { live, snapshot } = coverageCounts(results);
  const gaps = results.filter((r) => coverageFor(r).kind === 'none').map((r) => nameOf(r.key));
  // The verb is said once, by the first part, and agrees with its count: "one rests on live
  // sources and seven on dated public datasets", "seven rest on dated public datasets".
  const rest = (count: number) => `${countWord(count)} ${count === 1 ? 'rests' : 'rest'} on`;
  const parts = [
    live ? `${rest(live)} live sources` : '',
    snapshot ? `${live ? `${countWord(snapshot)} on` : rest(snapshot)} dated public datasets` : '',
  ].filter(Boolean);
  const whose = name ? `${name}'s ` : 'the ';
  const of = `of ${whose}${countWord(results.length)} categories`;
  if (gaps.length === 0)
    return parts.length === 1
      ? `Data coverage: all ${countWord(results.length)} of ${whose}categories rest on ${live ? 'live sources' : 'dated public datasets'}${close}`
      : `Data coverage: ${of}, ${joinNames(parts)}; none lacks evidence${close}`;
  if (gaps.length === results.length)
    return `Data coverage: none of ${whose}${countWord(results.length)} categories has evidence in the sources, so none is assessed${close}`;
  const one = gaps.length === 1;
  const countsAs1 = countSaid ? '' : ` and ${one ? 'counts' : 'count'} as 1`;
  const missing = `${joinNames(gaps)} ${one ? 'has' : 'have'} no evidence${countsAs1}`;
  // When most categories lack evidence, the few that have it are the shorter list to name.
  const evidenced = results.filter((r) => coverageFor(r).kind !== 'none').map((r) => nameOf(r.key));
  const fewFirst =
    gaps.length > evidenced.length && parts.length === 1
      ? `only ${joinNames(evidenced)} of ${whose}${countWord(results.length)} categories ${evidenced.length === 1 ? 'rests' : 'rest'} on ${live ? 'live sources' : 'dated public datasets'}; the other ${countWord(gaps.length)} have no evidence${countsAs1}`
      : undefined;
  // A gap no peer of its kind fills is the dataset's, not the asset's: said once, here.
  const shared = results
    .filter(
      (r) =>
        coverageFor(r).kind === 'none' &&
        r.peerEvidence &&
        r.peerEvidence.compared > 0 &&
        r.peerEvidence.withEvidence === 0,
    )
    .map((r) => nameOf(r.key));
  const kind = results.find((r) => r.peerEvidence)?.peerEvidence?.kindPlural.replace(/s$/, '');
  // The shorter way to name them: the shared gaps, or the gaps that are this asset's alone.
  const own = gaps.filter((gap) => !shared.includes(gap));
  const sharedText = !shared.length
    ? ''
    : own.length === 0
      ? `, as for every other ${kind} researched`
      : `; ${own.length < shared.length ? `all but ${joinNames(own)} are` : `${joinNames(shared)} ${shared.length === 1 ? 'is' : 'are'}`} missing for every other ${kind} researched too`;
  return `Data coverage: ${fewFirst ?? `${of}, ${joinNames(parts)}; ${missing}`}${sharedText}${close}`;
}

/**
 * The rating band and the risk level read differently when a favourable band (Excellent, Good)
 * meets a risk (Potential Risk, Not Safe), or Poor meets Likely Safe.
 */
export const verdictsDiffer = (band: string, level: string) =>
  band === 'Poor' ? level === 'Likely Safe' : level !== 'Likely Safe';

/**
 * The band and the risk level as the verdict prints them: when they read differently, each with
 * the threshold it measures against, so the reader sees why: "a composite of 3.1 of 5.0: rated
 * Good (from 3.0), risk level Potential Risk (Likely Safe from 51)", the total being of 77.
 */
function verdictWords(scores: Scores, knockout: boolean): { band: string; level: string } {
  const band = ratingBand(compositeOutOfFive(scores.totalScore));
  const level = RISK_LEVEL_LABELS[scores.riskLevel!];
  if (!verdictsDiffer(band, scores.riskLevel!)) return { band, level };
  const bandScale = band === 'Poor' ? 'below 3.0' : `from ${{ Excellent: '4.0', Good: '3.0' }[band]}`;
  const levelScale = knockout ? 'a knockout, whatever the total' : 'Likely Safe from 51';
  return { band: `${band} (${bandScale})`, level: `${level} (${levelScale})` };
}

/**
 * Where a rated verdict sentence turns to its reason (the weakest categories, with the facts and
 * links behind them): the claim checker reads the two as separate claims.
 */
export const VERDICT_REASON =
  /; (?=its weakest (?:is|are) |nothing scores below 3\/5, |nothing scored on evidence is below 3\/5, |even its lowest )/;

/**
 * The strongest and weakest categories, worded by the level they reach: a top score of 2/5 is
 * not a strength, and a lowest score of 4/5 is not a weakness. The weakest is a clause of the
 * verdict sentence (what holds the total down is the verdict's reason); the strongest its own.
 */
function extremesText(
  name: string,
  strongest: ScoreGroup[],
  weakest: ScoreGroup[],
  evidenced: CategoryResult[],
  notAssessed: number,
): { lowClause: string; high: string } {
  const top = strongest[0]!.score;
  const bottom = weakest[0]!.score;
  // The verb agrees with the first group, the one the superlative names: the groups after it are
  // the next levels ("then …"), never joined to it as more of "the lowest".
  const one = (groups: ScoreGroup[]) => groups[0]!.members.length === 1;
  const listed = (groups: ScoreGroup[]) => groups.map((g) => describeGroup(g, evidenced)).join(', then ');
  const best = listed(strongest);
  const worst = listed(weakest);
  // A Hacks/Scandals score below 5/5 is a record of incidents, never a strength: it is the
  // highest score, not the strongest category.
  const incidentRecord = top < 5 && strongest[0]!.members.some((r) => r.key === 'hacksScandals');
  const high =
    top >= 4 && incidentRecord
      ? `${name}'s highest ${one(strongest) ? 'score is' : 'scores are'} ${best}.`
      : top >= 4
        ? `${name}'s strongest ${one(strongest) ? 'category is' : 'categories are'} ${best}.`
        : top === 3
          ? `No category of ${name} scores above 3/5; the highest ${one(strongest) ? 'is' : 'are'} ${best}.`
          : `Even ${name}'s highest ${one(strongest) ? 'score is a weak one' : 'scores are weak ones'}: ${best}.`;
  const lowClause =
    bottom <= 2
      ? `its weakest ${one(weakest) ? 'is' : 'are'} ${worst}`
      : notAssessed > 0
        ? // Categories not assessed count as 1 in the total (decision 0320): the clause says so.
          `${bottom === 3 ? 'nothing scored on evidence is below 3/5, the lowest being' : `even its lowest ${one(weakest) ? 'score' : 'scores'} on evidence ${one(weakest) ? 'is' : 'are'} good:`} ${worst}; ${notAssessed === 1 ? 'the one not assessed counts' : `the ${countWord(notAssessed)} not assessed count`} as 1`
        : bottom === 3
          ? `nothing scores below 3/5, the lowest being ${worst}`
          : `even its lowest ${one(weakest) ? 'score is' : 'scores are'} good: ${worst}`;
  return { lowClause, high };
}

/** The executive summary as prose. */
/** ", higher than 12 of the 40 other rated layer-1 coins": the total against the peers' totals. */
function peerRankClause(peers: PeerStanding | undefined): string {
  if (!peers?.kind || peers.total === null || peers.below === null || peers.rated === 0) return '';
  const many = kindNouns(peers.kind)[1];
  if (peers.rated === 1)
    return `, ${peers.below === 0 ? 'not higher than' : 'higher than'} the one other rated ${kindNouns(peers.kind)[0]}`;
  const rated = countWord(peers.rated);
  if (peers.below === 0)
    return `, not higher than ${peers.rated === 2 ? 'either' : 'any'} of the ${rated} other rated ${many}`;
  if (peers.below === peers.rated)
    return `, higher than ${peers.rated === 2 ? 'both' : `all ${rated}`} other rated ${many}`;
  return `, higher than ${countWord(peers.below)} of the ${rated} other rated ${many}`;
}

export function buildSummary(
  input: Omit<ReportTextInput, 'written' | 'peers'> & { peers?: PeerStanding },
): string {
  const { scores, results, asset } = input;
  const composite = compositeOutOfFive(scores.totalScore);
  const title = asset ? nameWithSymbol(asset.name, asset.symbol) : input.assetName;
  const name = asset?.name ?? input.assetName;
  const knockouts = results.flatMap((r) => (r.knockout ? [{ key: r.key, ...r.knockout }] : []));
  // A knockout decides the verdict, so the reader learns it before any figure.
  const withEvidence = results.filter((r) => coverageFor(r).kind !== 'none').length;
  // A Not rated report with one category of evidence names it, with its fact, in the verdict.
  const onlyOne =
    scores.riskLevel === null && withEvidence === 1
      ? results.find((r) => coverageFor(r).kind !== 'none')
      : undefined;
  // Strongest and weakest among the categories with evidence: a gap is neither (it is not counted).
  const evidenced = results.filter((r) => coverageFor(r).kind !== 'none');
  const { allTiedAt, strongest, weakest } = extremes(evidenced);
  const only = evidenced[0];
  const tie =
    allTiedAt === null || evidenced.length < 2
      ? ''
      : evidenced.length === results.length
        ? `all ${countWord(results.length)} categories tie at ${allTiedAt}/5, so no category stands out as strongest or weakest`
        : `${evidenced.length === 2 ? 'both' : `all ${countWord(evidenced.length)}`} categories with evidence score ${allTiedAt}/5, so none stands out as strongest or weakest`;
  const split =
    allTiedAt === null && evidenced.length >= 2
      ? extremesText(name, strongest, weakest, evidenced, results.length - evidenced.length)
      : null;
  // What holds the total down is the rated verdict's own reason; a tie has none, and says so apart.
  const reason = split?.lowClause;
  const words = scores.riskLevel === null ? null : verdictWords(scores, knockouts.length > 0);
  const verdict =
    scores.riskLevel === null
      ? `${title} is ${NOT_RATED_LABEL}: ${withEvidence === 0 ? `the sources hold no evidence in any of its ${countWord(results.length)} categories, fewer than` : `the sources hold evidence for only ${countWord(withEvidence)} of ${countWord(results.length)} categories${onlyOne ? ` (${nameOf(onlyOne.key)} at ${onlyOne.score}/5 — ${quotedFactOf(onlyOne)})` : ''}, fewer than`} the ${countWord(MIN_RATED_CATEGORIES)} a verdict needs, so this report gives no composite score and no risk level.`
      : `${title} scores ${scores.totalScore.toFixed(2)} of 77 under methodology ${input.methodologyVersion}, a composite of ${composite.toFixed(1)} of 5.0: rated ${words!.band}, risk level ${words!.level}, ${ratedOnText(withEvidence)}${peerRankClause(input.peers)}${reason ? `; ${reason}` : ''}.`;
  const capitalised = (clause: string) => `${clause[0]!.toUpperCase()}${clause.slice(1)}.`;
  // A knockout decides the verdict whatever the other scores, so a knocked-out report's summary
  // does not go on to its strongest categories: the opening, the total and its weakest say it.
  const knockedOut = knockouts.length > 0 && scores.riskLevel !== null;
  const body =
    evidenced.length === 0 || knockedOut
      ? ''
      : evidenced.length === 1 && only
        ? onlyOne
          ? ''
          : `The one category with evidence is ${nameOf(only.key)}, at ${only.score}/5 (${quotedFactOf(only)}).`
        : tie
          ? // A Not rated report has no verdict for a tie to explain: its opening says why.
            scores.riskLevel === null
            ? ''
            : capitalised(tie)
          : scores.riskLevel !== null
            ? split!.high
            : `${split!.high} ${capitalised(split!.lowClause)}`;
  // One incident can decide two categories (Terra's fraud verdict: Team, and Existence/Growth as
  // its collapse): it is named once, with both categories, and each rule it meets is stated once.
  const byIncident = new Map<
    string,
    { title: string; date: string; collapseDate?: string; keys: CategoryKey[] }
  >();
  for (const k of knockouts) {
    const id = `${k.title}|${k.date}`;
    const entry = byIncident.get(id) ?? { title: k.title, date: k.date, keys: [] };
    entry.keys.push(k.key);
    if (k.collapseDate) entry.collapseDate = k.collapseDate;
    byIncident.set(id, entry);
  }
  const rules = [...new Set(knockouts.map((k) => k.rule))];
  const knockoutLead = knockouts.length
    ? `Not Safe: ${joinNames(
        [...byIncident.values()].map(
          (i) =>
            `${i.title} (${i.date}${i.collapseDate ? `; the collapse ${whenOf(i.collapseDate)}` : ''}; ${joinNames(i.keys.map(nameOf))} ${i.keys.length === 1 ? 'scores' : 'score'} 1)`,
        ),
      )}. ${rules.join(' ')} ${rules.length === 1 ? 'That is' : 'Each is'} a knockout: ${name} is Not Safe whatever its other categories score. `
    : '';
  const unknown = asset
    ? ''
    : ` Our data sources do not know "${input.assetName}", so no category below rests on evidence about it.`;
  return `${knockoutLead}${verdict}${body ? ` ${body}` : ''}${unknown} ${coverageSentence(results, name, input.dataNote, Boolean(reason && /not assessed counts? as 1$/.test(reason)))}`.trim();
}

/** A score at or below this is a key risk even when the scorer named none. */
const KEY_RISK_SCORE = 2;

/**
 * Key risks from the categories: each category with evidence that names a risk or scores 2 or
 * less, lowest and heaviest first, one entry each. A strength is never a risk, and a category
 * without evidence is a gap (the coverage says so), not a risk found.
 */
export function buildKeyRisks(results: CategoryResult[]): KeyRisk[] {
  const order = (a: CategoryResult, b: CategoryResult) =>
    a.score - b.score || weightOf(b.key) - weightOf(a.key);
  const listed = results.filter(
    (r) => coverageFor(r).kind !== 'none' && (r.keyRisk || r.score <= KEY_RISK_SCORE),
  );
  const named = new Set(listed.map((r) => r.key));
  return (
    listed
      // One finding, one entry: a fraud counted under Hacks/Scandals is listed under Team, where its document is.
      .filter((r) => !(r.keyRiskStatedUnder && named.has(r.keyRiskStatedUnder)))
      .sort(order)
      .map((r) => ({
        category_key: r.key,
        category: nameOf(r.key),
        score: r.score,
        // The line already names the category and its score; the text gives the fact.
        text: `${sentenceOf(r.keyRisk ?? factOf(r))}.`,
      }))
  );
}

/** The sections from the categories, the peers and the summary and key risks (by rule or LLM). */
/** The distinct datasets behind a category's offline sources. */
function datasetsOf(sources: Source[]): DatasetRef[] {
  const found = new Map<string, DatasetRef>();
  for (const source of sources) {
    if (source.dataset && !isLiveSource(source)) found.set(source.dataset.name, source.dataset);
  }
  return [...found.values()];
}

/**
 * Reference datasets say what an asset is (its token contracts), not how it stands on a day: a
 * 2024 contract list is as true in 2026. Cited with their own dates, they do not set a report's
 * data date (decision 0257).
 */
// A coin list's save day (when an asset was first listed) and a closed enforcement list (it ends in
// April 2022; each action keeps its own date) say nothing of how an asset stands on a day either.
export const REFERENCE_DATASETS: ReadonlySet<string> = new Set([
  'dawsbot/eth-labels',
  'sstoeckl/crypto2',
  'ChoiceCoin/Solana-Compliance',
]);

/** A source as dataAsOfDates reads it (stored sources may name their dataset by a bare string). */
export interface DatedSource {
  retrievedAt: string;
  dataset?: { name?: string } | string | null;
  /** Cited for what the asset is, whatever its dataset (decision 0249). */
  reference?: boolean | null;
}

const isReference = (source: DatedSource) =>
  source.reference === true ||
  REFERENCE_DATASETS.has(typeof source.dataset === 'string' ? source.dataset : (source.dataset?.name ?? ''));

/**
 * A report's data-as-of day: the date of its oldest time-sensitive evidence (market figures,
 * prices, holders, incidents, audits: a dataset's own date, or when a live source answered).
 * Reference datasets do not set it unless nothing else is dated. The one rule behind the cover,
 * the page, the versions list, the v1 API and the PDF (decision 0257).
 */
export function dataAsOfDates(sources: readonly DatedSource[]): string | null {
  const dated = sources.filter((s) => /^\d{4}-\d{2}-\d{2}/.test(s.retrievedAt ?? ''));
  const timeSensitive = dated.filter((s) => !isReference(s));
  const dates = (timeSensitive.length ? timeSensitive : dated).map((s) => s.retrievedAt.slice(0, 10));
  return dates.length ? dates.sort()[0]! : null;
}

export function assembleSections(
  results: CategoryResult[],
  peers: PeerStanding,
  written: { summary: string; keyRisks: KeyRisk[]; writer: ReportSections['writer'] },
  kindChecks?: KindCheck[],
  scores?: Scores,
): ReportSections {
  return {
    ...(scores
      ? {
          arithmetic: scoreArithmetic(
            scores,
            results.map((r) => ({ key: r.key, hasEvidence: coverageFor(r).kind !== 'none' })),
            results.filter((r) => r.knockout).map((r) => r.key),
          ),
        }
      : {}),
    dataAsOf: dataAsOfDates(results.flatMap((r) => r.sources)),
    summary: written.summary,
    writer: written.writer,
    keyRisks: written.keyRisks,
    ...(kindChecks?.length ? { kindChecks } : {}),
    changes: results.map((r) => ({
      category_key: r.key,
      category: nameOf(r.key),
      score: r.score,
      nextUp: r.nextUp ?? null,
      nextDown: r.nextDown ?? null,
    })),
    coverage: results.map((r) => {
      const coverage = coverageFor(r);
      return {
        category_key: r.key,
        category: nameOf(r.key),
        kind: coverage.kind,
        retrievedAt: coverage.retrievedAt ?? null,
        ...(coverage.read ? { read: true as const } : {}),
        datasets: datasetsOf(r.sources),
      };
    }),
    peers,
  };
}

export function buildSections(input: ReportTextInput): ReportSections {
  return assembleSections(
    input.results,
    input.peers,
    input.written
      ? { ...input.written, writer: 'llm' }
      : { summary: buildSummary(input), keyRisks: rulesKeyRisks(input), writer: 'rules' },
    input.kindChecks,
    input.scores,
  );
}

/** Text of the sections, one paragraph each, shared by the stored report text, the page and the PDF. */
export const sectionParagraphs = sectionLines;

/**
 * The report text: paragraphs separated by blank lines. The first is the executive summary;
 * then key risks, what would change the score, data coverage and peer comparison (a heading
 * line, then one line per item); then one paragraph per category; then the numbered sources.
 */
export function buildReportText(input: ReportTextInput): string {
  const { results } = input;
  const sections = buildSections(input);
  const summary = `${REPORT_HEADINGS.summary}: ${sections.summary}`;
  const middle = sectionParagraphs(sections).map((s) => [s.heading, ...s.lines].join('\n'));

  const allSources = new Map<string, Source>();
  for (const result of results) for (const s of result.sources) allSources.set(sourceKey(s), s);
  const numbered = [...allSources.values()];
  const numberOf = new Map(numbered.map((s, i) => [sourceKey(s), i + 1]));

  const categories = results.map((result) => {
    const category = CATEGORIES.find((c) => c.key === result.key)!;
    const refs = [...new Set(result.sources.map((s) => `[${numberOf.get(sourceKey(s))}]`))].join(' ');
    return [
      coverageFor(result).kind === 'none'
        ? `${category.name} — ${NOT_COUNTED_TEXT} (weight ${category.weight}).`
        : `${category.name} — ${result.score}/5 (weight ${category.weight}).`,
      result.findings,
      result.analysis,
      result.scoreNote ?? '',
      refs ? `Sources: ${refs}.` : 'Sources: none found.',
    ]
      .filter(Boolean)
      .join(' ');
  });

  const sourcesList = numbered.length
    ? `${REPORT_HEADINGS.sources}:\n${numbered
        .map(
          (s, i) =>
            `[${i + 1}] ${s.title}${s.url ? ` — ${s.url}` : ''}${s.dataset ? ` — dataset ${s.dataset.name}${s.dataset.version ? ` @ ${s.dataset.version}` : ''}${s.dataset.license ? ` (${licenseText(s.dataset.license)})` : ''}` : ''} (${sourceDateText(s)})`,
        )
        .join('\n')}`
    : `${REPORT_HEADINGS.sources}: none — no source held evidence on this asset.`;

  // Who wrote it, as the page and the PDF say (decision 0344): a model, or the rules alone.
  const disclaimer = `This report is informational and educational only and is not financial advice. ${input.written ? 'AI-assisted analysis' : 'Analysis written by the published rules, with no AI model,'} has limits and can be wrong or out of date.`;
  return [summary, ...middle, ...categories, sourcesList, disclaimer].join('\n\n');
}

/** What a completed report stores beside its categories for the sections (research_data). */
export const storedSectionsSchema = z.object({
  summary: z.string(),
  summaryWriter: z.enum(['rules', 'llm']),
  keyRisks: z.array(keyRiskSchema),
  kindChecks: z.array(kindCheckSchema).optional(),
  /** The named peers as written (absent on reports researched before they were stored). */
  peers: peerGroupSchema.optional(),
});
export type StoredSections = z.infer<typeof storedSectionsSchema>;

/**
 * The sections of a stored report, or null for a report researched before they existed (its
 * page and PDF then show the summary paragraph and the categories, as they always did).
 */
export function sectionsFromStored(
  reportData: unknown,
  categories: { key: CategoryKey; score: number | null; data: AgentResearchData | null }[],
  scores?: Scores,
): ReportSections | null {
  const stored = storedSectionsSchema.safeParse(reportData);
  if (!stored.success) return null;
  const results: CategoryResult[] = categories.map(({ key, score, data }) => ({
    key,
    score: score ?? 1,
    findings: data?.findings ?? '',
    analysis: data?.analysis ?? '',
    sources: data?.sources ?? [],
    ...(data?.nextUp ? { nextUp: data.nextUp } : {}),
    ...(data?.nextDown ? { nextDown: data.nextDown } : {}),
    ...(data?.coverage ? { coverage: data.coverage } : {}),
    ...(data?.knockout ? { knockout: data.knockout as KnockoutFinding } : {}),
  }));
  return assembleSections(
    results,
    stored.data.peers ?? null,
    { summary: stored.data.summary, keyRisks: stored.data.keyRisks, writer: stored.data.summaryWriter },
    stored.data.kindChecks,
    scores,
  );
}
