import { NOT_RATED_LABEL, RISK_LEVEL_LABELS } from './methodology';
import { z } from './zod';

// The back-test (issue 34, decision 0290): every month's market snapshot rated now, with the
// current methodology, on the facts dated by then; and what happened to each asset afterwards.
// Ratings computed now on historical data, never published at the time.

export const BACKTEST_HORIZONS = [90, 180, 365] as const;
export const BACKTEST_BANDS = ['Likely Safe', 'Potential', 'Not Safe', 'Not rated'] as const;
export type BacktestBand = (typeof BACKTEST_BANDS)[number];

/** A back-tested band as every page prints a risk level: "Potential Risk", never the stored "Potential". */
export const backtestBandLabel = (band: BacktestBand): string =>
  band === 'Not rated' ? NOT_RATED_LABEL : RISK_LEVEL_LABELS[band];

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The default study's outcome types (issue 43, decision 0351), defined before any result. */
export const STUDY_OUTCOME_KINDS = [
  'default',
  'depeg',
  'exploit',
  'terminal death',
  'market-relative collapse',
] as const;

const ci95Schema = z.tuple([z.number(), z.number()]).nullable();

/** The default study's figures (issue 43): as contract/backtest-figures.json carries them. */
export const studySchema = z.object({
  /** The first rating day of the hold-out; the development sample is 2020-01 to the month before. */
  holdoutFrom: isoDay,
  samples: z.array(
    z.object({
      sample: z.enum(['development', 'holdout']),
      days: z.number().int(),
      /** Accuracy ratio within each rating month, pooled over the months' pairs; -1 to 1, 0 is chance. */
      cohortAccuracyRatio: z.number().nullable(),
      ci95: ci95Schema,
      /** Ratings observed to the horizon (failed, or seen alive at its end). */
      ratings: z.number().int(),
      failures: z.number().int(),
      distinctEvents: z.number().int(),
      distinctAssets: z.number().int(),
      /** Ratings of assets that left the files before the horizon with no record of their fate. */
      censored: z.number().int(),
      bands: z.array(
        z.object({
          band: z.enum(BACKTEST_BANDS),
          observable: z.number().int(),
          failures: z.number().int(),
          rate: z.number().nullable(),
          ci95: ci95Schema,
        }),
      ),
      baselines: z.array(
        z.object({ name: z.string(), cohortAccuracyRatio: z.number().nullable(), ci95: ci95Schema }),
      ),
    }),
  ),
  outcomeTypes: z.array(
    z.object({ type: z.enum(STUDY_OUTCOME_KINDS), definition: z.string(), failures: z.number().int() }),
  ),
  /** The dated log of every evaluation, in the repository. */
  variantsLog: z.string(),
});
export type StudyFigures = z.infer<typeof studySchema>;

/** The study as the track-record page shows it: the figures and the tables behind them. */
const studyDetailSchema = studySchema.extend({
  /** Assets after joining renames and redenominations, and the listings joined. */
  entities: z.number().int(),
  /** The same samples with drop-outs counted as survivors, as the old study did: for comparison. */
  dropOutsAsSurvivors: z.array(
    z.object({ sample: z.string(), days: z.number().int(), cohortAccuracyRatio: z.number().nullable() }),
  ),
  cohorts: z.array(
    z.object({
      sample: z.enum(['development', 'holdout']),
      bands: z.array(
        z.object({
          band: z.enum(BACKTEST_BANDS),
          years: z.array(
            z.object({
              years: z.number().int(),
              observable: z.number().int(),
              failures: z.number().int(),
              cumulativeRate: z.number().nullable(),
              atRisk: z.number().int(),
              marginalRate: z.number().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
  transitions: z.object({
    from: z.array(z.enum(BACKTEST_BANDS)),
    to: z.array(z.string()),
    counts: z.array(z.array(z.number().int())),
  }),
});

const horizonOutcomeSchema = z.object({
  days: z.number().int(),
  /** Ratings whose whole horizon lies before the newest snapshot. */
  observable: z.number().int(),
  failures: z.number().int(),
  /** Failure rate and its Wilson 95% interval; null when nothing is observable. */
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});

const bandRowSchema = z.object({
  band: z.enum(BACKTEST_BANDS),
  ratings: z.number().int(),
  horizons: z.array(horizonOutcomeSchema),
});

const rankOrderSchema = z.object({
  days: z.number().int(),
  holds: z.boolean(),
  /** Each place a better band failed more often than a worse one, in words. */
  breaks: z.array(z.string()),
});

const accuracySchema = z.object({
  days: z.number().int(),
  rated: z.number().int(),
  failures: z.number().int(),
  /** Accuracy ratio (Gini) of the cumulative accuracy profile; null without failures. */
  ratio: z.number().nullable(),
  /** The profile: share of ratings (riskiest first) against share of failures caught. */
  cap: z.array(z.tuple([z.number(), z.number()])),
});

const failureEventSchema = z.object({
  date: isoDay,
  kind: z.enum(STUDY_OUTCOME_KINDS),
  description: z.string(),
  url: z.string(),
});

const categoryEvidenceSchema = z.object({
  key: z.string(),
  name: z.string(),
  score: z.number(),
  facts: z.array(z.string()),
  sources: z.array(z.object({ title: z.string(), url: z.string().nullable() })),
});

const failureSchema = z.object({
  assetId: z.string(),
  assetName: z.string(),
  symbols: z.array(z.string()),
  event: failureEventSchema,
  /** The last rating before the event, with the evidence used on that day. */
  before: z.object({
    asOf: isoDay,
    band: z.enum(BACKTEST_BANDS),
    total: z.number(),
    categoriesWithEvidence: z.number().int(),
    categories: z.array(categoryEvidenceSchema),
  }),
});

export const backtestSchema = z.object({
  kind: z.literal('back-test'),
  notice: z.string(),
  firstAsOf: isoDay,
  lastAsOf: isoDay,
  months: z.number().int(),
  assets: z.number().int(),
  data: z.array(z.object({ name: z.string(), url: z.string(), note: z.string() })),
  versions: z.array(
    z.object({
      methodologyVersion: z.string(),
      ratings: z.number().int(),
      bands: z.array(bandRowSchema),
      rankOrder: z.array(rankOrderSchema),
      accuracy: z.array(accuracySchema),
      transitions: z.object({
        from: z.array(z.enum(BACKTEST_BANDS)),
        to: z.array(z.string()),
        counts: z.array(z.array(z.number().int())),
      }),
    }),
  ),
  /** The default study (issue 43). */
  study: studyDetailSchema,
  /** Each asset's first failure only, with its last rating before it. */
  failures: z.array(failureSchema),
  /** The cases the issue names, found in the failure list or said plainly to be absent. */
  namedCases: z.array(
    z.object({ name: z.string(), found: z.boolean(), note: z.string(), failure: failureSchema.optional() }),
  ),
});
export type Backtest = z.infer<typeof backtestSchema>;
export type BacktestFailure = z.infer<typeof failureSchema>;
export type BacktestFailureEvent = z.infer<typeof failureEventSchema>;

export const trackRecordResponseSchema = z.object({
  backtest: backtestSchema.nullable(),
  prospective: z.object({
    computedAt: z.string(),
    publicReports: z.number().int(),
    incidentList: z.object({ dataset: z.string(), compiled: z.string(), incidents: z.number().int() }),
    outcomes: z.array(
      z.object({
        riskLevel: z.string(),
        reports: z.number().int(),
        observable: z.number().int(),
        withIncident: z.number().int(),
        incidents: z.number().int(),
      }),
    ),
  }),
});

/**
 * One asset's back-tested ratings (decision 0293): what the current methodology says of it on
 * each monthly snapshot day, from the facts dated by then, and what followed. Not the report's
 * own history: none of these ratings was published at the time.
 */
const assetBacktestRatingSchema = z.object({
  asOf: isoDay,
  band: z.enum(BACKTEST_BANDS),
  total: z.number(),
  categoriesWithEvidence: z.number().int(),
  /** Index in `failures` of the first failure within 365 days; null for none. */
  failure: z.number().int().nullable(),
  /** Whether the 365 days after `asOf` are over by the newest snapshot. */
  yearObserved: z.boolean(),
});

export const assetBacktestResponseSchema = z.object({
  assetId: z.string(),
  /** Null where the back-test has not been built on this server. */
  backtest: z
    .object({
      notice: z.string(),
      methodologyVersion: z.string(),
      firstAsOf: isoDay,
      lastAsOf: isoDay,
      /** The hold-out's figures in a buyer's words (issue 43); null when the study has none. */
      holdout: z.string().nullable(),
    })
    .nullable(),
  /** Null where no monthly snapshot lists the asset. */
  history: z
    .object({
      name: z.string(),
      symbols: z.array(z.string()),
      ratings: z.array(assetBacktestRatingSchema),
      /** Each failure once, with the last rating before it. */
      failures: z.array(
        z.object({
          event: failureEventSchema,
          before: z.object({ asOf: isoDay, band: z.enum(BACKTEST_BANDS), total: z.number() }),
        }),
      ),
    })
    .nullable(),
});
export type AssetBacktestResponse = z.infer<typeof assetBacktestResponseSchema>;

/** An asset id as the catalogue and the back-test spell it ("bitcoin", "cmc:Name|SYM"). */
export const assetBacktestParamsSchema = z.object({
  assetId: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w:|.\- ]+$/, 'An asset id is letters, digits and - _ . : | only.'),
});

type BacktestRating = z.infer<typeof assetBacktestRatingSchema>;

/** The first of the month after `day` ("2022-05-01" → "2022-06-01"). */
const nextMonth = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * Consecutive months with one band, so the history reads in a few lines (page and PDF); a month
 * the snapshots skip ends a period, so no period spans months without a rating.
 */
export function backtestBandPeriods(ratings: readonly Pick<BacktestRating, 'asOf' | 'band'>[]) {
  const periods: { band: BacktestRating['band']; from: string; to: string; months: number }[] = [];
  for (const r of ratings) {
    const last = periods.at(-1);
    if (last && last.band === r.band && nextMonth(last.to) === r.asOf) {
      last.to = r.asOf;
      last.months += 1;
    } else periods.push({ band: r.band, from: r.asOf, to: r.asOf, months: 1 });
  }
  return periods;
}
