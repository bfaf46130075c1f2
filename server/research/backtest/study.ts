import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { BacktestBand, STUDY_OUTCOME_KINDS, StudyFigures } from '../../../contract/backtest';
import { PUBLIC_DATA } from '../sources/snapshot-data';
import type { BacktestData } from './as-of';
import type { StudyEntity } from './entities';
import { addDays } from './outcomes';
import { bootstrapInterval, cohortAccuracyRatio, round4 } from './statistics';

// The default study (issue 43, decision 0350-0353): outcomes defined before any result, one
// failure per asset's life (after it the asset leaves the cohort), drop-outs censored, ratings
// compared within their rating month, baselines on the same rows, a development sample and a
// hold-out evaluated once per methodology version.

export const HOLDOUT_FROM = '2023-01-01';
const DEVELOPMENT_FROM = '2020-01-01';
export const STUDY_HORIZONS = [90, 365] as const;
/** The cumulative rates by band: 1, 2 and 3 years. */
export const COHORT_YEARS = [1, 2, 3] as const;
const BOOTSTRAP_REPLICATES = 400;
/** Six rating months per time block: the bootstrap resamples whole half-years. */
const TIME_BLOCK_MONTHS = 6;

/** The outcome types, each defined before any result was seen (decision 0351). */
export const OUTCOME_TYPES: { type: OutcomeKind; definition: string }[] = [
  {
    type: 'default',
    definition:
      'Issuer or custodian default, dated at the event as its document states it: a chapter 11 or insolvency filing of the issuer or custodian, or its announcement that it ceased operations (the curated incident list’s issuer bankruptcies and project collapses and the study’s default list, server/research/datasets/defaults.json).',
  },
  {
    type: 'depeg',
    definition:
      'A stablecoin below 97% of its own peg currency on two consecutive monthly snapshots (a month or more); evaluated only for dollar coins, as the snapshots price in dollars (a euro coin has no depeg outcome here, never a dollar floor).',
  },
  {
    type: 'exploit',
    definition:
      'A material exploit: a DeFiHackLabs record matched to the asset losing at least $1 million and at least 5% of the asset’s market cap on the last snapshot before it.',
  },
  {
    type: 'terminal death',
    definition:
      'More than 90% below its running high on a monthly snapshot with no snapshot back above that level for the next 12 months, the asset still listed 12 months on (a coin that leaves the files is censored, not dead, unless a full-universe source shows it stopped trading).',
  },
  {
    type: 'market-relative collapse',
    definition:
      'A coin’s price against the whole listed market (the sum of market caps on each snapshot) at least 80% below its highest relative level of the previous 12 snapshots: a fall the market as a whole does not explain.',
  },
];
export type OutcomeKind = (typeof STUDY_OUTCOME_KINDS)[number];

export interface EntityEvent {
  kind: OutcomeKind;
  date: string;
  description: string;
  url: string;
}

const defaultsSchema = z.object({
  compiled: z.string(),
  description: z.string(),
  defaults: z.array(
    z.object({
      id: z.string(),
      assets: z.array(z.string()).min(1),
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      title: z.string(),
      document: z.object({ url: z.string().url(), publisher: z.string() }),
      corroboration: z.object({ url: z.string().url(), publisher: z.string() }).optional(),
    }),
  ),
});
export type StudyDefault = z.infer<typeof defaultsSchema>['defaults'][number];
export const loadStudyDefaults = (): StudyDefault[] =>
  defaultsSchema.parse(
    JSON.parse(readFileSync(new URL('../datasets/defaults.json', import.meta.url), 'utf8')),
  ).defaults;

const DEPEG_FLOOR = 0.97;
const EXPLOIT_MIN_USD = 1_000_000;
const EXPLOIT_MIN_SHARE_OF_CAP = 0.05;
const DEATH_RATIO = 0.1;
const COLLAPSE_RATIO = 0.2;
const WINDOW_MONTHS = 12;

/** Every outcome event of one entity in date order, from the data in the repository. */
export function entityEvents(
  data: BacktestData,
  entity: StudyEntity,
  defaults: readonly StudyDefault[],
  marketTotal: readonly number[],
): EntityEvent[] {
  const { months, paths, dataset, publisher } = data.market.cmcMonthly;
  const fileUrl = (month: number) =>
    `https://github.com/${dataset.name}/blob/${dataset.version}/${paths[month]}`;
  const mine = (assets: readonly string[]) => assets.some((a) => entity.ids.includes(a));
  const events: EntityEvent[] = [];
  // A project that announced it ceased operations (Multichain, decision 0311) defaulted on its users as a bankrupt issuer did.
  for (const entry of data.incidents)
    if (mine(entry.assets) && (entry.knockout === 'issuer-bankruptcy' || entry.kind === 'collapse'))
      events.push({
        kind: 'default',
        date: entry.date,
        description: `${entry.title} (${entry.document.publisher})`,
        url: entry.document.url,
      });
  for (const entry of defaults)
    if (mine(entry.assets))
      events.push({ kind: 'default', date: entry.date, description: entry.title, url: entry.document.url });

  const points = entity.points;
  const capBefore = (day: string) => points.findLast((p) => months[p.month]! <= day)?.marketCap ?? 0;
  for (const hack of data.hacks) {
    if (!mine(hack.assets) || (hack.amountUsd ?? 0) < EXPLOIT_MIN_USD) continue;
    const cap = capBefore(hack.date);
    if (cap > 0 && (hack.amountUsd ?? 0) >= cap * EXPLOIT_MIN_SHARE_OF_CAP)
      events.push({
        kind: 'exploit',
        date: hack.date,
        description: `${hack.name} exploit, DeFiHackLabs: ${hack.lossText ?? `$${hack.amountUsd}`}`,
        url:
          hack.links[0] ??
          `https://github.com/${PUBLIC_DATA.hacks.dataset.name}/blob/${PUBLIC_DATA.hacks.dataset.version}/${hack.path}`,
      });
  }

  if (entity.assetClass === 'stablecoin' && entity.peg === 'USD') {
    const at = points.findIndex(
      (p, i) =>
        p.price < DEPEG_FLOOR && points[i + 1]?.month === p.month + 1 && points[i + 1]!.price < DEPEG_FLOOR,
    );
    if (at >= 0) {
      const p = points[at]!;
      events.push({
        kind: 'depeg',
        date: months[p.month]!,
        description: `${publisher} snapshots of ${months[p.month]} and ${months[p.month + 1]}: ${entity.name} at $${p.price.toPrecision(4)} and $${points[at + 1]!.price.toPrecision(4)}, below ${DEPEG_FLOOR} of its dollar peg`,
        url: fileUrl(p.month),
      });
    }
  }

  if (entity.assetClass === 'coin') {
    let high = 0;
    for (const [i, p] of points.entries()) {
      high = Math.max(high, p.price);
      if (high <= 0 || p.price > high * DEATH_RATIO) continue;
      const later = points.slice(i + 1).filter((q) => q.month <= p.month + WINDOW_MONTHS);
      const listedAYearOn = points.some((q) => q.month >= p.month + WINDOW_MONTHS);
      if (listedAYearOn && later.every((q) => q.price <= high * DEATH_RATIO)) {
        events.push({
          kind: 'terminal death',
          date: months[p.month]!,
          description: `${publisher} snapshot of ${months[p.month]}: ${entity.name} at $${p.price.toPrecision(4)}, ${Math.round((1 - p.price / high) * 100)}% below its high of $${high.toPrecision(4)}, and no snapshot back above a tenth of it for 12 months`,
          url: fileUrl(p.month),
        });
        break;
      }
    }
    for (const [i, p] of points.entries()) {
      const relative = (q: (typeof points)[number]) => q.price / marketTotal[q.month]!;
      const prior = points.slice(0, i).filter((q) => q.month >= p.month - WINDOW_MONTHS);
      if (prior.length === 0) continue;
      const best = prior.reduce((x, y) => (relative(y) > relative(x) ? y : x));
      if (relative(p) <= relative(best) * COLLAPSE_RATIO) {
        const own = p.price / best.price;
        const market = marketTotal[p.month]! / marketTotal[best.month]!;
        events.push({
          kind: 'market-relative collapse',
          date: months[p.month]!,
          description: `${publisher} snapshots: ${entity.name} ${formatChange(own)} from ${months[best.month]} to ${months[p.month]} while the listed market moved ${formatChange(market)}`,
          url: fileUrl(p.month),
        });
        break;
      }
    }
  }
  // A price event in the run-up to a recorded default is the default's: the credit event dates
  // the failure (Celsius fell in June 2022 and filed on 13 July 2022).
  const defaultDays = events.filter((e) => e.kind === 'default').map((e) => e.date);
  return events
    .filter(
      (e) =>
        !PRICE_EVENTS.has(e.kind) ||
        !defaultDays.some((d) => d >= e.date && d <= addDays(e.date, RUN_UP_DAYS)),
    )
    .sort((a, b) => a.date.localeCompare(b.date));
}

const PRICE_EVENTS = new Set<OutcomeKind>(['terminal death', 'market-relative collapse', 'depeg']);
/** How long before a default a price event counts as its run-up. */
const RUN_UP_DAYS = 90;

const formatChange = (ratio: number) =>
  `${ratio >= 1 ? '+' : '−'}${Math.abs(Math.round((ratio - 1) * 100))}%`;

/** One rating the study evaluates: the entity's, scored higher-is-safer. */
export interface StudyRow {
  entity: number;
  month: number;
  band: BacktestBand;
  /** Higher is safer: the band first, then the total. */
  score: number;
}

export type RowOutcome =
  | { status: 'failed'; event: EntityEvent }
  | { status: 'survived' }
  | { status: 'censored' }
  | { status: 'unobservable' };

/**
 * What followed one rating within `days`: the entity's one failure, its survival seen in a later
 * snapshot, censored when it left the files with no full-universe record of its fate, or
 * unobservable when the horizon is not over by the newest snapshot.
 */
export function rowOutcome(
  row: StudyRow,
  entity: StudyEntity,
  failure: EntityEvent | undefined,
  months: readonly string[],
  days: number,
): RowOutcome {
  const day = months[row.month]!;
  const until = addDays(day, days);
  if (until > months.at(-1)!) return { status: 'unobservable' };
  if (failure && failure.date > day && failure.date <= until) return { status: 'failed', event: failure };
  if (entity.points.some((p) => months[p.month]! >= until)) return { status: 'survived' };
  // Out of the top-200 files, but CoinMarketCap's full list still priced it after the horizon.
  if (entity.tradedUntil && entity.tradedUntil >= until) return { status: 'survived' };
  return { status: 'censored' };
}

export interface StudyInput {
  months: readonly string[];
  entities: readonly StudyEntity[];
  /** The entity's one failure (its first event after its first rating), if any. */
  failures: readonly (EntityEvent | undefined)[];
  rows: readonly StudyRow[];
}

/** Rows that stay in the cohort: ratings dated before the entity's failure. */
export const cohortRows = (input: StudyInput) =>
  input.rows.filter((r) => {
    const failure = input.failures[r.entity];
    return !failure || input.months[r.month]! < failure.date;
  });

interface Baseline {
  name: string;
  /** Higher is safer, from the entity's own snapshot row on the rating day. */
  score: (entity: StudyEntity, month: number, months: readonly string[]) => number | null;
}

/** The simple signals the rating must beat, on the same rows (decision 0352). */
export const BASELINES: Baseline[] = [
  {
    name: 'Months since first listing',
    // From CoinMarketCap's first listing; from the first snapshot only when that is not the
    // files' first day (which is no listing date); else unknown.
    score: (entity, month, months) => {
      const since =
        entity.firstListed ?? (entity.points[0]!.month > 0 ? months[entity.points[0]!.month]! : null);
      return since === null ? null : (Date.parse(months[month]!) - Date.parse(since)) / (30.44 * 86_400_000);
    },
  },
  {
    name: 'Market cap',
    score: (entity, month) => entity.points.find((p) => p.month === month)?.marketCap ?? null,
  },
  {
    name: 'Drawdown from the running high',
    score: (entity, month) => {
      const upTo = entity.points.filter((p) => p.month <= month);
      const high = Math.max(...upTo.map((p) => p.price));
      const now = upTo.at(-1);
      return now && high > 0 ? now.price / high : null;
    },
  },
  {
    name: 'Turnover (volume / market cap)',
    score: (entity, month) => {
      const p = entity.points.find((q) => q.month === month);
      return p && p.marketCap > 0 ? p.volume / p.marketCap : null;
    },
  },
];

/** Deterministic pseudo-random numbers (mulberry32): the same intervals on every run. */
function seeded(seed: number) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Bootstrap weights: whole entities and whole time blocks of rating months drawn with replacement;
 * a row's weight is its entity's draws times its block's draws.
 */
function bootstrapWeights(
  rows: readonly { entity: number; month: number }[],
  replicates: number,
  seed: number,
) {
  const random = seeded(seed);
  const entities = [...new Set(rows.map((r) => r.entity))];
  const firstMonth = Math.min(...rows.map((r) => r.month));
  const blockOf = (month: number) => Math.floor((month - firstMonth) / TIME_BLOCK_MONTHS);
  const blocks = [...new Set(rows.map((r) => blockOf(r.month)))];
  return Array.from({ length: replicates }, () => {
    const entityDraws = new Map<number, number>();
    for (let i = 0; i < entities.length; i++) {
      const e = entities[Math.floor(random() * entities.length)]!;
      entityDraws.set(e, (entityDraws.get(e) ?? 0) + 1);
    }
    const blockDraws = new Map<number, number>();
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[Math.floor(random() * blocks.length)]!;
      blockDraws.set(b, (blockDraws.get(b) ?? 0) + 1);
    }
    return rows.map((r) => (entityDraws.get(r.entity) ?? 0) * (blockDraws.get(blockOf(r.month)) ?? 0));
  });
}

type Sample = StudyFigures['samples'][number];

const RATED_BANDS: BacktestBand[] = ['Likely Safe', 'Potential', 'Not Safe'];
const BAND_ORDER: Record<BacktestBand, number> = {
  'Not Safe': 0,
  Potential: 1,
  'Likely Safe': 2,
  'Not rated': -1,
};
export const studyScore = (band: BacktestBand, total: number) => BAND_ORDER[band] * 1000 + total;

const inSample = (sample: Sample['sample'], day: string) =>
  sample === 'holdout' ? day >= HOLDOUT_FROM : day >= DEVELOPMENT_FROM && day < HOLDOUT_FROM;

/** One sample at one horizon: the rating's cohort AR, its bands and the baselines, with intervals. */
export function evaluateSample(
  input: StudyInput,
  sample: Sample['sample'],
  days: number,
  options: { dropOutsSurvive?: boolean; replicates?: number } = {},
): Sample {
  const { months, entities, failures } = input;
  const replicates = options.replicates ?? BOOTSTRAP_REPLICATES;
  const rows = cohortRows(input).filter((r) => r.band !== 'Not rated' && inSample(sample, months[r.month]!));
  const outcomes = rows.map((r) => rowOutcome(r, entities[r.entity]!, failures[r.entity], months, days));
  const censored = outcomes.filter((o) => o.status === 'censored').length;
  const kept: { row: StudyRow; failed: boolean; event?: EntityEvent }[] = [];
  outcomes.forEach((o, i) => {
    if (o.status === 'failed') kept.push({ row: rows[i]!, failed: true, event: o.event });
    else if (o.status === 'survived' || (o.status === 'censored' && options.dropOutsSurvive))
      kept.push({ row: rows[i]!, failed: false });
  });
  const weights = bootstrapWeights(
    kept.map((k) => k.row),
    replicates,
    days * 7 + (sample === 'holdout' ? 1 : 0),
  );
  const arWithInterval = (score: (row: StudyRow) => number | null) => {
    const indexOf = kept.flatMap((k, i) => (score(k.row) === null ? [] : [i]));
    const ratioOf = cohortAccuracyRatio(
      indexOf.map((i) => ({
        stratum: kept[i]!.row.month,
        score: score(kept[i]!.row)!,
        failed: kept[i]!.failed,
      })),
    );
    const ratio = ratioOf();
    const draws = weights.map((w) => ratioOf(indexOf.map((i) => w[i]!)));
    return { cohortAccuracyRatio: ratio === null ? null : round4(ratio), ci95: bootstrapInterval(draws) };
  };
  const failed = kept.filter((k) => k.failed);
  // The assets the methodology could not rate, beside the bands: their fate on the same days.
  const unrated = cohortRows(input)
    .filter((r) => r.band === 'Not rated' && inSample(sample, months[r.month]!))
    .map((r) => rowOutcome(r, entities[r.entity]!, failures[r.entity], months, days));
  const unratedObservable = unrated.filter((o) => o.status === 'failed' || o.status === 'survived').length;
  const unratedFailures = unrated.filter((o) => o.status === 'failed').length;
  const bands = RATED_BANDS.map((band) => {
    const inBand = kept.flatMap((k, i) => (k.row.band === band ? [i] : []));
    const failuresInBand = inBand.filter((i) => kept[i]!.failed).length;
    const draws = weights.map((w) => {
      let n = 0;
      let f = 0;
      for (const i of inBand) {
        n += w[i]!;
        if (kept[i]!.failed) f += w[i]!;
      }
      return n > 0 ? f / n : null;
    });
    return {
      band,
      observable: inBand.length,
      failures: failuresInBand,
      rate: inBand.length ? round4(failuresInBand / inBand.length) : null,
      ci95: bootstrapInterval(draws),
    };
  });
  bands.push({
    band: 'Not rated',
    observable: unratedObservable,
    failures: unratedFailures,
    rate: unratedObservable ? round4(unratedFailures / unratedObservable) : null,
    ci95: null,
  });
  return {
    sample,
    days,
    ...arWithInterval((row) => row.score),
    ratings: kept.length,
    failures: failed.length,
    distinctEvents: new Set(failed.map((k) => `${k.event!.kind}|${k.event!.date}|${k.event!.url}`)).size,
    distinctAssets: new Set(failed.map((k) => k.row.entity)).size,
    censored,
    bands,
    baselines: BASELINES.map((b) => ({
      name: b.name,
      ...arWithInterval((row) => b.score(entities[row.entity]!, row.month, months)),
    })),
  };
}

/** Cumulative failure rates by band at 1, 2 and 3 years, with the marginal rate of each year. */
export function cohortTable(input: StudyInput, sample: Sample['sample']) {
  const rows = cohortRows(input).filter(
    (r) => r.band !== 'Not rated' && inSample(sample, input.months[r.month]!),
  );
  return RATED_BANDS.map((band) => ({
    band,
    years: COHORT_YEARS.map((years) => {
      const inBand = rows.filter((r) => r.band === band);
      const at = (y: number) =>
        inBand.map((r) =>
          rowOutcome(r, input.entities[r.entity]!, input.failures[r.entity], input.months, y * 365),
        );
      const now = at(years);
      const observable = now.filter((o) => o.status === 'failed' || o.status === 'survived').length;
      const failures = now.filter((o) => o.status === 'failed').length;
      // Marginal: of the ratings that survived the years before and are observed through this one.
      const before = years > 1 ? at(years - 1) : inBand.map(() => ({ status: 'survived' }) as RowOutcome);
      const atRisk = now.filter(
        (o, i) => before[i]!.status === 'survived' && (o.status === 'failed' || o.status === 'survived'),
      );
      const marginalFailures = atRisk.filter((o) => o.status === 'failed').length;
      return {
        years,
        observable,
        failures,
        cumulativeRate: observable ? round4(failures / observable) : null,
        atRisk: atRisk.length,
        marginalRate: atRisk.length ? round4(marginalFailures / atRisk.length) : null,
      };
    }),
  }));
}

/** Band a year after each rating: the same band, another, failed, or no longer rated. */
export function yearlyTransitions(input: StudyInput) {
  const to = [...RATED_BANDS, 'Failed', 'Not rated a year on'] as const;
  const counts = RATED_BANDS.map(() => to.map(() => 0));
  const byKey = new Map(input.rows.map((r) => [`${r.entity}|${r.month}`, r]));
  for (const r of cohortRows(input)) {
    const from = RATED_BANDS.indexOf(r.band);
    if (from < 0 || r.month + WINDOW_MONTHS >= input.months.length) continue;
    const outcome = rowOutcome(r, input.entities[r.entity]!, input.failures[r.entity], input.months, 365);
    const next = byKey.get(`${r.entity}|${r.month + WINDOW_MONTHS}`);
    const column =
      outcome.status === 'failed'
        ? 3
        : next && RATED_BANDS.includes(next.band)
          ? RATED_BANDS.indexOf(next.band)
          : 4;
    counts[from]![column]! += 1;
  }
  return { from: RATED_BANDS, to: [...to], counts };
}
