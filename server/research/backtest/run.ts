import {
  BACKTEST_BANDS,
  BACKTEST_HORIZONS,
  type Backtest,
  type BacktestFailure,
  type BacktestFailureEvent,
} from '../../../contract/backtest';
import { CATEGORIES, METHODOLOGY_VERSION } from '../../../contract/methodology';
import { citedSources, scoreOf } from '../assessment';
import { PUBLIC_DATA } from '../sources/snapshot-data';
import {
  type AsOfRating,
  type BacktestBand,
  type BacktestData,
  type BacktestIdentity,
  evidenceOn,
  identitiesOf,
  marketAsOf,
  rateAsOf,
} from './as-of';
import { studyEntities } from './entities';
import { addDays } from './outcomes';
import { accuracyProfile, rankOrderBreaks, round4, thinProfile, wilson } from './statistics';
import {
  cohortRows,
  cohortTable,
  type EntityEvent,
  entityEvents,
  evaluateSample,
  HOLDOUT_FROM,
  loadStudyDefaults,
  OUTCOME_TYPES,
  rowOutcome,
  STUDY_HORIZONS,
  type StudyInput,
  type StudyRow,
  studyScore,
  yearlyTransitions,
} from './study';

// The back-test (issue 34, decision 0290): every monthly snapshot day, every asset the snapshot
// lists, rated by the current methodology on the facts dated by then; then what followed.

/** One stored rating, compact: the artefact holds about 14,000 of them. */
export interface StoredRating {
  /** Index into the artefact's identities. */
  asset: number;
  /** Index into the artefact's months (the as-of day). */
  month: number;
  total: number;
  band: BacktestBand;
  /** The twelve category scores in methodology order, as digits ("543312111115"). */
  scores: string;
  /** The categories with evidence, as methodology keys. */
  withEvidence: string[];
  knockout?: string;
}

export interface BacktestRun {
  methodologyVersion: string;
  months: string[];
  identities: BacktestIdentity[];
  ratings: StoredRating[];
}

/** Ratings of every identity the snapshot of `months[month]` lists, from the facts known that day. */
export function rateMonth(
  data: BacktestData,
  month: number,
  identities: readonly BacktestIdentity[] = identitiesOf(data.market),
  firstListed: readonly (string | undefined)[] = firstListedOf(data, identities, month),
): { identity: BacktestIdentity; index: number; rating: AsOfRating }[] {
  const asOf = data.market.cmcMonthly.months[month]!;
  const evidenceOf = evidenceOn(data, asOf);
  const listed = new Set(
    data.market.cmcMonthly.assets.flatMap((a) =>
      a.points.some((p) => p[0] === month) ? [a.id ?? a.key] : [],
    ),
  );
  const out = [];
  for (const [index, identity] of identities.entries()) {
    if (!listed.has(identity.id)) continue;
    out.push({ identity, index, rating: rateAsOf(evidenceOf(identity, firstListed[index]), asOf) });
  }
  return out;
}

/**
 * Each identity's first listing under any of its names as the files show them on `months[month]`
 * (renames joined from the files up to that day only, decision 0350): CoinMarketCap's first day,
 * else its first snapshot.
 */
export function firstListedOf(data: BacktestData, identities: readonly BacktestIdentity[], month: number) {
  const byMonth = firstListedOnce.get(data) ?? new Map<number, Map<string, string | undefined>>();
  firstListedOnce.set(data, byMonth);
  let byId = byMonth.get(month);
  if (!byId) {
    const { months } = data.market.cmcMonthly;
    const asOfMarket = marketAsOf(data.market, months[month]!);
    const own = identitiesOf(asOfMarket);
    const { entities, entityOfIdentity } = studyEntities(asOfMarket, own);
    byId = new Map(
      own.map((identity, i) => {
        const entity = entities[entityOfIdentity[i]!]!;
        return [identity.id, entity.firstListed ?? months[entity.points[0]!.month]];
      }),
    );
    byMonth.set(month, byId);
  }
  return identities.map((identity) => byId.get(identity.id));
}
const firstListedOnce = new WeakMap<BacktestData, Map<number, Map<string, string | undefined>>>();

const stored = (asset: number, month: number, rating: AsOfRating): StoredRating => {
  const knockout = CATEGORIES.map((c) => {
    const category = rating.categories[c.key];
    return category.status === 'scored' ? category.knockout : undefined;
  }).find(Boolean);
  return {
    asset,
    month,
    total: rating.scores.totalScore,
    band: rating.band,
    scores: CATEGORIES.map((c) => rating.scores[c.key]).join(''),
    withEvidence: rating.withEvidence,
    ...(knockout ? { knockout: `${knockout.kind} ${knockout.date}` } : {}),
  };
};

export function runBacktest(data: BacktestData): BacktestRun {
  const identities = identitiesOf(data.market);
  const months = data.market.cmcMonthly.months;
  const ratings: StoredRating[] = [];
  for (let month = 0; month < months.length; month++)
    for (const { index, rating } of rateMonth(data, month, identities))
      ratings.push(stored(index, month, rating));
  return { methodologyVersion: METHODOLOGY_VERSION, months, identities, ratings };
}

const BAND_ORDER: Record<BacktestBand, number> = {
  'Not Safe': 0,
  Potential: 1,
  'Likely Safe': 2,
  'Not rated': -1,
};
const RATED_BANDS = BACKTEST_BANDS.filter((b) => b !== 'Not rated');

/** The evidence behind one rating, as a reader checks it: per category, score, facts and sources. */
export function evidenceOfRating(
  data: BacktestData,
  identity: BacktestIdentity,
  asOf: string,
  firstListed?: string,
) {
  const rating = rateAsOf(evidenceOn(data, asOf)(identity, firstListed), asOf);
  return {
    rating,
    categories: CATEGORIES.filter((c) => rating.withEvidence.includes(c.key)).map((c) => {
      const assessment = rating.categories[c.key];
      return {
        key: c.key,
        name: c.name,
        score: scoreOf(assessment),
        facts: assessment.facts,
        sources: [...new Map(citedSources(assessment).map((s) => [s.url ?? s.title, s])).values()]
          .slice(0, 4)
          .map((s) => ({ title: s.title, url: s.url ?? null })),
      };
    }),
  };
}

/** Where every evaluation of the study is appended, dated (issue 43). */
export const VARIANTS_LOG = 'docs/research/variants-log.md';

/**
 * The study's input: the run's identities joined into assets, their events from the data in the
 * repository, each asset's one failure (its first event after its first rating) and the rows.
 */
export function studyInputOf(data: BacktestData, run: BacktestRun) {
  const { months, identities, ratings } = run;
  const { entities, entityOfIdentity } = studyEntities(data.market, identities);
  const marketTotal = months.map(() => 0);
  for (const asset of data.market.cmcMonthly.assets) for (const p of asset.points) marketTotal[p[0]]! += p[3];
  const defaults = loadStudyDefaults();
  const events = entities.map((e) => entityEvents(data, e, defaults, marketTotal));
  const firstRated = entities.map(() => Number.POSITIVE_INFINITY);
  for (const r of ratings) {
    const e = entityOfIdentity[r.asset]!;
    firstRated[e] = Math.min(firstRated[e]!, r.month);
  }
  const failures: (EntityEvent | undefined)[] = events.map((list, e) =>
    Number.isFinite(firstRated[e]) ? list.find((ev) => ev.date > months[firstRated[e]!]!) : undefined,
  );
  // One row per asset and month: where two listings of one asset overlap, the larger's rating.
  const rowsByKey = new Map<string, { row: StudyRow; cap: number }>();
  for (const r of ratings) {
    const entity = entityOfIdentity[r.asset]!;
    const cap = data.market.cmcMonthly.assets[r.asset]!.points.find((p) => p[0] === r.month)?.[3] ?? 0;
    const key = `${entity}|${r.month}`;
    const seen = rowsByKey.get(key);
    if (!seen || cap > seen.cap)
      rowsByKey.set(key, {
        row: { entity, month: r.month, band: r.band, score: studyScore(r.band, r.total) },
        cap,
      });
  }
  const rows = [...rowsByKey.values()].map((v) => v.row);
  return { months, entities, entityOfIdentity, events, failures, rows };
}

/** The study's figures and tables, from its input. */
export function studyOf(input: StudyInput) {
  const samples = (['development', 'holdout'] as const).flatMap((sample) =>
    STUDY_HORIZONS.map((days) => evaluateSample(input, sample, days)),
  );
  // The assets that failed after at least one rating, by the type of their one failure.
  const failedEntities = new Set(
    cohortRows(input).flatMap((r) => (input.failures[r.entity] ? [r.entity] : [])),
  );
  return {
    holdoutFrom: HOLDOUT_FROM,
    samples,
    outcomeTypes: OUTCOME_TYPES.map((t) => ({
      ...t,
      failures: [...failedEntities].filter((e) => input.failures[e]!.kind === t.type).length,
    })),
    variantsLog: VARIANTS_LOG,
    entities: new Set(input.rows.map((r) => r.entity)).size,
    dropOutsAsSurvivors: (['development', 'holdout'] as const).flatMap((sample) =>
      STUDY_HORIZONS.map((days) => ({
        sample,
        days,
        cohortAccuracyRatio: evaluateSample(input, sample, days, { dropOutsSurvive: true, replicates: 0 })
          .cohortAccuracyRatio,
      })),
    ),
    cohorts: (['development', 'holdout'] as const).map((sample) => ({
      sample,
      bands: cohortTable(input, sample),
    })),
    transitions: yearlyTransitions(input),
  };
}

/** The cases issue 34 names, looked up by identity in the failure list. */
const NAMED_CASES = [
  { name: 'Terra (LUNA, now LUNC) before May 2022', id: 'terra-luna', before: '2022-05-01' },
  { name: 'FTX Token before November 2022', id: 'ftx-token', before: '2022-11-01' },
  { name: 'Celsius before July 2022', id: 'celsius-degree-token', before: '2022-07-01' },
  { name: 'Voyager Token before July 2022', id: 'cmc:Voyager Token|VGX', before: '2022-07-01' },
  { name: 'TerraUSD (UST) before its peg broke in May 2022', id: 'terrausd', before: '2022-05-01' },
];

/**
 * The summary, and for each stored rating the index in `summary.failures` of the first failure
 * within 365 days after it (-1 for none): an asset's report lists its own ratings with what
 * followed each (decision 0293).
 */
export function summarizeRun(
  data: BacktestData,
  run: BacktestRun,
): { summary: Backtest; failureOfRating: number[] } {
  const { months, identities, ratings } = run;
  const newest = months.at(-1)!;
  const study = studyInputOf(data, run);
  const entityOfRating = ratings.map((r) => study.entityOfIdentity[r.asset]!);
  // Per rating and horizon: the asset's one failure within it, null when it was seen alive at
  // the horizon's end; undefined when censored, not yet over, or rated after its failure.
  const outcome = (r: StoredRating, i: number, days: number): BacktestFailureEvent | null | undefined => {
    const entity = entityOfRating[i]!;
    const failure = study.failures[entity];
    if (failure && failure.date <= months[r.month]!) return undefined;
    const o = rowOutcome(
      { entity, month: r.month, band: r.band, score: 0 },
      study.entities[entity]!,
      failure,
      months,
      days,
    );
    return o.status === 'failed' ? o.event : o.status === 'survived' ? null : undefined;
  };
  const outcomes = ratings.map((r, i) => BACKTEST_HORIZONS.map((days) => outcome(r, i, days)));

  const bands = BACKTEST_BANDS.map((band) => {
    const inBand = ratings.flatMap((r, i) => (r.band === band ? [i] : []));
    return {
      band,
      ratings: inBand.length,
      horizons: BACKTEST_HORIZONS.map((days, h) => {
        const observed = inBand.filter((i) => outcomes[i]![h] !== undefined);
        const failures = observed.filter((i) => outcomes[i]![h] !== null).length;
        const interval = wilson(failures, observed.length);
        return {
          days,
          observable: observed.length,
          failures,
          rate: interval ? round4(interval.rate) : null,
          low: interval ? round4(interval.low) : null,
          high: interval ? round4(interval.high) : null,
        };
      }),
    };
  });
  const rankOrder = BACKTEST_HORIZONS.map((days, h) => {
    const breaks = rankOrderBreaks(
      RATED_BANDS.map((band) => {
        const row = bands.find((b) => b.band === band)!.horizons[h]!;
        return { band, failures: row.failures, observable: row.observable };
      }),
    );
    return { days, holds: breaks.length === 0, breaks };
  });
  const accuracy = BACKTEST_HORIZONS.map((days, h) => {
    const items = ratings.flatMap((r, i) =>
      r.band !== 'Not rated' && outcomes[i]![h] !== undefined
        ? [{ score: BAND_ORDER[r.band] * 1000 + r.total, failed: outcomes[i]![h] !== null }]
        : [],
    );
    const { cap, ratio } = accuracyProfile(items);
    return {
      days,
      rated: items.length,
      failures: items.filter((i) => i.failed).length,
      ratio: ratio === null ? null : round4(ratio),
      cap: thinProfile(cap),
    };
  });

  // Month to month: the band of an identity in one snapshot against the next.
  const to = [...BACKTEST_BANDS, 'Not in the next snapshot'];
  const counts = BACKTEST_BANDS.map(() => to.map(() => 0));
  const byKey = new Map(ratings.map((r) => [`${r.asset}|${r.month}`, r]));
  for (const r of ratings) {
    if (r.month === months.length - 1) continue;
    const next = byKey.get(`${r.asset}|${r.month + 1}`);
    counts[BACKTEST_BANDS.indexOf(r.band)]![next ? BACKTEST_BANDS.indexOf(next.band) : to.length - 1]! += 1;
  }

  // The failure list: each asset's one failure, with its last rating before it.
  const lastRatingBefore = new Map<number, StoredRating>();
  ratings.forEach((r, i) => {
    const entity = entityOfRating[i]!;
    const failure = study.failures[entity];
    if (!failure || months[r.month]! >= failure.date) return;
    const seen = lastRatingBefore.get(entity);
    if (!seen || seen.month < r.month) lastRatingBefore.set(entity, r);
  });
  const listed = [...lastRatingBefore.entries()].sort(
    ([a, ra], [b, rb]) =>
      study.failures[a]!.date.localeCompare(study.failures[b]!.date) || ra.asset - rb.asset,
  );
  const indexOfEntity = new Map(listed.map(([entity], index) => [entity, index]));
  const failureOfRating = ratings.map((r, i) => {
    const entity = entityOfRating[i]!;
    const failure = study.failures[entity];
    const index = indexOfEntity.get(entity);
    if (!failure || index === undefined) return -1;
    const day = months[r.month]!;
    return failure.date > day && failure.date <= addDays(day, 365) ? index : -1;
  });
  const failures: BacktestFailure[] = listed.map(([entity, rating]) => {
    const identity = identities[rating.asset]!;
    const asOf = months[rating.month]!;
    const { categories } = evidenceOfRating(
      data,
      identity,
      asOf,
      firstListedOf(data, [identity], rating.month)[0],
    );
    return {
      assetId: study.entities[entity]!.id,
      assetName: study.entities[entity]!.name,
      symbols: [...new Set(study.entities[entity]!.members.flatMap((m) => identities[m]!.symbols))],
      event: study.failures[entity]!,
      before: {
        asOf,
        band: rating.band,
        total: rating.total,
        categoriesWithEvidence: rating.withEvidence.length,
        categories,
      },
    };
  });

  // Why a named case is not a failure: the months it is missing from, the next dated record.
  const gapAfter = (id: string, day: string) => {
    const entity = study.entities[study.entityOfIdentity[identities.findIndex((i) => i.id === id)]!];
    const listed = new Set((entity?.points ?? []).map((p) => p.month));
    const from = months.findIndex((m, i) => m > day && !listed.has(i));
    if (from < 0) return 'the snapshots list it every month after';
    const back = months.findIndex((_m, i) => i > from && listed.has(i));
    return `the snapshots do not list it from ${months[from]} ${back < 0 ? 'on' : `until ${months[back]}`}`;
  };
  const nextRecorded = (identity: BacktestIdentity, day: string) => {
    const next = study.events[study.entityOfIdentity[identities.indexOf(identity)]!]!.find(
      (e) => e.date > day,
    );
    return next ? `${next.description}, ${next.date}` : 'none';
  };
  const namedCases = NAMED_CASES.map((c) => {
    const identity = identities.find((i) => i.id === c.id);
    if (!identity)
      return {
        name: c.name,
        found: false,
        note: 'Absent from the market snapshots: not rated by the back-test.',
      };
    // The last rating on or before the day, and the first failure after the day.
    const hit = failures
      .filter(
        (f) =>
          study.entities[study.entityOfIdentity[identities.indexOf(identity)]!]!.id === f.assetId &&
          f.before.asOf <= c.before &&
          f.event.date >= c.before,
      )
      .sort(
        (a, b) => a.event.date.localeCompare(b.event.date) || b.before.asOf.localeCompare(a.before.asOf),
      )[0];
    return hit
      ? {
          name: c.name,
          found: true,
          failure: hit,
          note: `Rated ${hit.before.band} (${hit.before.total} of 77, ${hit.before.categoriesWithEvidence} categories with evidence) on ${hit.before.asOf}; then ${hit.event.kind} on ${hit.event.date}.`,
        }
      : {
          name: c.name,
          found: false,
          note: `Rated up to ${c.before}, but no failure the outcome rules detect within 365 days: ${gapAfter(c.id, c.before)}; the next recorded event is ${nextRecorded(identity, c.before)}.`,
        };
  });

  const { cmcMonthly } = data.market;
  const summary: Backtest = {
    study: studyOf(study),
    kind: 'back-test',
    notice:
      'A back-test: these ratings were computed now, with the current methodology, on the historical data dated on or before each day. None was published at the time.',
    firstAsOf: months[0]!,
    lastAsOf: newest,
    months: months.length,
    assets: new Set(ratings.map((r) => r.asset)).size,
    data: [
      {
        name: `${cmcMonthly.publisher} monthly top-200 snapshots ${months[0]} to ${newest}`,
        url: cmcMonthly.dataset.url,
        note: `as copied in ${cmcMonthly.dataset.name} at commit ${cmcMonthly.dataset.version.slice(0, 7)}; no license declared: facts only`,
      },
      {
        name: 'DeFiHackLabs exploit list, the curated incident list, auditors’ published reports',
        url: PUBLIC_DATA.hacks.dataset.url,
        note: 'each dated record used only from its date',
      },
    ],
    versions: [
      {
        methodologyVersion: run.methodologyVersion,
        ratings: ratings.length,
        bands,
        rankOrder,
        accuracy,
        transitions: { from: [...BACKTEST_BANDS], to, counts },
      },
    ],
    failures,
    namedCases,
  };
  return { summary, failureOfRating };
}
