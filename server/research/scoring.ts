import type { DatedChart } from '../../contract/charts';
import { CATEGORIES, type CategoryKey } from '../../contract/methodology';
import { joinNames, licenseText, type Source, sourceKey } from '../../contract/reports';
import {
  KNOCKOUT_RULES,
  NO_EVIDENCE_FINDING,
  THRESHOLDS,
  UNLOCK_THRESHOLDS,
} from '../../contract/scoring-rules';
import type { AssessmentGap } from './assessment';
import type {
  AssetEvidence,
  AssetKind,
  AuditFacts,
  AuditReport,
  ClientShareReading,
  Fact,
  HackRecord,
  IncidentKind,
  IncidentRecord,
  KnockoutKind,
  PublicCodeFacts,
  TeamFacts,
} from './evidence';
import { INCIDENT_KINDS } from './evidence';
import { formatShare, issuedShareOfCap } from './supply-shares';
import { type UnlockStatus, unlockStatusAt } from './unlocks';

// The documented rules of contract/scoring-rules.ts (methodology 2026.11-5) as code:
// evidence -> 1-5 with the facts that decided it, the next threshold up and down, and the risk a
// low score shows. Pure functions, so they are tested exhaustively (fast-check) and calibrated
// against well-known assets (calibration.unit.test.ts).

export interface CategoryAssessment {
  score: number;
  /** One sentence per fact used, each tied to a source. */
  facts: string[];
  /** Why the rule gave this score. */
  rationale: string;
  sources: Source[];
  evidenceFound: boolean;
  /** What would move the score one band up, as a labelled threshold ("24-hour volume: $1 billion or more"); absent at 5. */
  nextUp?: string;
  /** What would move it one band down; absent at 1. */
  nextDown?: string;
  /** The risk this category shows, tied to its evidence, when the score is low (<= 2). */
  keyRisk?: string;
  /** The key risk is a finding stated with its document under another category (listed there once). */
  keyRiskStatedUnder?: CategoryKey;
  /** Set when a knockout incident decided the category (the report is then Not Safe). */
  knockout?: KnockoutFinding;
  /** A dated line the report draws with the category (the unlock schedule of Circulating Supply). */
  chart?: DatedChart;
  /** Why the category is not assessed and what it needs (set with `evidenceFound: false`). */
  gap?: AssessmentGap;
}

/** A knockout as the report states it: which rule, the incident and its primary document. */
export interface KnockoutFinding {
  kind: KnockoutKind;
  /** The documented rule ("A court convicted the issuer or the founders of fraud."). */
  rule: string;
  date: string;
  title: string;
  link: string;
  /** The collapse's own date, for a collapse knockout read from a record of a later event. */
  collapseDate?: string;
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
  if (abs >= 1e12) return `$${(value / 1e12).toFixed(2)} trillion`;
  if (abs >= 1e9) return `$${(value / 1e9).toFixed(2)} billion`;
  if (abs >= 1e6) return `$${(value / 1e6).toFixed(2)} million`;
  return `$${Math.round(value).toLocaleString('en-US')}`;
};
/** Threshold amounts in words ("$1 billion", "$100 million"). */
const formatThreshold = (value: number) =>
  value >= 1e9 ? `$${value / 1e9} billion` : value >= 1e6 ? `$${value / 1e6} million` : formatUsd(value);
const formatPct = formatShare;
/** A unit price as the dataset states it: cents from $1, four significant digits below. */
const formatPrice = (value: number) =>
  value >= 1
    ? `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    : `$${value.toPrecision(4)}`;
const formatCount = (value: number) => Math.round(value).toLocaleString('en-US');
const clampScore = (score: number) => Math.min(5, Math.max(1, score));

/**
 * " on 2025-10-01 (coinmetrics/data, CC BY-NC 4.0)" for a figure of a dated dataset, so the
 * text says when and where it was true; nothing for a live answer (it is current).
 */
function asOf(fact: Fact<unknown>, preposition = 'on'): string {
  const { source } = fact;
  if (source.live !== false || !source.publishedAt) return '';
  return ` ${preposition} ${source.publishedAt.slice(0, 10)}${datasetNote(fact)}`;
}

/** " (coinmetrics/data, CC BY-NC 4.0)" for a dated dataset's figure. */
function datasetNote(fact: Fact<unknown>): string {
  const { source } = fact;
  if (source.live !== false || !source.dataset?.name) return '';
  return ` (${source.dataset.name}${source.dataset.license ? `, ${licenseText(source.dataset.license)}` : ''})`;
}

function sourcesOf(...facts: (Fact<unknown> | undefined)[]): Source[] {
  const seen = new Map<string, Source>();
  for (const fact of facts) {
    if (!fact) continue;
    const key = sourceKey(fact.source);
    if (!seen.has(key)) seen.set(key, fact.source);
  }
  return [...seen.values()];
}

/** Sources once each, in order. */
const uniqueSources = (sources: Source[]): Source[] => [
  ...new Map(sources.map((source) => [sourceKey(source), source])).values(),
];

/** The documents behind incidents: their own dated sources, else their link dated like the list. */
function documentsOf(incidents: IncidentRecord[], list: Source | undefined): Source[] {
  return incidents.flatMap(
    (incident) =>
      incident.sources ?? [
        {
          title: `${incident.title} (${incident.date})`,
          url: incident.link,
          retrievedAt: list?.retrievedAt ?? '',
          ...(list?.live !== undefined ? { live: list.live } : {}),
        },
      ],
  );
}

/**
 * A category without evidence: the draft of a "not assessed" category (assessment.ts), with what
 * it needs. It is never scored: `assess` turns it into `status: 'notAssessed'`, and the total
 * counts it at the lowest level (decision 0320). `score` stays 1 only for drafts' readers.
 */
const noEvidence = (what: string): CategoryAssessment => ({
  score: 1,
  // A label line ("No evidence found: team information."): what the gap means for the total is
  // said once, on the methodology page, not in every category of every report.
  facts: [`${NO_EVIDENCE_FINDING}: ${what}.`],
  rationale:
    'Without evidence the category is not assessed: it has no score of its own and enters the total at the lowest level, 1, so a gap never raises a total.',
  sources: [],
  evidenceFound: false,
  gap: { reason: 'noSource', needed: what },
  // A table cell: what the category needs to be assessed (the rule is on the methodology page).
  nextUp: `Needed: ${what}.`,
  keyRisk: `No ${what} could be found for this asset, so this part of it cannot be checked.`,
});

/**
 * A figure the sources hold only from long ago (a snapshot that stopped listing the asset): stated
 * with its date and left unscored, like missing evidence, but never called missing.
 */
function staleFigure(
  e: AssetEvidence,
  what: string,
  figure: (row: NonNullable<AssetEvidence['staleMarket']>['value']) => number,
  format: (value: number) => string,
): CategoryAssessment | undefined {
  const stale = e.staleMarket;
  if (!stale || !(figure(stale.value) > 0)) return undefined;
  return {
    ...noEvidence(what),
    gap: { reason: 'stale', needed: `a current ${what}` },
    facts: [
      `No current figure: the newest ${what} in the sources is ${format(figure(stale.value))} on ${stale.value.date}, when the snapshots last listed this asset; figures that old are not scored.`,
    ],
    sources: [stale.source],
    nextUp: `Needed: a current ${what}.`,
    keyRisk: `The newest ${what} in the sources is from ${stale.value.date}: the asset is no longer among the listed assets.`,
  };
}

/** Why a live source left this evidence missing, in the report's words (its gap, when recorded). */
function gapFacts(e: AssetEvidence, fact: string): string[] {
  return [...(e.marketGaps ?? []), ...(e.securityGaps ?? [])]
    .filter((gap) => gap.facts.includes(fact))
    .map((gap) => `${gap.source} could not be read for this asset: ${gap.reason.replace(/^[^:]+: /, '')}.`);
}

/** "One band up" for penalties: the price or volatility that lifts them, by how many points. */
function liftText(lifts: string[], penalty: number): string {
  const text = lifts.join('; ');
  const first = `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  // The collapse lift says its own points; the others lift the penalty they name.
  if (lifts.length === 1 && text.includes('penalty points')) return first;
  return `${first} (removes ${penalty === 1 ? 'the one-point penalty' : lifts.length === 1 ? 'the penalty' : 'the penalties'})`;
}

/** "Missing: X, Y or Z." (a label line) for the evidence a scorer could not use. */
function missingFact(missing: string[]): string[] {
  if (missing.length === 0) return [];
  const list =
    missing.length === 1
      ? missing[0]
      : `${missing.slice(0, -1).join(', ')} or ${missing[missing.length - 1]}`;
  return [`Missing: ${list}.`];
}

/**
 * Up and down for a ladder of descending thresholds (levelAtLeast), in plain words. The base
 * level is what the value alone gives; adjustments (penalties, caps) are described by the scorer.
 */
function ladderSteps(
  level: number,
  thresholds: readonly number[],
  measure: string,
  format: (threshold: number) => string,
): { up?: string; down?: string } {
  const up = level < 5 ? thresholds[4 - level] : undefined;
  const down = level > 1 ? thresholds[5 - level] : undefined;
  return {
    ...(up !== undefined ? { up: `${measure}: ${format(up)} or more` } : {}),
    ...(down !== undefined ? { down: `${measure}: below ${format(down)}` } : {}),
  };
}

/** "1 commit", "3 commits": counts agree with their nouns. */
const counted = (value: number, noun: string, many = `${noun}s`) =>
  `${formatCount(value)} ${Math.round(value) === 1 ? noun : many}`;

const yearsBetween = (fromIso: string, now: Date) =>
  (now.getTime() - new Date(fromIso).getTime()) / (365.25 * 24 * 3600 * 1000);

/**
 * An age as the report prints it and the rules score it: whole calendar years from the first day
 * (2020-10-01 to 2025-10-01 is 5.0), then the part of the next year, to the tenth, rounded down
 * (an age is never stated above what the dates prove). The ladder reads this printed value, so
 * "5.0 years" is in the band that starts at 5 (decision 0258).
 */
function ageInYears(fromIso: string, until: Date): number {
  const from = new Date(fromIso);
  const anniversary = (years: number) =>
    Date.UTC(
      from.getUTCFullYear() + years,
      from.getUTCMonth(),
      from.getUTCDate(),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
    );
  let whole = until.getUTCFullYear() - from.getUTCFullYear();
  while (whole > 0 && anniversary(whole) > until.getTime()) whole -= 1;
  if (whole <= 0 && until.getTime() < from.getTime()) return 0;
  const start = anniversary(whole);
  const fraction = (until.getTime() - start) / (anniversary(whole + 1) - start);
  return Math.floor((whole + fraction) * 10 + 1e-9) / 10;
}

/** The recorded collapse of the asset itself (curated incident list), if any. */
export function collapseOf(e: AssetEvidence): IncidentRecord | undefined {
  return e.incidents?.value.find((incident) => incident.collapse);
}

/** "in May 2022" for a month the document names, "on 2022-11-11" for a day. */
/** "May 2022" for "2022-05". */
export const monthYearOf = (isoMonth: string) =>
  new Date(`${isoMonth}-01T00:00:00Z`).toLocaleString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const whenOf = (date: string) =>
  /^\d{4}-\d{2}$/.test(date) ? `in ${monthYearOf(date)}` : `on ${date}`;

/**
 * When a recorded collapse happened, and the record it is read from. A record of a later event (the
 * Terraform verdict of 2024-06-12, recounting the collapse of May 2022) keeps its own date for that
 * event: the collapse is dated by what its document says of it, never by the verdict.
 */
function collapseWhen(collapse: IncidentRecord): string {
  // The record is named as the document it is; its headline stays the cited source's title.
  const documentDate = collapse.origin?.kind === 'curated' ? collapse.origin.publishedAt : collapse.date;
  if (collapse.collapseDate)
    return collapse.documentName
      ? ` ${whenOf(collapse.collapseDate)}, as ${collapse.documentName} of ${documentDate} records`
      : ` ${whenOf(collapse.collapseDate)}, as recorded in ${collapse.title} (${collapse.date})`;
  // A record of the event that marks the collapse (a bankruptcy filing) says what the event is.
  return collapse.collapseEvent
    ? `: ${collapse.collapseEvent} ${whenOf(collapse.date)}`
    : ` ${whenOf(collapse.date)} (${collapse.title})`;
}

/** Caps a size or attention category after a recorded collapse; says so in the facts. */
function applyCollapseCap(
  e: AssetEvidence,
  key: CategoryKey,
  assessment: CategoryAssessment,
  /** The step below the cap, for a category scored on a ladder of thresholds. */
  downFromCap?: string,
): CategoryAssessment {
  const collapse = collapseOf(e);
  // A knockout of the category scores it 1 with its own line (applyKnockout): no cap to undo.
  if (!collapse || assessment.score <= t.collapseCap || knockoutsIn(e, key).length) return assessment;
  return {
    ...assessment,
    score: t.collapseCap,
    nextUp: `Collapse cap: held at ${t.collapseCap} whatever the figures`,
    // The uncapped score's step down may still leave it at the cap: the step that counts is the
    // one below the cap (FTX: below $10 million, not below $100 million).
    ...(downFromCap ? { nextDown: downFromCap } : {}),
    facts: [
      ...assessment.facts,
      `The asset collapsed${collapseWhen(collapse)}, so the score is capped at ${t.collapseCap}.`,
    ],
    rationale: `${assessment.rationale} After a recorded collapse the figures describe trading in a failed asset, so the score is capped at ${t.collapseCap}.`,
    sources: [...assessment.sources, ...sourcesOf(e.incidents)],
    keyRisk: `The asset already collapsed${collapseWhen(collapse)}; its remaining size and activity are not evidence of safety.`,
  };
}

/** Points must span this much for the market-cap line to show the asset's year. */
const HISTORY_CHART_MIN_DAYS = 300;

/** The year of market capitalisation a dataset holds (one close a month, then daily), as a chart. */
function marketCapChart(e: AssetEvidence): DatedChart | undefined {
  const points = (e.marketHistory?.value.points ?? []).filter((p) => p.marketCapUsd !== undefined);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || points.length < 6) return undefined;
  if (yearsBetween(first.date, new Date(`${last.date}T00:00:00Z`)) * 365.25 < HISTORY_CHART_MIN_DAYS)
    return undefined;
  return {
    title: 'Market capitalisation',
    unit: 'usd',
    points: points.map((p) => ({ date: p.date, value: p.marketCapUsd! })),
    caption: `Market capitalisation from ${first.date} to ${last.date}: one close a month, then the last days daily${datasetNote(e.marketHistory!)}.`,
  };
}

/** The date a dated dataset's figure stands for; undefined for a live figure (read now). */
const figureDateOf = (fact: Fact<unknown>) =>
  fact.source.live === false ? fact.source.publishedAt?.slice(0, 10) : undefined;

/** A per-token value printed to as many significant digits as its product needs ("$17.0684"). */
const printedUnitValue = (value: number, digits: number) =>
  `$${value.toLocaleString('en-US', { maximumSignificantDigits: digits })}`;

/**
 * The value of a supply at a per-token value, as printed: the fewest significant digits (4 to 12)
 * of the per-token value whose product with the printed supply prints as `target` does, so the
 * reader's own multiplication gives the printed figure. Undefined when none does.
 */
function reproducing(perToken: number, supply: number, target: number): string | undefined {
  for (let digits = 4; digits <= 12; digits++) {
    const shown = Number(perToken.toPrecision(digits));
    if (formatUsd(shown * Math.round(supply)) === formatUsd(target))
      return printedUnitValue(perToken, digits);
  }
  return undefined;
}

/**
 * The fully diluted value, from one market record and its date (decision 0258). The record's own
 * figure when it states one, with the arithmetic of that record's fields that gives it: its price,
 * else its market capitalisation over its circulating supply (CoinGecko's FDV divides them), times
 * its total or maximum supply. Without its own figure, its price times its maximum supply. No
 * figure of another record or day enters, and a figure no arithmetic reproduces is not printed.
 */
function fullyDilutedOf(
  e: AssetEvidence,
  marketCapDate: string | undefined,
  printedCap?: number,
): { fact: string; sources: Fact<unknown>[] } | undefined {
  if (!e.valuation) return undefined;
  const record = e.valuation.value;
  const date = figureDateOf(e.valuation);
  const on = date ? ` on ${date}` : '';
  // Printed under a market capitalisation of another day, the record's own one goes with it, so
  // the reader divides two figures of one date, never across dates.
  const thatDay =
    date && marketCapDate && date !== marketCapDate && record.marketCapUsd
      ? `; that day's market capitalisation: ${formatUsd(record.marketCapUsd)}`
      : '';
  // The record's price in full, in cents from $1 as prices print elsewhere ("$2.50", "$0.462681").
  const [whole, cents = ''] = printedUnitValue(record.priceUsd, 12).split('.');
  const price =
    record.priceUsd >= 1 && cents.length < 2
      ? `${whole}.${cents.padEnd(2, '0')}`
      : `${whole}${cents ? `.${cents}` : ''}`;
  const supplies = (
    [
      ['total', record.total],
      ['maximum', record.max],
    ] as const
  ).filter((entry): entry is readonly ['total' | 'maximum', number] => (entry[1] ?? 0) > 0);
  // A fully diluted value counts at least every token the market capitalisation counts: printed
  // below the stated market capitalisation, the sentence says why (another day, another count).
  const belowCap = (fdv: number) =>
    printedCap !== undefined && fdv < printedCap
      ? date && marketCapDate && date !== marketCapDate
        ? ` It is below the market capitalisation stated above because the two are of different days (${date} and ${marketCapDate}) and sources.`
        : ' It is below the market capitalisation stated above because the two sources count the supply differently.'
      : '';
  const own = record.fullyDilutedUsd;
  if (!own) {
    if (!record.max) return undefined;
    const derived = Number(price.slice(1).replace(/,/g, '')) * record.max;
    return {
      fact: `Fully diluted value: ${formatUsd(derived)}${on} (maximum supply ${formatCount(record.max)} × ${price}, the record's price that day; derived, as the record states none${thatDay}).${belowCap(derived)}`,
      sources: [e.valuation],
    };
  }
  for (const [word, supply] of supplies) {
    if (formatUsd(record.priceUsd * Math.round(supply)) === formatUsd(own))
      return {
        fact: `Fully diluted value: ${formatUsd(own)}${on} (${word} supply ${formatCount(supply)} × ${price}, the record's price that day${thatDay}).${belowCap(own)}`,
        sources: [e.valuation],
      };
  }
  const perCirculating =
    record.marketCapUsd && record.circulating ? record.marketCapUsd / record.circulating : undefined;
  for (const [word, supply] of perCirculating ? supplies : []) {
    const shown = reproducing(perCirculating!, supply, own);
    if (shown)
      return {
        fact: `Fully diluted value: ${formatUsd(own)}${on} (${word} supply ${formatCount(supply)} × ${shown}, the market capitalisation per circulating token; the record's price that day: ${price}${thatDay}).${belowCap(own)}`,
        sources: [e.valuation],
      };
  }
  return undefined;
}

export function scoreMarketCap(e: AssetEvidence): CategoryAssessment {
  if (!e.marketCapUsd)
    return (
      staleFigure(e, 'market capitalisation', (row) => row.marketCapUsd, formatUsd) ??
      noEvidence('market capitalisation')
    );
  const value = e.marketCapUsd.value;
  const score = levelAtLeast(value, t.marketCapUsd);
  const steps = ladderSteps(score, t.marketCapUsd, 'Market capitalisation', formatThreshold);
  const dated = asOf(e.marketCapUsd);
  const facts = [
    dated
      ? `Market capitalisation: ${formatUsd(value)}${dated}.`
      : `Market capitalisation: ${formatUsd(value)}.`,
  ];
  const rank = e.useCase?.value.marketCapRank;
  if (rank !== undefined) facts.push(`Market-cap rank: ${rank}.`);
  const fullyDiluted = fullyDilutedOf(e, figureDateOf(e.marketCapUsd), value);
  if (fullyDiluted) facts.push(fullyDiluted.fact);
  const chart = marketCapChart(e);
  return applyCollapseCap(
    e,
    'marketCap',
    {
      score,
      facts,
      rationale: `Scored against the documented thresholds of ${formatThreshold(t.marketCapUsd[3])} to ${formatThreshold(t.marketCapUsd[0])}: ${formatUsd(value)}${dated} scores ${score}.`,
      sources: sourcesOf(
        e.marketCapUsd,
        rank !== undefined ? e.useCase : undefined,
        chart ? e.marketHistory : undefined,
        ...(fullyDiluted?.sources ?? []),
      ),
      evidenceFound: true,
      ...(chart ? { chart } : {}),
      ...(steps.up ? { nextUp: steps.up } : {}),
      ...(steps.down ? { nextDown: steps.down } : {}),
      ...(score <= 2
        ? {
            keyRisk: `A small market capitalisation, ${formatUsd(value)}${dated}, can be moved by modest amounts of money.`,
          }
        : {}),
    },
    ladderSteps(t.collapseCap, t.marketCapUsd, 'Market capitalisation', formatThreshold).down,
  );
}

/**
 * A market capitalisation of the same day as `figure`, for a ratio of the two: the stated one when
 * its date matches, else the market record's own of that day; none across days.
 */
function sameDayMarketCap(
  e: AssetEvidence,
  figure: Fact<unknown>,
): { value: number; fact: Fact<unknown> } | undefined {
  const day = figureDateOf(figure);
  if (e.marketCapUsd && e.marketCapUsd.value > 0 && figureDateOf(e.marketCapUsd) === day)
    return { value: e.marketCapUsd.value, fact: e.marketCapUsd };
  const record = e.valuation?.value.marketCapUsd;
  if (e.valuation && record && record > 0 && figureDateOf(e.valuation) === day)
    return { value: record, fact: e.valuation };
  return undefined;
}

export function scoreVolume(e: AssetEvidence): CategoryAssessment {
  if (!e.volume24hUsd)
    return (
      staleFigure(e, 'trading volume', (row) => row.volume24hUsd, formatUsd) ?? noEvidence('trading volume')
    );
  const volume = e.volume24hUsd.value;
  const base = levelAtLeast(volume, t.volume24hUsd);
  const facts = [`24-hour trading volume: ${formatUsd(volume)}.`];
  const missing: string[] = [];
  const penalties: string[] = [];

  const liquidity = e.liquidity?.value;
  const depth =
    liquidity && (liquidity.depthPlus2Usd !== undefined || liquidity.depthMinus2Usd !== undefined)
      ? (liquidity.depthPlus2Usd ?? 0) + (liquidity.depthMinus2Usd ?? 0)
      : undefined;
  if (liquidity?.exchangeCount !== undefined) facts.push(`Exchanges listing it: ${liquidity.exchangeCount}.`);
  if (depth !== undefined) {
    facts.push(`Order-book depth within ±2% (both sides): ${formatUsd(depth)}.`);
    if (levelAtLeast(depth, t.depth2PctUsd) < base)
      penalties.push('the order books are thin for that volume');
  } else missing.push('order-book depth');
  if (liquidity?.medianSpread !== undefined) {
    facts.push(`Median bid-ask spread: ${formatPct(liquidity.medianSpread)}.`);
    if (liquidity.medianSpread > t.wideSpread) penalties.push('the bid-ask spread is wide');
  } else missing.push('bid-ask spread');

  const sameDay = sameDayMarketCap(e, e.volume24hUsd);
  if (sameDay) {
    const turnover = volume / sameDay.value;
    const cap = sameDay.fact === e.marketCapUsd ? '' : ` of ${formatUsd(sameDay.value)} that day`;
    facts.push(`Turnover (24-hour volume / market capitalisation${cap}): ${formatPct(turnover)}.`);
    if (turnover < t.minTurnover)
      penalties.push('few holders trade at the quoted price (turnover is very low)');
  } else missing.push('turnover (no market cap of the volume’s day to divide by)');

  const score = clampScore(base - (penalties.length > 0 ? 1 : 0));
  const steps = ladderSteps(base, t.volume24hUsd, '24-hour volume', formatThreshold);
  const nextUp =
    penalties.length > 0
      ? 'Market quality: deeper order books, a tighter spread and normal turnover (removes the deduction)'
      : steps.up;
  const nextDown =
    penalties.length === 0 && score > 1
      ? // The market-quality deduction is the same for every asset: the methodology page states it.
        (steps.down ?? 'Market quality: thin order books or a wide spread')
      : steps.down;
  return applyCollapseCap(
    e,
    'volumeX2',
    {
      score,
      facts: [...facts, ...missingFact(missing)],
      rationale: `Absolute volume decides (${formatThreshold(t.volume24hUsd[3])} to ${formatThreshold(t.volume24hUsd[0])} a day); ${
        penalties.length
          ? `one point is taken because ${penalties.join(' and ')}`
          : 'market quality does not change it'
      }.`,
      sources: sourcesOf(e.volume24hUsd, e.liquidity, sameDay?.fact),
      evidenceFound: true,
      ...(nextUp ? { nextUp } : {}),
      ...(nextDown && score > 1 ? { nextDown } : {}),
      ...(score <= 2
        ? {
            keyRisk: `Thin liquidity: ${formatUsd(volume)} traded in 24 hours${depth !== undefined ? ` and ${formatUsd(depth)} of order-book depth within ±2%` : ''}, so selling a position can move the price.`,
          }
        : {}),
    },
    ladderSteps(t.collapseCap, t.volume24hUsd, '24-hour volume', formatThreshold).down,
  );
}

/** A published unlock schedule read at the scoring time, with the sentences and sources it gives. */
interface UnlockReading {
  status: UnlockStatus;
  /** "per the schedule in DefiLlama/emissions-adapters as of 2026-04-03" */
  per: string;
  facts: string[];
  sources: Source[];
  /** The first material unlock within the horizon, as a key risk. */
  keyRisk?: string;
  chart: DatedChart;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function readUnlocks(e: AssetEvidence, now: Date): UnlockReading | undefined {
  const fact = e.unlocks;
  if (!fact || fact.value.releases.length === 0 || !(fact.value.totalScheduled > 0)) return undefined;
  const plan = fact.value;
  const status = unlockStatusAt(plan, now);
  const per = `per the schedule in ${plan.datasetName} as of ${plan.asOf}`;
  const share = (ratio: number) => (ratio > 0 && ratio < 0.0005 ? 'less than 0.1%' : formatPct(ratio));
  const sectionsOf = (sections: string[]) =>
    sections.length > 3
      ? `${sections.slice(0, 3).join(', ')} and ${sections.length - 3} more`
      : sections.join(', ');
  // Without a hard cap the schedule is new issuance (mining, staking rewards): what is not yet
  // issued does not exist, so it is "still to be issued", never "locked".
  const issuance = e.supply?.value.max === null && !e.supply.value.maxUnknown;
  const facts = [
    issuance
      ? `${per.charAt(0).toUpperCase()}${per.slice(1)}, ${share(status.unlockedShare)} of the ${formatCount(plan.totalScheduled)} tokens it models are issued by ${day(now)} and ${share(status.lockedShare)} are still to be issued: this is new issuance, not locked supply, since there is no hard cap.`
      : `${per.charAt(0).toUpperCase()}${per.slice(1)}, ${share(status.unlockedShare)} of the ${formatCount(plan.totalScheduled)} scheduled tokens are unlocked on ${day(now)} and ${share(status.lockedShare)} are still locked.`,
  ];
  if (plan.statedTotal && plan.statedTotal > plan.totalScheduled * 1.001)
    facts.push(
      `The schedule dates ${formatCount(plan.totalScheduled)} of the ${formatCount(plan.statedTotal)} tokens its author states; the rest has no dated release.`,
    );
  const next = status.nextUnlock;
  if (status.complete) facts.push('The schedule is complete: every scheduled token is unlocked.');
  else if (!next)
    facts.push(
      issuance
        ? `The remaining ${share(status.lockedShare)} is issued continuously, with no cliff or step.`
        : `No cliff or step unlock is left: the remaining ${share(status.lockedShare)} is released continuously (linear releases).`,
    );
  else
    facts.push(
      `The next unlock is on ${next.date}: ${formatCount(next.amount)} tokens (${share(next.share)} of the scheduled supply; ${sectionsOf(next.sections)}).`,
    );
  const material = status.nextMaterialUnlock;
  if (material && material.date !== next?.date)
    facts.push(
      `The first unlock of at least ${share(UNLOCK_THRESHOLDS.materialUnlockShare)} within ${UNLOCK_THRESHOLDS.horizonDays} days is on ${material.date}: ${share(material.share)} (${sectionsOf(material.sections)}).`,
    );
  if (!status.complete)
    facts.push(
      `Over the next ${UNLOCK_THRESHOLDS.horizonDays} days the schedule ${issuance ? 'issues' : 'releases'} ${share(status.horizonShare)} of its supply, adding ${Number.isFinite(status.horizonGrowth) ? share(status.horizonGrowth) : 'all'} to the supply ${issuance ? 'issued' : 'unlocked'} today.`,
    );
  return {
    status,
    per,
    facts,
    sources: [fact.source, ...plan.documents],
    ...(material
      ? {
          keyRisk: `${per.charAt(0).toUpperCase()}${per.slice(1)}, ${formatCount(material.amount)} tokens (${share(material.share)} of the scheduled supply; ${sectionsOf(material.sections)}) unlock on ${material.date}; new supply of that size can weigh on the price.`,
        }
      : {}),
    chart: {
      title: issuance ? 'Share of the modelled supply issued' : 'Share of the scheduled supply unlocked',
      unit: 'share',
      points: plan.schedule.map((p) => ({ date: p.date, value: p.cumulativeUnlockedShare })),
      marker: { date: day(now), label: 'Report date', value: status.unlockedShare },
      caption: `Cumulative unlocked share on the first day of each month, ${per}. The schedule is a published plan, not a measurement.`,
    },
  };
}

export function scoreCirculatingSupply(e: AssetEvidence, now: Date = new Date()): CategoryAssessment {
  const supply = e.supply?.value;
  const unlocks = readUnlocks(e, now);
  const withUnlocks = (assessment: CategoryAssessment): CategoryAssessment =>
    unlocks
      ? {
          ...assessment,
          facts: [...assessment.facts, ...unlocks.facts],
          sources: [...assessment.sources, ...unlocks.sources],
          chart: unlocks.chart,
          ...(unlocks.keyRisk || assessment.keyRisk
            ? {
                keyRisk: [assessment.keyRisk, unlocks.keyRisk]
                  .filter((text): text is string => Boolean(text))
                  .map((text) => text.replace(/\.$/, ''))
                  .join('. '),
              }
            : {}),
        }
      : assessment;
  if (!e.supply || !supply?.circulating || !supply.total || supply.total <= 0) {
    if (!unlocks)
      return e.supply && supply?.maxUnknown && !supply.total
        ? supplyWithoutTotal(e.supply, 'total supply')
        : (staleFigure(
            e,
            'circulating supply',
            (row) => row.circulating,
            (n) => Math.round(n).toLocaleString('en-US'),
          ) ?? noEvidence('supply data'));
    const ratio = unlocks.status.unlockedShare;
    const score = levelAtLeast(ratio, UNLOCK_THRESHOLDS.unlockedShare);
    const ladder = UNLOCK_THRESHOLDS.unlockedShare;
    const up = score < 5 ? ladder[4 - score] : undefined;
    const down = score > 1 ? ladder[5 - score] : undefined;
    const steps = {
      ...(up !== undefined ? { up: `Unlocked share: ${formatPct(up)} or more` } : {}),
      ...(down !== undefined ? { down: `Unlocked share: below ${formatPct(down)}` } : {}),
    };
    return withUnlocks({
      score,
      facts: [
        supply?.circulating
          ? `The market figures state a circulating supply of ${formatCount(supply.circulating)}${asOf(e.supply!)} but no total supply, so the published schedule decides: ${formatPct(ratio)} of it is unlocked.`
          : `No market supply figures, so the published schedule decides: ${formatPct(ratio)} of it is unlocked.`,
      ],
      rationale: 'Supply still locked under the schedule will be unlocked and can be sold later.',
      sources: supply?.circulating ? sourcesOf(e.supply) : [],
      evidenceFound: true,
      ...(steps.up ? { nextUp: steps.up } : {}),
      ...(steps.down ? { nextDown: steps.down } : {}),
      ...(score <= 2
        ? {
            keyRisk: `Only ${formatPct(ratio)} of the scheduled supply is unlocked, ${unlocks.per}; the remaining ${formatPct(1 - ratio)} is still to come.`,
          }
        : {}),
    });
  }
  const ratio = Math.min(1, supply.circulating / supply.total);
  const score = levelAtLeast(ratio, t.circulatingToTotal);
  const locked = supply.total - supply.circulating;
  const steps = ladderSteps(score, t.circulatingToTotal, 'Circulating share', formatPct);
  return withUnlocks({
    score,
    facts: [
      `Circulating supply: ${formatCount(supply.circulating)} of a total supply of ${formatCount(supply.total)} (${formatPct(ratio)}).`,
      locked > 0
        ? `Not yet circulating: ${formatCount(locked)} tokens (${formatPct(1 - ratio)}).`
        : 'Not yet circulating: none.',
    ],
    rationale: 'Supply that does not circulate yet can be unlocked and sold later.',
    sources: sourcesOf(e.supply),
    evidenceFound: true,
    ...(steps.up ? { nextUp: steps.up } : {}),
    ...(steps.down ? { nextDown: steps.down } : {}),
    ...(score <= 2
      ? {
          keyRisk: `Only ${formatPct(ratio)} of the supply circulates; unlocks of the remaining ${formatPct(1 - ratio)} can weigh on the price.`,
        }
      : {}),
  });
}

/** Total Supply from a published schedule: how much the horizon adds to the supply unlocked now. */
function scoreTotalSupplyFromSchedule(unlocks: UnlockReading): CategoryAssessment {
  const growth = unlocks.status.horizonGrowth;
  const ladder = UNLOCK_THRESHOLDS.horizonGrowth;
  const index = ladder.findIndex((limit) => growth <= limit);
  const score = index === -1 ? 2 : 5 - index;
  const days = UNLOCK_THRESHOLDS.horizonDays;
  const adding = (x: number) => `adding at most ${formatPct(x)} to the unlocked supply over ${days} days`;
  return {
    score,
    facts: [
      `No market supply figures, so the published schedule decides: the next ${days} days add ${Number.isFinite(growth) ? formatPct(growth) : 'all'} to the unlocked supply.`,
      ...unlocks.facts,
    ],
    rationale: 'Tokens the schedule still has to unlock dilute the supply that trades today.',
    sources: unlocks.sources,
    evidenceFound: true,
    ...(score < 5 ? { nextUp: `Schedule: ${adding(ladder[4 - score]!)}` } : {}),
    nextDown:
      score > 2
        ? `Schedule: adding more than ${formatPct(ladder[5 - score]!)} over ${days} days`
        : 'Supply data and schedule: missing (scores 1)',
    ...(score <= 2
      ? {
          keyRisk: `The next ${days} days add ${Number.isFinite(growth) ? formatPct(growth) : 'all'} to the unlocked supply, ${unlocks.per}; holders are diluted.`,
        }
      : {}),
  };
}

/**
 * A dataset that counts issued units only (no total or cap) cannot show dilution: the category
 * has no evidence, and says which figure it has and which it lacks.
 */
function supplyWithoutTotal(
  supply: Fact<{ circulating: number | null }>,
  lacking: string,
): CategoryAssessment {
  const missing = noEvidence(lacking);
  return {
    ...missing,
    facts: [
      `The source counts a supply of ${formatCount(supply.value.circulating ?? 0)} units${asOf(supply)}, but states no ${lacking} to compare it with.`,
      ...missing.facts,
    ],
    sources: sourcesOf(supply),
  };
}

/**
 * No total or maximum supply in the sources: a circulating supply from the last snapshot that
 * listed the asset (printed under Circulating Supply) states neither, and says so (decision 0278).
 */
function totalSupplyMissing(e: AssetEvidence): CategoryAssessment {
  const missing = noEvidence('total or maximum supply');
  const stale = e.staleMarket;
  if (!stale || !(stale.value.circulating > 0)) return missing;
  return {
    ...missing,
    facts: [
      `The newest supply figure in the sources is a circulating supply of ${formatCount(stale.value.circulating)} on ${stale.value.date}, when the snapshots last listed this asset; that record states no total or maximum supply.`,
      ...missing.facts,
    ],
    sources: [stale.source],
  };
}

export function scoreTotalSupply(e: AssetEvidence, now: Date = new Date()): CategoryAssessment {
  const supply = e.supply?.value;
  const unlocks = readUnlocks(e, now);
  if (!e.supply || !supply || (!supply.total && !supply.circulating))
    return unlocks ? scoreTotalSupplyFromSchedule(unlocks) : totalSupplyMissing(e);
  if (supply.maxUnknown)
    return unlocks ? scoreTotalSupplyFromSchedule(unlocks) : supplyWithoutTotal(e.supply, 'maximum supply');
  const total = supply.total ?? supply.circulating ?? 0;
  const stablecoin = e.profile?.value.kind === 'stablecoin';
  if (!supply.max) {
    return {
      score: 3,
      facts: [
        `Total supply: ${formatCount(total)}.`,
        'Maximum supply: none (no hard cap).',
        stablecoin
          ? 'Issuance: against deposits (a stablecoin; supply follows demand).'
          : 'Issuance: under the protocol or issuer rules.',
      ],
      rationale: 'Without a hard cap, the issuance policy alone limits future dilution.',
      sources: sourcesOf(e.supply, stablecoin ? e.profile : undefined),
      evidenceFound: true,
      nextUp: 'Hard cap: set, with at least 60% of it issued',
      nextDown: 'Hard cap: set, with less than 30% issued (scores 2)',
    };
  }
  const ratio = issuedShareOfCap(supply) ?? 0;
  const score = Math.max(2, levelAtLeast(ratio, t.totalToMax));
  const issuing = (x: number) => `Issued share of the cap: ${formatPct(x)}`;
  const up = score < 5 ? t.totalToMax[4 - score] : undefined;
  const down = score > 2 ? t.totalToMax[5 - score] : undefined;
  return {
    score,
    facts: [
      `Total supply: ${formatCount(total)} of a maximum of ${formatCount(supply.max)} (${formatPct(ratio)} issued).`,
      remainingToCap(supply.max - total),
    ],
    rationale: 'The closer the supply is to its cap, the less future dilution remains.',
    sources: sourcesOf(e.supply),
    evidenceFound: true,
    ...(up !== undefined ? { nextUp: `${issuing(up)} or more` } : {}),
    nextDown:
      down !== undefined
        ? `Issued share of the cap: below ${formatPct(down)}`
        : 'Supply data: missing (scores 1)',
    ...(score <= 2
      ? {
          keyRisk: `Only ${formatPct(ratio)} of the maximum supply exists so far; future issuance can dilute holders.`,
        }
      : {}),
  };
}

/** What is left to issue under a cap: none, one unit, or a count ("0 more can still be created" read oddly). */
function remainingToCap(remaining: number): string {
  const units = Math.round(Math.max(0, remaining));
  if (units === 0) return 'Still to be created under the cap: none.';
  return units === 1
    ? 'Still to be created under the cap: 1 unit.'
    : `Still to be created under the cap: ${formatCount(units)}.`;
}

/**
 * Why the offline data cannot assess a category at all (decision 0332): no public dataset
 * reachable holds its figures, which only live sources give. Said only of the offline catalogue's
 * evidence (which carries the catalogue's kind); live, a missing figure is a source's gap. The
 * reason completes the label line ("No evidence found: …"), which stays one line.
 */
const NO_PUBLIC_DATASET = {
  social:
    'community data, which no public dataset reachable offline holds (followers after 2021, recent commits), read only live from CoinGecko and GitHub',
  holders:
    'holder distribution data, which no public dataset reachable offline holds (top-holder shares of ERC-20 tokens and native coins), read only live from chain explorers',
} as const;

const withOfflineReason = (
  e: AssetEvidence,
  gap: CategoryAssessment,
  reason: keyof typeof NO_PUBLIC_DATASET,
): CategoryAssessment =>
  e.catalogueKind === undefined
    ? gap
    : { ...gap, facts: [`${NO_EVIDENCE_FINDING}: ${NO_PUBLIC_DATASET[reason]}.`, ...gap.facts.slice(1)] };

export function scoreSocial(e: AssetEvidence): CategoryAssessment {
  const social = e.social?.value;
  if (!e.watchlistUsers && social?.twitterFollowers === undefined && !e.developer)
    return withOfflineReason(e, noEvidence('community data'), 'social');
  const facts: string[] = [];
  const missing: string[] = [];
  let reach = 1;
  if (e.watchlistUsers) {
    facts.push(`CoinGecko watchlist users: ${formatCount(e.watchlistUsers.value)}.`);
    reach = Math.max(reach, levelAtLeast(e.watchlistUsers.value, t.watchlistUsers));
  } else missing.push('watchlist count');
  if (social?.twitterFollowers !== undefined) {
    facts.push(`X (Twitter) followers: ${formatCount(social.twitterFollowers)}.`);
    reach = Math.max(reach, levelAtLeast(social.twitterFollowers, t.twitterFollowers));
  } else missing.push('X (Twitter) follower count');
  if (social?.redditSubscribers !== undefined)
    facts.push(`Reddit subscribers: ${formatCount(social.redditSubscribers)}.`);

  const developer = e.developer?.value;
  let development = 1;
  if (developer) {
    development = levelAtLeast(developer.commits4Weeks, t.commits4Weeks);
    facts.push(
      `${counted(developer.commits4Weeks, 'commit')} in the last 4 weeks by a project with ${developer.contributors !== undefined ? `${developer.contributorsAtLeast ? 'at least ' : ''}${counted(developer.contributors, 'contributor')}` : developer.contributorsTooManyToList ? 'more contributors than GitHub will list' : 'an uncounted number of contributors'}${developer.repoUrl ? ` (${developer.repoUrl})` : ''}.`,
    );
  } else {
    missing.push('public development activity');
  }
  const score = clampScore(Math.floor((reach + development) / 2 + 0.5));
  const weaker = reach <= development ? 'reach' : 'development';
  return applyCollapseCap(e, 'socialMetricsX2', {
    score,
    facts: [...facts, ...missingFact(missing)],
    rationale: `Reach level ${reach} and development level ${development} average to ${score}${developer ? '' : '; no public development activity counts as level 1'}.`,
    sources: sourcesOf(e.watchlistUsers, e.social, e.developer),
    evidenceFound: true,
    ...(score < 5
      ? {
          nextUp:
            weaker === 'development'
              ? `Development: at least ${counted(t.commits4Weeks[Math.max(0, 4 - development)]!, 'commit')} in 4 weeks`
              : 'Following: more watchlist users or X followers',
        }
      : {}),
    ...(score > 1 ? { nextDown: 'Following or development: shrinking, or slowing to a halt' } : {}),
    ...(score <= 2
      ? {
          keyRisk: developer
            ? `Little attention and little building: ${counted(developer.commits4Weeks, 'commit')} in 4 weeks.`
            : 'No public development activity was found for this asset; a project nobody builds on has no one to fix it.',
        }
      : {}),
  });
}

/** Incidents that put the people behind the asset at fault (charged, convicted, admitted). */
function teamFault(e: AssetEvidence): { fraud?: IncidentRecord; regulatory?: IncidentRecord } {
  const atFault = (e.incidents?.value ?? []).filter((incident) => incident.teamAtFault);
  const fraud = atFault.find((incident) => incident.kind === 'fraud' || incident.kind === 'rug pull');
  const regulatory = atFault.find((incident) => incident.kind !== 'fraud' && incident.kind !== 'rug pull');
  return { ...(fraud ? { fraud } : {}), ...(regulatory ? { regulatory } : {}) };
}

export function scoreTeam(e: AssetEvidence, now: Date): CategoryAssessment {
  if (!e.team) {
    // A charge or conviction for fraud decides the category even without other team facts.
    const { fraud } = teamFault(e);
    if (!fraud) return noEvidence('team information');
    return {
      score: 1,
      facts: [
        `${fraud.date}: ${fraud.title}. ${fraud.summary} (${fraud.link})`,
        'Missing: other team information.',
      ],
      rationale:
        'The people behind the asset were found or charged to have defrauded its holders, so the category scores 1.',
      sources: documentsOf([fraud], e.incidents?.source),
      evidenceFound: true,
      nextUp: 'Court or regulator: clears the people behind the asset',
      keyRisk: `The people behind the asset were charged with or found to have committed fraud: ${fraud.title}.`,
    };
  }
  const team = e.team.value;
  // The launch date, else the age the datasets prove (as Existence/Growth counts it).
  const age = provenAge(e, now);
  const years = age?.years ?? 0;
  const longRunning = years >= 3;
  const points = 1 + (team.identified ? 2 : 0) + (team.publicCode ? 1 : 0) + (longRunning ? 1 : 0);
  const { fraud, regulatory } = teamFault(e);
  const score = fraud ? 1 : regulatory ? Math.max(1, points - 2) : points;
  const facts = [
    team.note,
    ...(team.identityNotStated
      ? []
      : [
          team.identified
            ? 'An identified team or foundation is accountable for this asset.'
            : 'The sources do not identify the team behind this asset.',
        ]),
    team.repositories
      ? publicCodeFact(team.repositories, e.team)
      : team.publicCode
        ? 'Its code is published in a public repository.'
        : 'No public code repository is listed for this asset.',
    ...(!age
      ? missingFact(['launch date'])
      : age.lowerBound
        ? [
            // Its first month in the top-200 files is no first listing (decision 0340): "at least since".
            `Years of operation: at least ${years.toFixed(1)}, ${age.since === e.chainRecordedSince ? 'chain recorded since' : age.since === e.pricedSince && e.pricedSinceInTopList ? 'priced at least since' : 'priced since'} ${age.since.value.slice(0, 10)}${datasetNote(age.since)}.`,
          ]
        : [`It has operated for ${years.toFixed(1)} years.`]),
    ...(fraud ? [`${fraud.date}: ${fraud.title} (${fraud.link}).`] : []),
    ...(regulatory ? [`${regulatory.date}: ${regulatory.title} (${regulatory.link}).`] : []),
  ];
  const nextUp = fraud
    ? 'Fraud finding: an acquittal, or full restitution by the people responsible'
    : !team.identified
      ? 'Team: identified and accountable (adds 2 points)'
      : !team.publicCode
        ? 'Code: published in a public repository'
        : !longRunning
          ? 'Operation: 3 years'
          : regulatory
            ? 'Regulatory finding against the team: lifted (it costs 2 points)'
            : undefined;
  return {
    score,
    facts,
    rationale: fraud
      ? 'The people behind the asset were found or charged to have defrauded its holders, so the category scores 1.'
      : `1 point plus 2 for an identified team, 1 for public code and 1 for 3+ years of operation${regulatory ? ', less 2 for a regulatory finding against the team' : ''}.`,
    // The team's own incidents are cited by their documents (the facts list them), not the list.
    sources: uniqueSources([
      ...sourcesOf(e.team, longRunning ? age?.since : undefined),
      ...documentsOf(
        [fraud, regulatory].filter((i): i is IncidentRecord => i !== undefined),
        e.incidents?.source,
      ),
    ]),
    evidenceFound: true,
    ...(nextUp && score < 5 ? { nextUp } : {}),
    ...(score > 1
      ? {
          nextDown: 'Team: a recorded fraud, rug pull or regulatory finding',
        }
      : {}),
    ...(score <= 2
      ? {
          keyRisk: fraud
            ? `The team is tied to fraud: ${fraud.title}.`
            : regulatory
              ? `The team faced regulators: ${regulatory.title}.`
              : team.identityNotStated
                ? 'No source here names the people accountable for this asset; public code alone makes nobody accountable.'
                : 'Nobody identifiable is accountable for this asset.',
        }
      : {}),
  };
}

/** "Open Dev Data by Electric Capital lists 12,142 public repositories in its Bitcoin ecosystem …". */
function publicCodeFact(code: PublicCodeFacts, fact: Fact<TeamFacts>): string {
  const owners = code.organisations.map((o) => `${o.name} (${formatCount(o.repositories)})`).join(', ');
  return `Public code: ${code.lowerBound ? 'at least ' : ''}${counted(code.count, 'repository', 'repositories')} in the ${code.ecosystem} ecosystem of ${code.map}${datasetNote(fact)} as of ${code.asOf}, the most by ${owners}.`;
}

const UTILITY_PATTERN =
  /smart contract|layer 1|layer-1|layer 2|platform|defi|decentrali[sz]ed finance|lending|exchange|dex|payment|stablecoin|oracle|infrastructure|interoperab|storage|staking|derivatives|yield/i;
const MEME_PATTERN = /meme/i;
const UTILITY_KINDS = new Set(['layer1', 'layer2', 'stablecoin', 'defi', 'exchange']);

/**
 * What a stablecoin registry entry says the asset is for: holding its peg, and by what mechanism
 * (decision 0248). A registry listing is a utility category (stablecoin), not a description.
 */
function pegUseFact(peg: NonNullable<AssetEvidence['stablecoin']>): string {
  const { pegType, pegMechanism } = peg.value;
  const currency = pegType.replace(/^pegged/, '');
  const registry = peg.source.dataset?.name
    ? `${peg.source.dataset.name}'s stablecoin registry`
    : 'the stablecoin registry';
  return `The asset is listed in ${registry} as a stablecoin pegged to ${currency} (${pegType}); its peg is ${pegMechanism}.`;
}

/**
 * The uses a token list's tags name (dawsbot/eth-labels, decision 0331), in the rule's words: only
 * tags the Use Case rule reads (a utility or a meme); a tag naming the project or a theme is left out.
 */
const USE_TAGS: Readonly<Record<string, string>> = {
  defi: 'DeFi',
  dex: 'decentralised exchange (DEX)',
  loans: 'lending',
  stablecoin: 'stablecoin',
  'liquid-staking': 'liquid staking',
  staking: 'staking',
  oracle: 'oracle',
  payments: 'payments',
  'yield-farming': 'yield',
  meme: 'meme',
};

/**
 * What a listing says the asset is for, when no description of a use is at hand (decision 0331):
 * the coin of a chain in a chain list, or of a chain whose blocks a dataset counts, and a token's
 * use tags. Each is a category, never a description, and is cited by its own record.
 */
function listedUses(e: AssetEvidence): { categories: string[]; facts: string[]; sources: Fact<unknown>[] } {
  const listed = e.chainListing?.value.chains ?? [];
  const chainKind = e.chain?.value;
  const tags = [
    ...new Set(
      (e.tokenContracts?.value.contracts ?? []).flatMap((c) => c.labels ?? []).filter((tag) => USE_TAGS[tag]),
    ),
  ];
  const categories: string[] = [];
  const facts: string[] = [];
  const sources: Fact<unknown>[] = [];
  if (listed.length && e.chainListing) {
    const layer = chainKind === 'layer2' || listed.some((c) => c.parent) ? 'layer 2' : 'layer 1';
    categories.push(`${layer} chain`);
    facts.push(
      `Listed use: ${layer} chain, the coin of ${joinNames(listed.map((c) => `the ${c.name} chain`))} in DefiLlama's chain list.`,
    );
    sources.push(e.chainListing);
  } else if (e.chain && chainKind !== 'token') {
    const layer = chainKind === 'layer2' ? 'layer 2' : 'layer 1';
    categories.push(`${layer} chain`);
    facts.push(
      `Listed use: ${layer} chain, the coin of its own chain, whose blocks ${e.chain.source.dataset?.name ?? 'the cited dataset'} counts.`,
    );
    sources.push(e.chain);
  }
  const projects = e.ecosystemProjects;
  if (projects && projects.value.projects >= t.platformMinProjects) {
    categories.push('platform');
    facts.push(
      `Listed use: platform, with ${formatCount(projects.value.projects)} projects' ecosystems connected to the ${projects.value.ecosystem} ecosystem in Open Dev Data by Electric Capital${datasetNote(projects)} as of ${projects.value.asOf}.`,
    );
    sources.push(projects);
  }
  if (tags.length && e.tokenContracts) {
    categories.push(...tags.map((tag) => USE_TAGS[tag]!));
    facts.push(
      `Listed use: ${tags.map((tag) => USE_TAGS[tag]).join(', ')}, as its contract is tagged in the token list.`,
    );
    sources.push(e.tokenContracts);
  }
  return { categories, facts, sources };
}

export function scoreUseCase(e: AssetEvidence): CategoryAssessment {
  const peg = e.stablecoin;
  // A listing stands in only where no source describes the asset (live: CoinGecko's categories).
  const listing = e.useCase ? undefined : listedUses(e);
  const listingFound = listing !== undefined && listing.categories.length > 0;
  if (!e.useCase && !peg && !listingFound) return noEvidence('description of a use');
  const use = e.useCase?.value ?? { description: '', categories: listingFound ? listing.categories : [] };
  const kind = e.profile?.value.kind;
  const described = use.description.trim().length > 0;
  const meme = kind === 'meme' || use.categories.some((c) => MEME_PATTERN.test(c));
  const utility =
    !meme &&
    (peg !== undefined ||
      use.categories.some((c) => UTILITY_PATTERN.test(c)) ||
      (kind !== undefined && UTILITY_KINDS.has(kind)));
  const tvl = e.tvlUsd?.value ?? use.tvlUsd;
  const provenUsage = (use.marketCapRank !== undefined && use.marketCapRank <= 100) || (tvl ?? 0) >= 100e6;
  let score = 1 + (described ? 1 : 0) + (utility ? 2 : 0) + (provenUsage ? 1 : 0);
  if (meme) score = Math.min(score, 2);
  score = Math.min(5, score);
  // A registry entry alone is no description: "Purpose: a published description" says what it lacks.
  const facts = [
    ...(e.useCase
      ? [
          described
            ? `Stated purpose: ${use.description.trim()}`
            : 'No description of a purpose is published.',
          use.categories.length
            ? `Listed categories of this asset: ${use.categories.join(', ')}.`
            : 'No category is listed.',
        ]
      : []),
    ...(peg ? [pegUseFact(peg)] : []),
    ...(listingFound ? listing.facts : []),
  ];
  if (use.marketCapRank !== undefined) facts.push(`Market-cap rank: ${use.marketCapRank}.`);
  if (tvl !== undefined) facts.push(`Total value locked: ${formatUsd(tvl)}.`);
  const trend = e.tvlTrend?.value;
  if (trend?.change365d !== undefined)
    facts.push(`Total value locked changed by ${formatPct(trend.change365d)} over the last year.`);
  if (meme) facts.push('It is listed as a meme asset, so the score is capped at 2.');
  // A registry entry alone holds no rank or value locked: the description is the step it can show.
  const nextUp = meme
    ? 'Meme cap of 2: a use beyond speculation'
    : !utility
      ? 'Utility: one people use, such as payments, DeFi or infrastructure (adds 2 points)'
      : !described && !e.useCase
        ? 'Purpose: a published description'
        : !provenUsage
          ? 'Proven usage: a top-100 rank or $100 million locked'
          : !described
            ? 'Purpose: a published description'
            : undefined;
  return applyCollapseCap(e, 'useCase', {
    score,
    facts,
    rationale:
      '1 point plus 1 for a described purpose, 2 for a utility category and 1 for proven usage; meme assets at most 2.',
    sources: sourcesOf(
      e.useCase,
      peg,
      ...(listingFound ? listing.sources : []),
      e.tvlUsd,
      e.tvlTrend,
      kind ? e.profile : undefined,
    ),
    evidenceFound: true,
    ...(nextUp && score < 5 ? { nextUp } : {}),
    ...(score > 1
      ? {
          nextDown: provenUsage
            ? 'Proven usage: top-100 rank and value locked lost'
            : 'Meme classification: caps the score at 2',
        }
      : {}),
    ...(score <= 2
      ? {
          keyRisk: meme
            ? 'This asset is a meme coin: its price rests on attention, not on a use.'
            : 'No use of this asset beyond speculation is evident.',
        }
      : {}),
  });
}

/** An emission schedule that starts before the counted date: named, and why it is not a launch date. */
const scheduleStartNote = (e: AssetEvidence, from: string): string[] => {
  const first = e.unlocks?.value.schedule[0]?.date;
  return first && first < from
    ? [
        `Launch date: not in the sources; the emission schedule in ${e.unlocks!.value.datasetName} starts on ${first}, but a modelled schedule is not a record of the launch, so the age is not counted from it.`,
      ]
    : [];
};

/**
 * The age the sources prove: from the launch date to now, else from the earliest day a dataset
 * shows the asset (priced, or its chain recorded) to the newest day a cited file shows it priced.
 */
function provenAge(e: AssetEvidence, now: Date) {
  // Without a launch date, the earliest of the dates a dataset shows it (priced, or its chain
  // recorded) bounds its age from below: the ladder then scores at least what the asset has proven.
  const bounds = [e.chainRecordedSince, e.pricedSince]
    .filter((fact): fact is Fact<string> => fact !== undefined)
    .sort((a, b) => a.value.localeCompare(b.value));
  const since = e.genesisDate ?? bounds[0];
  if (!since) return undefined;
  const lowerBound = !e.genesisDate;
  // A dataset's lower bound proves the span from its first day to the figure's own date (the
  // newest day the dataset shows), not to the clock: the asset may have stopped trading since.
  // Another cited file may show it priced later (decision 0277): the span runs to that day.
  const ownFigureDate = since.source.publishedAt?.slice(0, 10);
  const laterPriced =
    lowerBound && e.pricedUntil && ownFigureDate && e.pricedUntil.value > ownFigureDate
      ? e.pricedUntil
      : undefined;
  const figureDate = laterPriced?.value ?? ownFigureDate;
  const until =
    lowerBound && figureDate && /^\d{4}-\d{2}-\d{2}$/.test(figureDate) && figureDate < now.toISOString()
      ? new Date(`${figureDate}T00:00:00Z`)
      : now;
  return { since, lowerBound, laterPriced, until, years: ageInYears(since.value, until) };
}

export function scoreExistence(e: AssetEvidence, now: Date): CategoryAssessment {
  const age = provenAge(e, now);
  if (!age) return noEvidence('launch date');
  const { since, lowerBound, laterPriced, until, years } = age;
  const base = levelAtLeast(years, t.ageYears);
  const day = since.value.slice(0, 10);
  const facts = [
    ...(!lowerBound
      ? [`Launch: ${day}, ${years.toFixed(1)} years ago.`]
      : [
          // Its first month in the top-200 files is not a first listing: an age of at least that.
          since === e.pricedSince && e.pricedSinceInTopList
            ? `Priced at least since: ${day}${datasetNote(since)}, its first month in the top-200 files.`
            : `${since === e.chainRecordedSince ? 'Chain recorded since' : 'Priced since'}: ${day}${datasetNote(since)}.`,
          // Counted from that day because the launch date is not in the sources (the methodology says so).
          `Age, lower bound: ${years.toFixed(1)} years to ${until.toISOString().slice(0, 10)}${laterPriced ? `, the day it is still priced in ${laterPriced.source.dataset?.name ?? laterPriced.source.title}` : ''}.`,
          ...scheduleStartNote(e, day),
        ]),
  ];
  const missing: string[] = [];
  const penalties: string[] = [];
  // What would lift each penalty, said as the price or volatility it takes (not "recovering" a fall).
  const lifts: string[] = [];
  let penalty = 0;
  // The fall from the all-time high, else from the highest monthly snapshot price: a lower bound
  // of that fall (a higher price between snapshots is not seen), so a threshold it passes, the
  // fall from the all-time high passes too. One ladder for both.
  const below = belowHighOf(e);
  const snapshots = e.athChangeRatio ? undefined : e.snapshotPrices?.value;
  const high = snapshots ? 'its highest snapshot price' : 'its all-time high';
  if (snapshots)
    facts.push(
      `Below its highest monthly snapshot price: ${formatPct(below!)} on ${snapshots.latest.date} (high ${formatPrice(snapshots.high.priceUsd)} on ${snapshots.high.date}, of ${snapshots.snapshots} monthly snapshots).`,
    );
  else if (below !== undefined) facts.push(`Below its all-time high: ${formatPct(below)}.`);
  if (below !== undefined && below > t.athCollapse) {
    penalty += 2;
    penalties.push(`more than ${t.athCollapse * 100}% below ${high}`);
    lifts.push(
      `a price no more than ${t.athCollapse * 100}% below ${high} (removes one of the two penalty points; no more than ${t.athDrawdownPenalty * 100}% below, both)`,
    );
  } else if (below !== undefined && below > t.athDrawdownPenalty) {
    penalty += 1;
    penalties.push(`more than ${t.athDrawdownPenalty * 100}% below ${high}`);
    lifts.push(`a price no more than ${t.athDrawdownPenalty * 100}% below ${high}`);
  }
  if (snapshots) missing.push('all-time-high price (only monthly snapshot prices)');
  else if (below === undefined) missing.push('all-time-high price');
  const history = e.priceHistory?.value;
  if (history && e.priceHistory) {
    const dated = asOf(e.priceHistory, 'to');
    if (history.maxDrawdown !== undefined && !history.drawdownSampling)
      facts.push(
        `Over the last ${history.days} days its largest fall was ${formatPct(history.maxDrawdown)}, with annualised volatility of ${formatPct(history.annualisedVolatility)}.`,
      );
    else {
      facts.push(
        `The volatility of its daily returns over the ${history.days} days${dated} was ${formatPct(history.annualisedVolatility)} a year (annualised).`,
      );
      if (history.maxDrawdown !== undefined)
        facts.push(
          `Its largest fall between ${history.drawdownSampling} was ${formatPct(history.maxDrawdown)}.`,
        );
      else missing.push('price history long enough to measure its largest fall');
    }
    if (history.oneYearReturn !== undefined)
      facts.push(
        `Over the year${dated} its price ${history.oneYearReturn >= 0 ? 'rose' : 'fell'} by ${formatPct(Math.abs(history.oneYearReturn))}.`,
      );
    if (history.maxDrawdown !== undefined && history.maxDrawdown > t.yearDrawdownPenalty) {
      penalty += 1;
      penalties.push(`a fall of more than ${t.yearDrawdownPenalty * 100}% within the year`);
      lifts.push(`a year without a fall of more than ${t.yearDrawdownPenalty * 100}%`);
    } else if (history.annualisedVolatility > t.volatilityPenalty) {
      penalty += 1;
      penalties.push(`volatility above ${t.volatilityPenalty * 100}% a year`);
      lifts.push(`volatility of no more than ${t.volatilityPenalty * 100}% a year`);
    }
  } else missing.push(e.snapshotPrices ? 'daily price history (volatility)' : 'price history');
  const onchain = e.onchain?.value;
  if (onchain && e.onchain) {
    // Shown for growth, not scored: the methodology has no ladder for on-chain activity.
    const figures = [
      onchain.activeAddresses !== undefined
        ? `${formatCount(onchain.activeAddresses)} active addresses`
        : null,
      onchain.transactions !== undefined ? `${formatCount(onchain.transactions)} transactions` : null,
      onchain.feesUsd !== undefined ? `${formatUsd(onchain.feesUsd)} in fees` : null,
    ].filter(Boolean);
    if (figures.length)
      facts.push(
        `On-chain activity on ${onchain.asOf}: ${joinWords(figures as string[])} in the day${datasetNote(e.onchain)} (shown, not scored).`,
      );
  }
  const score = clampScore(base - penalty);
  const ageUp = base < 5 ? t.ageYears[4 - base] : undefined;
  const nextUp =
    penalties.length > 0
      ? liftText(lifts, penalty)
      : ageUp !== undefined
        ? `Operation: ${ageUp} year${ageUp === 1 ? '' : 's'}`
        : undefined;
  return applyCollapseCap(e, 'existenceGrowthX2', {
    score,
    facts: [...facts, ...missingFact(missing)],
    rationale: `Longer survival is a stronger track record (${base} for ${lowerBound ? 'at least ' : ''}${years.toFixed(1)} years)${
      penalties.length
        ? `; ${penalty} point${penalty > 1 ? 's' : ''} less for ${penalties.join(' and ')}`
        : ''
    }.`,
    sources: sourcesOf(since, laterPriced, e.athChangeRatio, e.snapshotPrices, e.priceHistory, e.onchain),
    evidenceFound: true,
    ...(nextUp && score < 5 ? { nextUp } : {}),
    ...(score > 1
      ? {
          nextDown: `Price: a fall of more than ${t.yearDrawdownPenalty * 100}% within a year, volatility above ${t.volatilityPenalty * 100}%, or more than ${t.athDrawdownPenalty * 100}% below the all-time high`,
        }
      : {}),
    // A dataset's first priced day is only a lower bound of the age: the risk it states is the
    // short history there is to judge the asset by, with the day and what it proves.
    ...(score <= 2
      ? {
          keyRisk:
            penalties.length > 0
              ? `It did not keep its value: ${penalties.join(' and ')}.`
              : lowerBound
                ? `A short history to judge this asset by: ${since === e.chainRecordedSince ? 'its chain recorded only since' : since === e.pricedSince && e.pricedSinceInTopList ? 'priced in the top-200 files only since' : 'priced only since'} ${day}, ${years.toFixed(1)} years to ${until.toISOString().slice(0, 10)} (its launch date is not in the sources).`
                : `A short track record: ${years.toFixed(1)} years since launch.`,
        }
      : {}),
  });
}

const AUDIT_KIND_WORDS: Record<string, string> = {
  'code-audit': 'code audit',
  'formal-verification': 'formal verification',
  'reserve-attestation': 'reserve attestation',
  'bug-bounty': 'bug bounty',
};

/** An independent review of the code: a code audit or formal verification by someone else. */
export const isIndependentCodeReview = (report: AuditReport) =>
  (report.kind === undefined || report.kind === 'code-audit' || report.kind === 'formal-verification') &&
  report.auditorIsDeveloper !== true;

/**
 * "Sigma Prime (2025-01, code audit by the asset's own developer) of Pectra system contracts";
 * the link is written out only when no source of the report cites it.
 */
function describeReview(report: AuditReport): string {
  const what = AUDIT_KIND_WORDS[report.kind ?? 'code-audit'] ?? 'audit';
  const by = report.auditorIsDeveloper ? `${what} by the asset’s own developer` : what;
  const scope = report.scope ? ` of ${report.scope}` : '';
  const link = report.url && !report.source ? `: ${report.url}` : '';
  return `${report.auditor} (${[report.date, by].filter(Boolean).join(', ')})${scope}${link}`;
}

const AUDIT_KIND_PLURALS: Record<string, string> = {
  'code-audit': 'code audits',
  'formal-verification': 'formal verifications',
  'reserve-attestation': 'reserve attestations',
  'bug-bounty': 'bug bounties',
};

/** "2 code audits by its own developer (Sigma Prime)", "reserve attestation (BDO)": alike reviews once. */
function otherReviewGroups(reports: AuditReport[]): string[] {
  const groups = new Map<string, { kind: string; by: string; auditor: string; count: number }>();
  for (const report of reports) {
    const kind = report.kind ?? 'code-audit';
    const by = report.auditorIsDeveloper ? ' by its own developer' : '';
    const key = `${kind}|${by}|${report.auditor}`;
    const group = groups.get(key) ?? { kind, by, auditor: report.auditor, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()].map(({ kind, by, auditor, count }) =>
    count === 1
      ? `${AUDIT_KIND_WORDS[kind]}${by} (${auditor})`
      : `${count} ${AUDIT_KIND_PLURALS[kind]}${by} (${auditor})`,
  );
}

/** Independent reviews listed one by one in the facts; the rest are counted (and all cited). */
const LISTED_AUDITS = 8;

/** The audit fact's source and every report's own source, once each. */
function auditSourcesOf(fact: Fact<AuditFacts>): Source[] {
  const reportSources = (fact.value.reports ?? []).flatMap((report) =>
    report.source ? [report.source] : [],
  );
  const seen = new Map<string, Source>();
  for (const source of [fact.source, ...reportSources]) {
    if (!seen.has(sourceKey(source))) seen.set(sourceKey(source), source);
  }
  return [...seen.values()];
}

/** The last day an audit date can stand for: the day itself, or the end of its month or year. */
export function auditDateEnd(date: string): string | undefined {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(date);
  if (!match) return undefined;
  const [, year, month, day] = match;
  if (day) return `${year}-${month}-${day}`;
  // Day 0 of the next month is the last day of this one (of December for a bare year).
  const last = new Date(Date.UTC(Number(year), month ? Number(month) : 12, 0));
  return last.toISOString().slice(0, 10);
}

interface LatestAudit {
  /** As the record gives it: "2023-11-20", "2026-07" or "2019". */
  date: string;
  /** The day its age counts from. */
  end: string;
  /** "dated 2023-11-20", or "from 2019 (the record gives only the year; its age counts from 2019-12-31)". */
  printed: string;
}

function latestAuditDate(dated: AuditReport[], latestYear: number | undefined): LatestAudit | undefined {
  const newest = [...dated].sort((a, b) => auditDateEnd(b.date!)!.localeCompare(auditDateEnd(a.date!)!))[0];
  const date = newest?.date?.slice(0, 10) ?? (latestYear !== undefined ? String(latestYear) : undefined);
  const end = date ? auditDateEnd(date) : undefined;
  if (!date || !end) return undefined;
  const precision = date.length === 4 ? 'year' : date.length === 7 ? 'month' : 'day';
  return {
    date,
    end,
    printed:
      precision === 'day'
        ? `dated ${date}`
        : `from ${date} (the record gives only the ${precision}; its age counts from ${end})`,
  };
}

/** The day an audit of this end date becomes older than the staleness limit. */
export const staleFrom = (end: string) => {
  const day = new Date(`${end}T00:00:00Z`);
  day.setUTCFullYear(day.getUTCFullYear() + t.staleAuditYears);
  return day.toISOString().slice(0, 10);
};

export function scoreAudits(e: AssetEvidence, now: Date): CategoryAssessment {
  if (!e.audits) return noEvidence('audit records');
  const reports = e.audits.value.reports ?? [];
  // With the individual reports listed, only independent code reviews count; a bare count
  // (no list) is the database's count of code audits.
  const independent = reports.filter(isIndependentCodeReview);
  const otherReviews = reports.filter((report) => !isIndependentCodeReview(report));
  const count = reports.length ? independent.length : e.audits.value.count;
  const datedIndependent = independent.filter((report) => report.date && auditDateEnd(report.date));
  const latestYear =
    reports.length && otherReviews.length
      ? datedIndependent.length
        ? Math.max(...datedIndependent.map((report) => Number.parseInt(report.date!.slice(0, 4), 10)))
        : undefined
      : e.audits.value.latestYear;
  const latest = latestAuditDate(datedIndependent, latestYear);
  const otherFacts = otherReviews.map(
    (report) => `Not an independent code audit: ${describeReview(report)}.`,
  );
  if (count <= 0) {
    const partial = otherReviews.length > 0;
    return {
      score: partial ? 2 : 1,
      facts: [
        partial
          ? `No independent code audit is recorded; ${otherReviews.length} other review${otherReviews.length === 1 ? ' is' : 's are'} published.`
          : 'No published security audit of this asset is recorded.',
        ...(partial ? otherFacts : missingFact(['audit report'])),
      ],
      rationale: partial
        ? 'Reviews by the developer itself, reserve attestations and bug bounties are evidence, but none is an independent review of the code, so the category scores 2.'
        : 'Code that holds funds without an independent review scores 1.',
      sources: auditSourcesOf(e.audits),
      evidenceFound: true,
      nextUp: 'Independent audits: one published (scores 3)',
      ...(partial ? { nextDown: 'Published reviews: none (scores 1)' } : {}),
      keyRisk: partial
        ? `No independent firm has published an audit of the code; what exists is ${joinWords(otherReviewGroups(otherReviews))}.`
        : "No independent security review of this asset's code is published.",
    };
  }
  const base = count >= 3 ? 5 : count === 2 ? 4 : 3;
  let score = base;
  const auditors = [...new Set((reports.length ? independent : reports).map((report) => report.auditor))];
  // One sentence with the asset's own count, auditors and year, so it reads as this asset's.
  const facts = [
    `${count} independent security audit${count === 1 ? '' : 's'} recorded${auditors.length ? `, by ${joinWords(auditors.slice(0, 4))}` : ''}${latest ? `, the latest ${latest.printed}` : ''}.`,
  ];
  const newestFirst = [...independent].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  const listed = newestFirst.filter((report) => report.url || report.scope).slice(0, LISTED_AUDITS);
  facts.push(...listed.map((report) => `${describeReview(report)}.`));
  const unlisted = newestFirst.length - listed.length;
  if (listed.length && unlisted > 0)
    facts.push(`And ${unlisted} earlier independent review${unlisted === 1 ? '' : 's'}.`);
  facts.push(...otherFacts);
  // The age counts from the audit's own date to the data date; a record with only a year or a
  // month counts from its last day, so an audit is never called older than its record proves.
  const dataDate = now.toISOString().slice(0, 10);
  const staleAfter = latest ? staleFrom(latest.end) : undefined;
  const stale = staleAfter !== undefined && dataDate > staleAfter;
  if (stale) score = Math.max(2, score - 1);
  if (!latest) facts.push(...missingFact(['audit date']));
  const ageWords = latest
    ? `${ageInYears(latest.end, now).toFixed(1)} years old on ${dataDate} (${t.staleAuditYears} years passed on ${staleAfter})`
    : '';
  if (latest && stale)
    facts.push(
      `The latest audit (${latest.date}) is ${ageWords}: older than ${t.staleAuditYears} years, which costs a point.`,
    );
  return {
    score,
    facts,
    rationale: `More independent audits, and recent ones, lower the risk of an undiscovered flaw${stale ? `; the latest, ${latest!.printed}, is ${ageWords}, older than ${t.staleAuditYears} years, which costs a point` : ''}.`,
    sources: auditSourcesOf(e.audits),
    evidenceFound: true,
    ...(score < 5
      ? {
          nextUp: stale
            ? 'Latest audit: a new one of the current code (removes the staleness penalty)'
            : 'Independent audits: one more published',
        }
      : {}),
    // A step names only a condition that does not hold yet: a stale audit is already counted.
    ...(stale
      ? {
          nextDown:
            score > 2
              ? `Independent audits: ${base === 5 ? 'fewer than 3' : 'only 1'} (scores ${score - 1} with the staleness point)`
              : 'Published audits: none (scores 1)',
        }
      : {
          nextDown:
            score > 2 && latest
              ? `Latest audit: older than ${t.staleAuditYears} years (after ${staleFrom(latest.end)}, with no newer one)`
              : 'Published audits: none (scores 1)',
        }),
    ...(score <= 2 && latest
      ? {
          keyRisk: `Audits of this asset are old: the latest, ${latest.printed}, is ${ageWords}; the code may have changed since.`,
        }
      : {}),
  };
}

const joinWords = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

export function scoreDexHolders(e: AssetEvidence): CategoryAssessment {
  const holders = e.holders?.value;
  if (!holders && !e.topHoldersShare) {
    const missing = noEvidence('holder distribution data');
    return withOfflineReason(
      e,
      { ...missing, facts: [...missing.facts, ...gapFacts(e, 'holders')] },
      'holders',
    );
  }
  const raw = holders?.top10Share ?? e.topHoldersShare?.value ?? 0;
  const excluding = holders?.top10ShareExcludingLabelled;
  const share = excluding ?? raw;
  const score = levelAtMost(share, t.topHoldersShare);
  const facts = [`The 10 largest addresses hold ${formatPct(raw)} of the supply.`];
  if (excluding !== undefined)
    facts.push(
      `Leaving out addresses labelled as exchanges or contracts, the 10 largest holders control ${formatPct(excluding)}.`,
    );
  const labelled = (holders?.largest ?? []).filter((holder) => holder.label);
  if (labelled.length)
    facts.push(
      `Labelled large holders: ${labelled
        .slice(0, 3)
        .map((holder) => `${holder.label} (${formatPct(holder.share)})`)
        .join(', ')}.`,
    );
  if (holders?.holderCount !== undefined)
    facts.push(`It is held by ${counted(holders.holderCount, 'address', 'addresses')}.`);
  const missing = excluding === undefined ? ['labels for exchange and contract wallets'] : [];
  const up = score < 5 ? t.topHoldersShare[4 - score] : undefined;
  const down = score > 1 ? t.topHoldersShare[5 - score] : undefined;
  return {
    score,
    facts: [...facts, ...missingFact(missing)],
    rationale: 'The more concentrated the supply, the more a few wallets can move the price.',
    sources: sourcesOf(e.holders ?? e.topHoldersShare),
    evidenceFound: true,
    ...(up !== undefined
      ? {
          nextUp: `Share of the 10 largest holders: ${formatPct(up)} or less`,
        }
      : {}),
    ...(down !== undefined ? { nextDown: `Share of the 10 largest holders: above ${formatPct(down)}` } : {}),
    ...(score <= 2
      ? {
          keyRisk: `Concentrated supply: the 10 largest holders control ${formatPct(share)}; a few sellers can move the price.`,
        }
      : {}),
  };
}

export function hackNetLoss(hack: { amountUsd: number; returnedUsd: number }): number {
  return Math.max(0, hack.amountUsd - hack.returnedUsd);
}

/** The score a net hack loss alone gives (5 for none). */
const hackSeverity = (netLoss: number) =>
  netLoss <= 0 ? 4 : 4 - t.hackNetLossUsd.filter((threshold) => netLoss >= threshold).length;

/** The score a curated incident alone gives, per the documented rule. */
export function incidentSeverity(incident: IncidentRecord): number {
  if (incident.collapse) return 1;
  switch (incident.kind) {
    case 'fraud':
    case 'rug pull':
      return incident.teamAtFault ? 1 : 2;
    case 'exchange collapse':
    case 'collapse':
      return 2;
    case 'hack':
    case 'exploit':
      return hackSeverity(incident.amountUsd ?? 0);
    case 'depeg':
      return incident.amountUsd ? 3 : 4;
    case 'regulatory action':
      return incident.teamAtFault ? 3 : 4;
  }
}

/** The category a knockout incident belongs to by its rule; null for any other incident. */
function knockoutCategoryOf(incident: IncidentRecord): CategoryKey | null {
  return KNOCKOUT_RULES.find((rule) => rule.kind === incident.knockout)?.category ?? null;
}

const SAME_EVENT_DAYS = 7;
const sameEvent = (incident: IncidentRecord, hacks: HackRecord[]) =>
  (incident.kind === 'hack' || incident.kind === 'exploit') &&
  hacks.some(
    (hack) =>
      Math.abs(new Date(hack.date).getTime() - new Date(incident.date).getTime()) <=
      SAME_EVENT_DAYS * 24 * 3600 * 1000,
  );

/** A dataset of incident records as the count line names it, by the list it is. */
function datasetListName(name: string): string {
  if (/DeFiHackLabs/.test(name)) return 'the DeFiHackLabs exploit list';
  if (/Solana-Compliance/.test(name)) return 'the SEC enforcement list';
  if (/Web3 is Going Just Great|web3isgoinggreat/i.test(name)) return 'the Web3 is Going Just Great list';
  return `the ${name} dataset`;
}

/** The two families of incident Hacks/Scandals scores; a clean record needs a covering source for each. */
const INCIDENT_FAMILIES: readonly { name: string; kinds: readonly IncidentKind[] }[] = [
  { name: 'hacks and exploits', kinds: ['hack', 'exploit'] },
  {
    name: 'collapses, rug pulls, frauds and regulator actions',
    kinds: ['exchange collapse', 'collapse', 'rug pull', 'fraud', 'regulatory action'],
  },
];

export function scoreHacks(e: AssetEvidence, now: Date): CategoryAssessment {
  if (!e.hacks && !e.incidents) {
    const missing = noEvidence('incident records');
    return {
      ...missing,
      facts: [...missing.facts, ...gapFacts(e, 'hacks')],
      ...(gapFacts(e, 'hacks').length
        ? { gap: { reason: 'sourceFailed' as const, needed: 'incident records' } }
        : {}),
      rationale:
        'The incident database could not be checked for this asset, so the category is not assessed.',
    };
  }
  const hacks = e.hacks?.value ?? [];
  const incidents = (e.incidents?.value ?? []).filter((incident) => !sameEvent(incident, hacks));
  // Offline, the incident list carries an exploit dataset's records (DeFiHackLabs): that dataset
  // was checked, and stands in for the hacks database.
  const exploitList = Boolean(e.incidents?.source.dataset);
  const fromDatasets = incidents.filter((incident) => incident.origin?.kind === 'dataset');
  // Each dataset's records are counted under that list's own name, whatever their kind: a Web3 is
  // Going Just Great exploit is that list's record, not the hacks database's.
  const datasetLists = [
    ...new Set(fromDatasets.flatMap((i) => (i.origin?.kind === 'dataset' ? [i.origin.dataset.name] : []))),
  ].map((name) => ({
    name: datasetListName(name),
    count: fromDatasets.filter((i) => i.origin?.kind === 'dataset' && i.origin.dataset.name === name).length,
  }));
  const missing = [
    ...(e.hacks || exploitList ? [] : ['hacks database record']),
    ...(e.incidents ? [] : ['curated incident record']),
  ];
  if (hacks.length === 0 && incidents.length === 0) {
    // No record is a clean record only in a source that covers the asset (decision 0321).
    const searched = e.incidentCoverage ?? [];
    const covering = searched.filter((entry) => entry.covers);
    const curatedLine = e.incidents
      ? ['Curated incident list: no exchange collapse, rug pull, depeg, fraud or regulator action recorded.']
      : [];
    if (covering.length === 0) {
      const needed = 'incident records from a source that covers this asset';
      const missing = noEvidence(needed);
      return {
        ...missing,
        gap: { reason: 'notCovered', needed },
        // One label line (like "No evidence found: …"): what is needed, each source searched and
        // why it does not cover the asset (its reason is a clause), with no parentheses around titles
        // that hold their own.
        facts: [
          `Missing: ${needed}, as none of the sources searched covers it — ${[
            ...searched.map((entry) => `${entry.source.title}, where ${entry.reason}`),
            ...(e.hacks ? ['the hacks database, which lists no hack of it and states no coverage'] : []),
          ]
            .join(', and ')
            .replace(/[:;]/g, ',')}.`,
        ],
        rationale:
          'No source that covers this asset was found, so the category is not assessed: the absence of a record is not counted as safety.',
        // Cited as searched: the lists read that are documents. The curated list is none of its own
        // (it is named in the line above; each of its incidents cites its primary document).
        sources: uniqueSources([
          ...searched.flatMap((entry) => (entry.source.url ? [entry.source] : [])),
          ...sourcesOf(e.hacks, e.incidents),
        ]),
      };
    }
    // A clean record needs both families the category counts covered: an exploit list's silence says
    // nothing of a collapse, a rug pull, a fraud or a regulator's action (decision 0392).
    const coveredKinds = new Set(covering.flatMap((entry) => entry.kinds ?? INCIDENT_KINDS));
    const uncovered = INCIDENT_FAMILIES.filter(
      (family) => !family.kinds.some((kind) => coveredKinds.has(kind)),
    );
    if (uncovered.length > 0) {
      const needed = `records of ${uncovered.map((family) => family.name).join(' and ')} from a source that covers this asset`;
      const missing = noEvidence(needed);
      return {
        ...missing,
        gap: { reason: 'notCovered', needed },
        facts: [
          `Missing: ${needed}. ${covering
            .map(
              (entry) => `The ${entry.source.title.replace(/\s*\([^()]*\)$/, '')} covers it and records none`,
            )
            .join('; ')}, but it records only ${INCIDENT_FAMILIES.filter(
            (family) => !uncovered.includes(family),
          )
            .map((family) => family.name)
            .join(' and ')}.`,
        ],
        rationale:
          'A clean record counts only where the sources that cover the asset record every kind of incident the category scores, so it is not assessed.',
        sources: uniqueSources([
          ...covering.map((entry) => entry.source),
          ...sourcesOf(e.hacks, e.incidents),
        ]),
      };
    }
    return {
      score: 5,
      facts: [
        // The record first, short enough for the summary to quote; why the list covers the asset next.
        // The list is named without its file and commit (they are in its citation).
        ...covering.flatMap((entry) => {
          const list = entry.source.title.replace(/\s*\([^()]*\)$/, '');
          return [
            // "it", not the name: a name with its own parentheses would nest inside the summary's.
            // "Incident": a list may record more than exploits (rug pulls, collapses, the law's actions).
            `No incident recorded in the ${list}, which covers it.`,
            `The ${list} covers this asset: ${entry.reason}.`,
          ];
        }),
        ...curatedLine,
        ...missingFact(missing),
      ],
      rationale: 'A clean record in the incident sources that cover this asset scores 5.',
      sources: uniqueSources([...covering.map((entry) => entry.source), ...sourcesOf(e.hacks, e.incidents)]),
      evidenceFound: true,
      nextDown: 'Incidents: any recorded hack, depeg, regulator action or scandal',
    };
  }
  // The team's own fraud or regulatory finding is listed under Team (its accountability rule).
  const { fraud, regulatory } = teamFault(e);
  const listedByTeam = (e.team ? [fraud, regulatory] : [fraud]).filter(
    (i): i is IncidentRecord => i !== undefined,
  );
  const events: HackEvent[] = [
    ...hacks.map((hack) => ({
      date: hack.date,
      severity: hackSeverity(hackNetLoss(hack)),
      text: `${hack.date.slice(0, 10)}: ${hack.name}${hack.technique ? ` (${hack.technique})` : ''}, ${formatUsd(hack.amountUsd)} lost${hack.returnedUsd > 0 ? `, ${formatUsd(hack.returnedUsd)} returned` : ''}${hack.link ? ` (${hack.link})` : ''}.`,
      title: hack.name,
      risk: `An exploit on ${hack.date.slice(0, 10)}: ${hack.name}${hack.technique ? ` (${hack.technique})` : ''}, ${formatUsd(hack.amountUsd)} lost${hack.returnedUsd > 0 ? `, ${formatUsd(hack.returnedUsd)} returned` : ''}`,
    })),
    ...incidents.map((incident) => {
      // A knockout is listed, with its record and document, only in the category its rule names
      // (Team, Existence/Growth), and the team's own fraud under Team; here each still counts, by
      // reference, as the scandal it is.
      const listedUnder = knockoutCategoryOf(incident) ?? (listedByTeam.includes(incident) ? 'team' : null);
      return {
        date: incident.date,
        severity: incidentSeverity(incident),
        text: `${incident.date}: ${incident.title} (${incident.kind}${incident.amountUsd ? `, ${formatUsd(incident.amountUsd)}` : ''}). ${incident.summary} (${incident.link})`,
        title: incident.title,
        risk: incidentRisk(incident),
        ...(incidentTitleParts(incident.title).also
          ? { riskAlso: `The record also covers ${incidentTitleParts(incident.title).also}.` }
          : {}),
        ...(listedUnder ? { listedUnder, incident } : {}),
      };
    }),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const own = events.filter((event) => !event.listedUnder);
  // What another category states with its document is said here once, by title and date.
  const referenceLines = [
    ...new Set(events.flatMap((event) => (event.listedUnder ? [event.listedUnder] : []))),
  ].map((key) => {
    const listed = events.filter((event) => event.listedUnder === key);
    const items = listed.map(
      (event) =>
        `${event.title} (${event.date}, ${event.incident!.kind}${event.incident!.knockout ? ' knockout' : ''})`,
    );
    return `Stated with ${listed.length === 1 ? 'its document' : 'their documents'} under ${nameOf(key)}, and counted here as ${listed.length === 1 ? 'the scandal it is' : 'the scandals they are'}: ${items.join('; ')}.`;
  });
  const worst = events.reduce((low, event) => (event.severity < low.severity ? event : low));
  const recent = events.some((event) => yearsBetween(event.date, now) <= t.recentYears);
  const score = clampScore(worst.severity - (recent ? 1 : 0));
  const largest = hacks.length ? Math.max(...hacks.map(hackNetLoss)) : undefined;
  // Every incident this category lists, by reference too, is cited with its document (decision 0278).
  const incidentSources = documentsOf(incidents, e.incidents?.source);
  return {
    score,
    facts: [
      `${events.length} incident${events.length === 1 ? '' : 's'} on record for this asset: ${[
        ...(e.hacks ? [`${hacks.length} in the hacks database`] : []),
        ...datasetLists.map((list) => `${list.count} in ${list.name}`),
        ...(e.incidents ? [`${incidents.length - fromDatasets.length} in the curated incident list`] : []),
      ].join(', ')}.`,
      ...own.map((event) => event.text),
      ...referenceLines,
      ...missingFact(missing),
    ],
    rationale: `The worst incident decides: ${worst.title} gives ${worst.severity}${largest !== undefined ? `; the largest net hack loss is ${formatUsd(largest)}` : ''}${recent ? `; an incident within the last ${t.recentYears} years costs a point` : ''}.`,
    sources: [...sourcesOf(e.hacks, e.incidents), ...incidentSources],
    evidenceFound: true,
    ...(score < 5
      ? {
          nextUp: recent
            ? 'Incidents: none for two years (removes the recency deduction)'
            : 'Incidents: time without new ones, and full restitution to victims',
        }
      : {}),
    ...(score > 1 ? { nextDown: 'Incidents: a new one, or a larger loss than the worst so far' } : {}),
    // Every recorded incident is a risk finding (an exploit, a depeg that recovered, a regulator
    // action): the worst of the category's own, in words with its date and figure (decision 0276).
    ...hacksKeyRisk(own.length ? own : events, events.length - (own.length ? own.length : events.length)),
  };
}

interface HackEvent {
  date: string;
  severity: number;
  text: string;
  title: string;
  /** The incident as a risk, in words with its date and figure. */
  risk: string;
  /** A further sentence for what else the record covers, after the risk's own. */
  riskAlso?: string;
  /** The category that states the incident with its document (Team, Existence/Growth). */
  listedUnder?: CategoryKey;
  incident?: IncidentRecord;
}

const nameOf = (key: CategoryKey) => CATEGORIES.find((c) => c.key === key)!.name;

const INCIDENT_RISK_WORDS: Record<IncidentRecord['kind'], string> = {
  hack: 'A hack',
  exploit: 'An exploit',
  depeg: 'The peg broke',
  'regulatory action': 'A regulator acted',
  fraud: 'Fraud',
  'rug pull': 'A rug pull',
  'exchange collapse': 'An exchange collapse',
  collapse: 'A collapse',
};

/**
 * A curated title may join a second, noun-phrase part after "; " ("…failed; MakerDAO's emergency
 * measures on…"): the key risk states the event, and that part in a sentence of its own.
 */
function incidentTitleParts(title: string): { event: string; also?: string } {
  const at = title.indexOf('; ');
  return at < 0 ? { event: title } : { event: title.slice(0, at), also: title.slice(at + 2) };
}

function incidentRisk(incident: IncidentRecord): string {
  // An exploit list's entry keeps its technique and the loss in the list's own words.
  const technique = /lists an exploit of .+? \(([^)]+)\)\./.exec(incident.summary)?.[1];
  const stated = /Loss as the list states it: (.+?)\.(?: |$)/.exec(incident.summary)?.[1];
  const loss = incident.amountUsd
    ? `, ${formatUsd(incident.amountUsd)} lost`
    : stated
      ? `; loss as the list states it: ${stated}`
      : incident.kind === 'hack' || incident.kind === 'exploit'
        ? ', with no loss in dollars on record'
        : '';
  const { event } = incidentTitleParts(incident.title);
  const title = technique ? `${event} (${technique})` : event;
  return `${INCIDENT_RISK_WORDS[incident.kind]} on ${incident.date}: ${title}${loss}`;
}

/** The category's key risk: its worst incident (the latest among equals), and how many more. */
function hacksKeyRisk(
  candidates: HackEvent[],
  others: number,
): Pick<CategoryAssessment, 'keyRisk' | 'keyRiskStatedUnder'> {
  const worst = candidates.reduce((low, event) =>
    event.severity < low.severity || (event.severity === low.severity && event.date > low.date) ? event : low,
  );
  const more = candidates.length - 1 + others;
  return {
    // A title that ends in an abbreviation ("et al.") ends the sentence itself.
    keyRisk: `${worst.risk}${more > 0 ? `; ${more} more incident${more === 1 ? '' : 's'} in the findings.` : worst.risk.endsWith('.') ? '' : '.'}${worst.riskAlso ? ` ${worst.riskAlso}` : ''}`,
    ...(worst.listedUnder ? { keyRiskStatedUnder: worst.listedUnder } : {}),
  };
}

const KIND_PHRASES: Record<string, string> = {
  layer1: 'a layer-1 coin',
  layer2: 'a layer-2 asset',
  token: 'a token',
  stablecoin: 'a stablecoin',
  meme: 'a meme coin',
  defi: 'a DeFi token',
  exchange: 'an exchange token',
};

const sharePct = (share: number) =>
  share > 0 && share < 0.0005 ? 'under 0.1%' : `${(share * 100).toFixed(1)}%`;

/** "Consensus clients per Miga Labs (…), 2026-08-21 (_data/migalabs.json): lighthouse 51.0%, …" */
export function clientSharesText(r: ClientShareReading): string {
  const listed = r.shares.filter((s) => s.share > 0);
  const flag = r.hasSupermajority
    ? `; the file marks ${listed[0]?.client} as holding two thirds or more`
    : r.hasMajority
      ? `; the file marks ${listed[0]?.client} as holding a majority`
      : '; no client holds a majority';
  return `${r.layer === 'execution' ? 'Execution' : 'Consensus'} clients per ${r.measuredBy} (${r.method}) on ${r.date} (${r.path}): ${listed.map((s) => `${s.client} ${sharePct(s.share)}`).join(', ')}${flag}`;
}

export function scoreLayer1(e: AssetEvidence): CategoryAssessment {
  // The network's client shares are shown with their dates, not scored (no ladder for them).
  const clientFacts = (e.clientDiversity?.value.readings ?? []).map(
    (r) => `${clientSharesText(r)} (shown, not scored).`,
  );
  // Who produces the blocks, shown with its day and not scored (decision 0333): a lab's reading.
  const production = e.blockProduction;
  const productionFacts = production
    ? [
        `Block production: ${counted(production.value.nakamotoCoefficient, 'entity', 'entities')} produced a majority of blocks in the reading of ${production.value.date} (its Nakamoto coefficient); the largest ${formatPct(production.value.top1Share)}, the largest three ${formatPct(production.value.top3Share)}, of ${production.value.entities} producing entities, shown and not scored${datasetNote(production)}.`,
      ]
    : [];
  // The catalogue's kind only picks the peer group: a gap beside that group says no dataset states it.
  const catalogued = (kind: AssetKind | undefined, more = '') =>
    kind
      ? ` (the peer group follows our catalogue's classification as ${KIND_PHRASES[kind] ?? `a ${kind} asset`}, which no dataset here states${more})`
      : '';
  if (!e.chain) {
    const gap = noEvidence('chain information');
    return { ...gap, facts: [`${NO_EVIDENCE_FINDING}: chain information${catalogued(e.catalogueKind)}.`] };
  }
  const kind = e.chain.value;
  // The chains a chain list names the asset the coin of; the class scored is lower where the catalogue says so.
  const listedChains = e.chainListing?.value.chains ?? [];
  const listedKind = listedChains.some((c) => c.parent) ? 'layer2' : 'layer1';
  const listingFacts = listedChains.length
    ? [
        `DefiLlama's chain list names this asset the coin of ${joinNames(
          listedChains.map((c) => `the ${c.name} chain${c.parent ? `, built on ${c.parent}` : ''}`),
        )}${kind !== listedKind ? `; our catalogue places it lower, and the lower class is scored` : ''}.`,
      ]
    : [];
  const labelled = e.tokenContracts?.value;
  const contractFacts = labelled
    ? [
        `Its contract${labelled.contracts.length > 1 ? 's' : ''} on ${labelled.chain} (chain id ${labelled.chainId}): ${labelled.contracts
          .map(
            (c) =>
              `${c.address}, labelled “${c.name}” (${c.symbol})${c.labels?.length ? `, tagged ${c.labels.join(', ')},` : ''}${c.website ? ` with the website ${c.website}` : ''}`,
          )
          .join('; ')}.`,
      ]
    : [];
  const platform = e.profile?.value.platform ?? e.tokenContracts?.value.chain;
  // Tags that name no kind of ours (oracle, gaming, loans) are still what the record states: the gap
  // says so rather than reading as if the record were silent.
  const tags = [...new Set(e.tokenContracts?.value.contracts.flatMap((c) => c.labels ?? []) ?? [])];
  const taggedAs = tags.length
    ? `its contract is tagged ${joinNames(tags)}, which ${tags.length === 1 ? 'names' : 'name'}`
    : '';
  const text = {
    layer1: 'Chain: native coin of its own layer-1 blockchain.',
    layer2: 'Chain: native coin of a layer-2 network.',
    token: `Chain: token issued on another chain${platform ? ` (${platform})` : ''}.`,
  }[kind];
  const score = kind === 'layer1' ? 5 : kind === 'layer2' ? 4 : 3;
  const assetKind = e.profile?.value.kind;
  // A kind read from the labelled contract's tags says so (the tags are listed below).
  const byTags =
    e.profile && e.tokenContracts && sourceKey(e.profile.source) === sourceKey(e.tokenContracts.source)
      ? ', as its contract’s tags say'
      : '';
  return {
    score,
    facts: [
      text,
      ...(assetKind
        ? [`The asset is classified as ${KIND_PHRASES[assetKind] ?? `a ${assetKind} asset`}${byTags}.`]
        : // A native layer-1 or layer-2 coin is classified by its chain already; only a token's use is unknown.
          kind === 'token'
          ? missingFact([
              e.catalogueKind && e.catalogueKind !== 'token'
                ? `what kind of token it is${catalogued(e.catalogueKind, taggedAs && `; ${taggedAs} no kind`)}`
                : `what kind of token it is (stablecoin, DeFi, meme or exchange token)${taggedAs && `: ${taggedAs} none of these`}`,
            ])
          : []),
      ...listingFacts,
      ...contractFacts,
      ...clientFacts,
      ...productionFacts,
    ],
    rationale: 'An asset that runs on its own chain depends on no other network.',
    sources: [
      ...sourcesOf(e.chain, e.chainListing, e.profile, e.tokenContracts, production),
      ...(e.clientDiversity?.value.readings ?? []).map((r) => r.source),
    ],
    evidenceFound: true,
    ...(score < 5
      ? {
          nextUp:
            kind === 'token'
              ? 'Chain: a native coin of its own network (not reachable for a token)'
              : 'Chain: a layer-1 coin (not reachable for a layer-2 coin)',
        }
      : {}),
    nextDown:
      kind === 'layer1'
        ? 'Chain: a layer-2 coin (4) or a token on another chain (3)'
        : kind === 'layer2'
          ? 'Chain: a token on another chain (3)'
          : 'Chain information: missing (scores 1)',
  };
}

/** How far the price is below its high: the all-time high, else the highest snapshot price. */
function belowHighOf(e: AssetEvidence): number | undefined {
  if (e.athChangeRatio) return Math.abs(e.athChangeRatio.value);
  const prices = e.snapshotPrices?.value;
  return prices ? Math.max(0, 1 - prices.latest.priceUsd / prices.high.priceUsd) : undefined;
}

const COLLAPSE_KNOCKOUT = KNOCKOUT_RULES.find((r) => r.kind === 'collapse')!;

/**
 * Incidents whose primary document proves a knockout (see KNOCKOUT_RULES). The collapse knockout
 * also follows from a record whose document marks the asset's own collapse (`collapse`) when the
 * price is still more than 90% below its high: it lost that much and did not recover.
 */
export function knockoutsOf(e: AssetEvidence): KnockoutFinding[] {
  const below = belowHighOf(e);
  return (e.incidents?.value ?? []).flatMap((incident) => {
    const rules = KNOCKOUT_RULES.filter(
      (r) =>
        r.kind === incident.knockout ||
        (r === COLLAPSE_KNOCKOUT && incident.collapse && below !== undefined && below > t.athDrawdownPenalty),
    );
    return rules.map((rule) => ({
      kind: rule.kind,
      rule: rule.rule,
      date: incident.date,
      title: incident.title,
      link: incident.link,
      ...(rule === COLLAPSE_KNOCKOUT && incident.collapseDate ? { collapseDate: incident.collapseDate } : {}),
    }));
  });
}

/** The knockouts whose rule names this category. */
function knockoutsIn(e: AssetEvidence, key: CategoryKey): KnockoutFinding[] {
  const kinds = new Set<string>(KNOCKOUT_RULES.filter((r) => r.category === key).map((r) => r.kind));
  return knockoutsOf(e).filter((k) => kinds.has(k.kind));
}

/** A knockout in this category scores it 1 and says so first, whatever the ladder gave. */
export function applyKnockout(
  e: AssetEvidence,
  key: CategoryKey,
  assessment: CategoryAssessment,
): CategoryAssessment {
  const found = knockoutsIn(e, key);
  const first = found[0];
  if (!first) return assessment;
  const { nextUp: _up, nextDown: _down, ...rest } = assessment;
  // Each incident record once: a fact the category already states about it (the Team's fraud
  // finding, with its summary) becomes the knockout's line instead of a second one.
  const own = assessment.facts.filter((fact) => !fact.startsWith(NO_EVIDENCE_FINDING));
  const knockoutFacts = found.map((k) => {
    const stated = own.findIndex((fact) => fact.includes(k.link));
    if (k.collapseDate)
      return `Knockout, collapse ${whenOf(k.collapseDate)}: ${k.title} (${k.date}, ${k.link}).`;
    return stated === -1
      ? `Knockout, ${k.date}: ${k.title} (${k.link}).`
      : `Knockout, ${own.splice(stated, 1)[0]}`;
  });
  // The category cites the documents of the incidents it lists, not the whole incident list.
  const listed = (e.incidents?.value ?? []).filter((incident) =>
    found.some((k) => k.link === incident.link && k.date === incident.date),
  );
  return {
    ...rest,
    score: 1,
    evidenceFound: true,
    knockout: first,
    facts: [...knockoutFacts, ...own],
    rationale: `${first.rule} That is a knockout: the category scores 1 and the report is Not Safe whatever the other figures.`,
    sources: uniqueSources([...assessment.sources, ...documentsOf(listed, e.incidents?.source)]),
    nextUp: 'Knockout: reversed (an acquittal, a recovery or a regained peg)',
    keyRisk: `${first.title} (${first.date}${first.collapseDate ? `; the collapse ${whenOf(first.collapseDate)}` : ''}): ${first.rule.charAt(0).toLowerCase()}${first.rule.slice(1)}`,
  };
}

const withKnockout =
  (key: CategoryKey, scorer: (e: AssetEvidence, now: Date) => CategoryAssessment) =>
  (e: AssetEvidence, now: Date) =>
    applyKnockout(e, key, scorer(e, now));

export const SCORERS: Record<CategoryKey, (e: AssetEvidence, now: Date) => CategoryAssessment> = {
  marketCap: scoreMarketCap,
  volumeX2: scoreVolume,
  circulatingSupply: scoreCirculatingSupply,
  totalSupply: scoreTotalSupply,
  socialMetricsX2: scoreSocial,
  team: withKnockout('team', scoreTeam),
  useCase: scoreUseCase,
  existenceGrowthX2: withKnockout('existenceGrowthX2', scoreExistence),
  audits: scoreAudits,
  dexHolders: scoreDexHolders,
  hacksScandals: scoreHacks,
  layer1: scoreLayer1,
};

/** Categories whose score the AI writer may move by one point (qualitative judgement). */
export const QUALITATIVE_CATEGORIES: ReadonlySet<CategoryKey> = new Set(['team', 'useCase']);
