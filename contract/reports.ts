import { z } from 'zod';
import { RISK_LEVELS } from './methodology';

// Shapes of reports as the client reads them (spec §3 "Report response", "Progress entry",
// "My-reports list item", "Public-reports list item").

export const REPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Where a fact came from: a URL or a named dataset, and when it was retrieved. */
export const sourceSchema = z.object({
  title: z.string(),
  url: z.string().optional(),
  dataset: z.string().optional(),
  retrievedAt: z.string(),
});
export type Source = z.infer<typeof sourceSchema>;

/** What an agent stores in research_progress.research_data. */
export const agentResearchDataSchema = z.object({
  findings: z.string(),
  analysis: z.string(),
  sources: z.array(sourceSchema),
  /** Set when the writer or a rule moved the score, with its reason. */
  scoreNote: z.string().optional(),
});
export type AgentResearchData = z.infer<typeof agentResearchDataSchema>;

export const progressEntrySchema = z.object({
  id: z.number(),
  agent_name: z.string(),
  category_key: z.string(),
  score: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  research_findings: z.string().nullable(),
  detailed_analysis: z.string().nullable(),
  sources: z.array(sourceSchema),
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
  methodology_version: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

export const reportResponseSchema = z.object({
  report: reportSummarySchema,
  progressData: z.array(progressEntrySchema),
  /** Paragraphs separated by blank lines; the first is the executive summary. */
  reportContent: z.string(),
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
  composite_score: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** The caller already has access: shown as owned, not for sale again. */
  owned: z.boolean(),
});
export type PublicReportItem = z.infer<typeof publicReportItemSchema>;

export const newReportAssetNameSchema = z
  .string()
  .trim()
  .min(1, 'Asset name is required')
  .max(100, 'Asset name must be at most 100 characters');
export const researchRequestSchema = z.object({ asset_name: newReportAssetNameSchema });
