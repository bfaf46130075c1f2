import { datedChartSchema } from './charts';
import { MAX_ID } from './http';
import { RISK_LEVELS } from './methodology';
import { requiredField, z } from './zod';

// Shapes of reports as the client reads them (spec §3 "Report response", "Progress entry",
// "My-reports list item", "Public-reports list item").

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
});
export type Source = z.infer<typeof sourceSchema>;

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

/** The buyer-first sections of a report (absent on reports researched before them). */
export const reportSectionsSchema = z.object({
  /** Prose: verdict, strongest and weakest categories with their facts, data coverage. */
  summary: z.string(),
  /** Who wrote the summary and key risks. */
  writer: z.enum(['rules', 'llm']),
  keyRisks: z.array(keyRiskSchema),
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
      /** The dated datasets behind the category's offline evidence (absent on older reports). */
      datasets: z.array(datasetRefSchema).optional(),
    }),
  ),
  /** ISO date of the oldest evidence in the report; absent on older reports. */
  dataAsOf: z.string().nullable().optional(),
  peers: z.object({
    /** "Layer 1", "Token on Ethereum"…, null when the kind is unknown. */
    kindLabel: z.string().nullable(),
    /** Share of the other completed reports this total beats (0-100), null without peers. */
    percentileAll: z.number().nullable(),
    comparedAll: z.number(),
    percentileKind: z.number().nullable(),
    comparedKind: z.number(),
  }),
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
export function describeDataset(dataset: DatasetRef): string {
  const version = dataset.version ? ` @ ${dataset.version.slice(0, 12)}` : '';
  const license = dataset.license ? `, license: ${dataset.license}` : '';
  return `${dataset.name}${version}${license}`;
}

/** The peer comparison in words, the same on the page, in the text and in the PDF. */
export function describePeers(peers: ReportSections['peers']): string {
  const all =
    peers.percentileAll === null
      ? 'It is the first completed report, so there are no peers to compare with yet.'
      : `The total is higher than ${peers.percentileAll}% of the ${peers.comparedAll} other completed report${peers.comparedAll === 1 ? '' : 's'}.`;
  const kind = !peers.kindLabel
    ? 'The kind of asset is unknown, so there is no comparison with similar assets.'
    : peers.percentileKind === null
      ? `No other completed report covers an asset of the same kind (${peers.kindLabel}).`
      : `Among the ${peers.comparedKind} other report${peers.comparedKind === 1 ? '' : 's'} on assets of the same kind (${peers.kindLabel}), it is higher than ${peers.percentileKind}%.`;
  return `${all} ${kind}`;
}

/** The section headings, the same on the report page, in the text and in the PDF. */
export const REPORT_HEADINGS = {
  summary: 'Executive summary',
  keyRisks: 'Key risks',
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
  score: z.string().nullable(),
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
  /** Total on the 77-point scale, as a numeric string ("0.00" until scored). */
  composite_score: z.string(),
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

export const PURCHASE_TYPES = ['new_report', 'existing_report'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];
export const PURCHASE_TYPE_LABELS: Record<PurchaseType, string> = {
  new_report: 'New Report',
  existing_report: 'Existing Report',
};

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
  purchaseType: z.enum(PURCHASE_TYPES),
  amount: z.string(),
  paymentMethod: z.enum(['card', 'cardano']),
  /** A plain sentence on what happens next: a refund, or research that failed. Null otherwise. */
  note: z.string().nullable(),
});
export type MyReportItem = z.infer<typeof myReportItemSchema>;

export const publicReportItemSchema = z.object({
  id: z.number(),
  asset_name: z.string(),
  /** False when no source knows the name: listed with the label "unverified name". */
  name_verified: z.boolean(),
  composite_score: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** The caller already has access: shown as owned, not for sale again. */
  owned: z.boolean(),
  /** The resolved asset (for the Watch button); null for an asset the sources do not know. */
  asset_id: z.string().nullable().optional(),
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
 * A report id that arrives with a purchase. Spec §3: the purchase data's `reportId` is 0 when
 * there is none, so 0 (and null or blank) mean "no report"; anything else must be a valid id.
 */
export const optionalReportIdSchema = z.preprocess(
  (value) => (value === 0 || value === '0' || value === '' || value === null ? undefined : value),
  z.coerce.number().int().positive().max(MAX_ID).optional(),
);
