import { RISK_BAND_NAMES, RISK_LEVELS } from './methodology';
import { COVERAGE_KINDS, REPORT_STATUSES, sourceSchema } from './reports';
import { assetIdSchema } from './watchlist';
import { z } from './zod';

// The versioned API for programs and agents (/api/v1, decision 0282). These shapes are a
// promise: fields are added, never renamed or removed, within v1.

export const API_V1_MESSAGES = {
  idempotencyKeyRequired:
    'Send an Idempotency-Key header (a unique string per purchase, up to 255 characters) so a retry never buys twice.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a purchase of another asset.',
  noCredits: 'No API credits left. Buy a credit pack on your account page, or pay per call.',
  reportNotFound: "The report you're looking for doesn't exist or you don't have access to it.",
  transactionUsed: 'This signed transaction has already paid for a purchase.',
  transactionRefused: 'The Cardano network refused the transaction:',
} as const;

export const IDEMPOTENCY_KEY_MAX = 255;

const exampleRating = {
  reportId: 42,
  assetId: 'cardano',
  assetName: 'Cardano',
  status: 'completed',
  version: 2,
  total: 51.5,
  band: 'Potential',
  bandName: 'Potential Risk',
  percentile: 62,
  categories: [
    {
      key: 'marketCap',
      name: 'Market cap',
      score: 4,
      evidenceKind: 'snapshot',
      sources: [{ title: 'CoinGecko market data', url: 'https://www.coingecko.com/en/coins/cardano' }],
    },
  ],
  keyRisks: [
    { categoryKey: 'holders', category: 'Holder concentration', score: 2, text: 'Top wallets hold…' },
  ],
  dataAsOf: '2026-08-21',
  completedAt: '2026-11-20T10:00:00.000Z',
  methodologyVersion: '2026.11-3',
};

export const ratingCategorySchema = z.object({
  key: z.string(),
  name: z.string(),
  /** 1 to 5; null while research runs and for a category without evidence (not counted in the total). */
  score: z
    .number()
    .nullable()
    .describe(
      '1 to 5; null while research runs and for a category without evidence (not counted in the total).',
    ),
  /** Where the evidence came from: live sources, the dated datasets, or none found. */
  evidenceKind: z.enum(COVERAGE_KINDS).nullable(),
  sources: z.array(sourceSchema),
});

/** A report as a stable rating object. */
export const ratingSchema = z
  .object({
    reportId: z.number(),
    assetId: z.string().nullable(),
    assetName: z.string(),
    status: z.enum(REPORT_STATUSES),
    /** 1 for the asset's first completed report, then 2, 3…; null until completed. */
    version: z.number().nullable(),
    /** Total on the 77-point scale; null when Not rated or not completed. */
    total: z.number().nullable(),
    /**
     * The risk band as the spec's riskLevel value (Likely Safe, Potential, Not Safe); null when Not
     * rated or not completed. The value "Potential" is the band the spec names "Potential Risk".
     */
    band: z
      .enum(RISK_LEVELS)
      .nullable()
      .describe(
        'The risk band as the spec\'s riskLevel value (Likely Safe, Potential, Not Safe); null when Not rated or not completed. "Potential" is the band named "Potential Risk" (see bandName).',
      ),
    /** The band's name as the page and the PDF print it ("Potential Risk"); null with band. */
    bandName: z
      .enum(RISK_BAND_NAMES)
      .nullable()
      .describe("The band's name as the page and the PDF print it: Likely Safe, Potential Risk or Not Safe."),
    /** Share (0–100) of rated peers of the same kind with a lower total; null without peers or rating. */
    percentile: z.number().nullable(),
    categories: z.array(ratingCategorySchema),
    keyRisks: z.array(
      z.object({ categoryKey: z.string(), category: z.string(), score: z.number(), text: z.string() }),
    ),
    /** ISO date of the oldest time-sensitive evidence (decision 0257); null until completed. */
    dataAsOf: z.string().nullable(),
    completedAt: z.string().nullable(),
    methodologyVersion: z.string().nullable(),
  })
  .meta({ examples: [exampleRating] });
export type Rating = z.infer<typeof ratingSchema>;

export const buyReportRequestSchema = z
  .object({ assetId: assetIdSchema })
  .meta({ examples: [{ assetId: 'cardano' }] });

export const apiPurchaseSchema = z
  .object({
    purchaseId: z.number(),
    reportId: z.number().nullable(),
    assetId: z.string().nullable(),
    assetName: z.string(),
    status: z.string(),
    paidWith: z.enum(['credits', 'x402']),
    createdAt: z.string(),
    /** Credits left after this purchase (as of this answer). */
    creditsLeft: z.number(),
  })
  .meta({
    examples: [
      {
        purchaseId: 7,
        reportId: 42,
        assetId: 'cardano',
        assetName: 'Cardano',
        status: 'completed',
        paidWith: 'credits',
        createdAt: '2026-11-26T03:00:00.000Z',
        creditsLeft: 9,
      },
    ],
  });
export type ApiPurchase = z.infer<typeof apiPurchaseSchema>;

export const trackRecordResponseSchema = z
  .object({
    computedAt: z.string(),
    publicReports: z.number(),
    incidentList: z.object({ dataset: z.string(), compiled: z.string(), incidents: z.number() }),
    outcomes: z.array(
      z.object({
        riskLevel: z.enum(RISK_LEVELS),
        reports: z.number(),
        observable: z.number(),
        withIncident: z.number(),
        incidents: z.number(),
      }),
    ),
    distribution: z.array(
      z.object({
        methodologyVersion: z.string(),
        reports: z.number(),
        byBand: z.record(z.string(), z.number()),
      }),
    ),
    laterVersions: z.object({ pairs: z.number(), bandChanged: z.number() }),
  })
  .meta({ description: 'What happened to assets after their public reports, by band (see /track-record).' });
