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
  rateAsOf,
} from './as-of';
import { addDays, firstFailure, type PricePoint, recordedEvents } from './outcomes';
import { accuracyProfile, rankOrderBreaks, round4, thinProfile, wilson } from './statistics';

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
    out.push({ identity, index, rating: rateAsOf(evidenceOf(identity), asOf) });
  }
  return out;
}

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
export function evidenceOfRating(data: BacktestData, identity: BacktestIdentity, asOf: string) {
  const rating = rateAsOf(evidenceOn(data, asOf)(identity), asOf);
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

/** The cases issue 34 names, looked up by identity in the failure list. */
const NAMED_CASES = [
  { name: 'Terra (LUNA, now LUNC) before May 2022', id: 'terra-luna', before: '2022-05-01' },
  { name: 'FTX Token before November 2022', id: 'ftx-token', before: '2022-11-01' },
  { name: 'Celsius before June 2022', id: 'celsius-degree-token', before: '2022-06-01' },
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
  const pointsOf = new Map<string, PricePoint[]>(
    data.market.cmcMonthly.assets.map((a) => [
      a.id ?? a.key,
      a.points.map((p) => ({ month: p[0], price: p[2] })),
    ]),
  );
  const recorded = identities.map((identity) => recordedEvents(data, identity));
  // Per rating and horizon: the first failure, or null; undefined when the horizon is not over.
  const outcome = (r: StoredRating, days: number): BacktestFailureEvent | null | undefined => {
    if (addDays(months[r.month]!, days) > newest) return undefined;
    const identity = identities[r.asset]!;
    return firstFailure(data, identity, recorded[r.asset]!, pointsOf.get(identity.id) ?? [], r.month, days);
  };
  const outcomes = ratings.map((r) => BACKTEST_HORIZONS.map((days) => outcome(r, days)));

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

  // The failure list: each failure event at 365 days once, with the last rating before it.
  const events = new Map<string, { rating: StoredRating; event: BacktestFailureEvent }>();
  const eventKeyOfRating: (string | null)[] = ratings.map((r, i) => {
    const event =
      outcomes[i]![2] ??
      firstFailure(
        data,
        identities[r.asset]!,
        recorded[r.asset]!,
        pointsOf.get(identities[r.asset]!.id) ?? [],
        r.month,
        365,
      );
    if (!event) return null;
    const key = `${r.asset}|${event.date}|${event.kind}`;
    const seen = events.get(key);
    if (!seen || seen.rating.month < r.month) events.set(key, { rating: r, event });
    return key;
  });
  const listed = [...events.entries()].sort(
    ([, a], [, b]) => a.event.date.localeCompare(b.event.date) || a.rating.asset - b.rating.asset,
  );
  const indexOfKey = new Map(listed.map(([key], index) => [key, index]));
  const failureOfRating = eventKeyOfRating.map((key) => (key === null ? -1 : indexOfKey.get(key)!));
  const failures: BacktestFailure[] = listed
    .map(([, entry]) => entry)
    .map(({ rating, event }) => {
      const identity = identities[rating.asset]!;
      const asOf = months[rating.month]!;
      const { categories } = evidenceOfRating(data, identity, asOf);
      return {
        assetId: identity.id,
        assetName: identity.name,
        symbols: identity.symbols,
        event,
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
    const listed = new Set((pointsOf.get(id) ?? []).map((p) => p.month));
    const from = months.findIndex((m, i) => m > day && !listed.has(i));
    if (from < 0) return 'the snapshots list it every month after';
    const back = months.findIndex((_m, i) => i > from && listed.has(i));
    return `the snapshots do not list it from ${months[from]} ${back < 0 ? 'on' : `until ${months[back]}`}`;
  };
  const nextRecorded = (identity: BacktestIdentity, day: string) => {
    const next = recorded[identities.indexOf(identity)]!.find((e) => e.date > day);
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
      .filter((f) => f.assetId === c.id && f.before.asOf <= c.before && f.event.date >= c.before)
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
