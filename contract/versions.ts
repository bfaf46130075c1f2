import { MAX_ID } from './http';
import { RISK_LEVELS } from './methodology';
import { z } from './zod';

// A report series: every completed report on one resolved asset, numbered by completion order.
// Each version keeps its own date, data date, methodology version and scores.

export const reportVersionSchema = z.object({
  id: z.number(),
  /** 1 for the asset's first completed report, then 2, 3… by completion time. */
  version: z.number(),
  completedAt: z.string(),
  /**
   * The data date: the oldest date of the evidence (a dataset's own date, a live retrieval date),
   * the same as the report's "Data as of" line; null when no source held evidence.
   */
  dataAsOf: z.string().nullable(),
  /** Total on the 77-point scale; null when the version is Not rated. */
  compositeScore: z.number().nullable(),
  riskLevel: z.enum(RISK_LEVELS).nullable(),
  methodologyVersion: z.string().nullable(),
  /** The caller has bought this version. */
  owned: z.boolean(),
});
export type ReportVersion = z.infer<typeof reportVersionSchema>;

export const reportVersionsResponseSchema = z.object({
  assetId: z.string().nullable(),
  /** Newest first. */
  versions: z.array(reportVersionSchema),
});
export type ReportVersionsResponse = z.infer<typeof reportVersionsResponseSchema>;

export const CHANGES_MESSAGES = {
  sinceNotInSeries: 'The version to compare with must be an earlier report on the same asset.',
  noEarlierVersion: 'This report is the first version of its asset: there is nothing to compare with.',
} as const;

export const reportChangesQuerySchema = z.object({
  /** The earlier version to compare with; the previous version when absent. */
  since: z.coerce
    .number({ message: CHANGES_MESSAGES.sinceNotInSeries })
    .int(CHANGES_MESSAGES.sinceNotInSeries)
    .positive(CHANGES_MESSAGES.sinceNotInSeries)
    .max(MAX_ID, CHANGES_MESSAGES.sinceNotInSeries)
    .optional(),
});

const factChangeSchema = z.object({ before: z.string(), after: z.string() });

export const categoryChangeSchema = z.object({
  key: z.string(),
  name: z.string(),
  before: z.number(),
  after: z.number(),
  /**
   * The earlier evidence scored under the newer rules; null when the rules did not change or the
   * earlier report's evidence was not kept.
   */
  rescored: z.number().nullable(),
  /** rescored - before: what the rules alone moved (null without a rescore). */
  ruleChange: z.number().nullable(),
  /** after - rescored (or after - before when the rules did not change): what the evidence moved. */
  evidenceChange: z.number().nullable(),
  factCounts: z.object({ appeared: z.number(), changed: z.number(), disappeared: z.number() }),
  /** The facts themselves: only for a caller who owns the newer version (null otherwise). */
  facts: z
    .object({
      appeared: z.array(z.string()),
      changed: z.array(factChangeSchema),
      disappeared: z.array(z.string()),
    })
    .nullable(),
});
export type CategoryChange = z.infer<typeof categoryChangeSchema>;

export const CHANGE_ACCESS = ['full', 'summary'] as const;

export const reportChangesResponseSchema = z.object({
  reportId: z.number(),
  version: z.number(),
  sinceReportId: z.number(),
  sinceVersion: z.number(),
  /** full: the caller owns the newer version; summary: an older one (scores, no facts). */
  access: z.enum(CHANGE_ACCESS),
  methodology: z.object({
    before: z.string().nullable(),
    after: z.string().nullable(),
    changed: z.boolean(),
    /** Whether the rule-driven change could be told apart from the evidence change. */
    separated: z.boolean(),
    /** Why it could not, in words; null when it could or nothing needed separating. */
    note: z.string().nullable(),
  }),
  total: z.object({
    before: z.number(),
    after: z.number(),
    /** The earlier evidence's total under the newer rules (null without a rescore). */
    rescored: z.number().nullable(),
  }),
  riskLevel: z.object({
    before: z.enum(RISK_LEVELS).nullable(),
    after: z.enum(RISK_LEVELS).nullable(),
    changed: z.boolean(),
  }),
  /** One sentence: the verdict before and after. */
  verdict: z.string(),
  categories: z.array(categoryChangeSchema),
});
export type ReportChangesResponse = z.infer<typeof reportChangesResponseSchema>;

/** The section heading, the same on the report page and in the PDF. */
export const CHANGES_HEADING = 'Changes since the previous version';
export const HISTORY_HEADING = 'Score history';
