import { createHash } from 'node:crypto';
import { METHODOLOGY_VERSION } from '../../contract/methodology';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { loadReportDocument } from './document';
import { findReportWithPdfMetadata, saveReportPdf } from './repository';

// A report's PDF is rendered once and stored with its size and SHA-256. It is rendered again
// only when it is missing, when the report was scored under another methodology version than
// the stored file shows, or when the report was completed again after the file was made.

export interface StoredPdf {
  pdf: Buffer;
  sha256: string;
  sizeBytes: number;
  methodologyVersion: string;
  renderedAt: Date;
}

export interface PdfFreshness {
  /** The stored file's methodology version and render time; null when there is none. */
  stored: { methodologyVersion: string; renderedAt: Date } | null;
  report: { methodologyVersion: string; completedAt: Date | null };
}

export function pdfIsStale({ stored, report }: PdfFreshness): boolean {
  if (!stored) return true;
  if (stored.methodologyVersion !== report.methodologyVersion) return true;
  return report.completedAt !== null && report.completedAt > stored.renderedAt;
}

interface StoreContext {
  db: Database;
  config: Pick<Config, 'APP_NAME'>;
}

/** Renders a completed report and stores it (replacing an older file); null if not completed. */
export async function renderAndStorePdf(ctx: StoreContext, reportId: number): Promise<StoredPdf | null> {
  const document = await loadReportDocument(ctx.db, reportId);
  if (document?.status !== 'completed') return null;
  const renderedAt = new Date();
  // Loaded on the first render: pdfkit and fontkit are the slowest modules to load, and a
  // start (web processes never render unless a stored PDF is missing) should not wait for them.
  const { renderReportPdf } = await import('./render');
  const pdf = await renderReportPdf(document, { appName: ctx.config.APP_NAME, renderedAt });
  const stored: StoredPdf = {
    pdf,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    sizeBytes: pdf.length,
    methodologyVersion: document.methodologyVersion,
    renderedAt,
  };
  await saveReportPdf(ctx.db, reportId, {
    pdf,
    sha256: stored.sha256,
    sizeBytes: stored.sizeBytes,
    methodologyVersion: stored.methodologyVersion,
    renderedAt,
  });
  return stored;
}

const inFlight = new Map<number, Promise<StoredPdf | null>>();

/** renderAndStorePdf, shared by concurrent callers in this process (one render per report at a time). */
export function renderAndStorePdfOnce(ctx: StoreContext, reportId: number): Promise<StoredPdf | null> {
  const running = inFlight.get(reportId);
  if (running) return running;
  const render = renderAndStorePdf(ctx, reportId).finally(() => inFlight.delete(reportId));
  inFlight.set(reportId, render);
  return render;
}

export interface ReportPdfState {
  reportId: number;
  assetName: string;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  methodologyVersion: string;
  completedAt: Date | null;
  stored: { sha256: string; sizeBytes: number; methodologyVersion: string; renderedAt: Date } | null;
}

/** A report's status and its stored PDF's metadata (never the bytes), in one query. */
export async function loadReportPdfState(db: Database, reportId: number): Promise<ReportPdfState | null> {
  const row = await findReportWithPdfMetadata(db, reportId);
  if (!row) return null;
  return {
    reportId,
    assetName: row.assetName,
    status: row.status,
    methodologyVersion: row.methodologyVersion ?? METHODOLOGY_VERSION,
    completedAt: row.completedAt,
    stored:
      row.sha256 && row.sizeBytes !== null && row.pdfMethodologyVersion && row.renderedAt
        ? {
            sha256: row.sha256,
            sizeBytes: row.sizeBytes,
            methodologyVersion: row.pdfMethodologyVersion,
            renderedAt: row.renderedAt,
          }
        : null,
  };
}

export const stateIsStale = (state: ReportPdfState) => pdfIsStale({ stored: state.stored, report: state });

export type EnsureOutcome = 'rendered' | 'up-to-date' | 'not-completed';

/** The job's work: make sure a completed report has a current stored PDF. */
export async function ensureReportPdf(ctx: StoreContext, reportId: number): Promise<EnsureOutcome> {
  const state = await loadReportPdfState(ctx.db, reportId);
  if (state?.status !== 'completed') return 'not-completed';
  if (!stateIsStale(state)) return 'up-to-date';
  return (await renderAndStorePdfOnce(ctx, reportId)) ? 'rendered' : 'not-completed';
}
