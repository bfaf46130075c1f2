import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { reportPdfs, researchProgress, researchReports } from '../db/schema';

// The PDF's reads and writes: the report and its agent rows it is drawn from, and the stored
// file (one row per report in report_pdfs).

/** The report fields the PDF is drawn from, with what its sections are built from. */
export async function findReportForPdf(db: DbExecutor, reportId: number) {
  const [report] = await db
    .select({
      id: researchReports.id,
      assetName: researchReports.assetName,
      assetId: researchReports.assetId,
      status: researchReports.status,
      compositeScore: researchReports.compositeScore,
      scores: researchReports.scores,
      reportContent: researchReports.reportContent,
      methodologyVersion: researchReports.methodologyVersion,
      createdAt: researchReports.createdAt,
      completedAt: researchReports.completedAt,
      assetKind: researchReports.assetKind,
      researchData: researchReports.researchData,
    })
    .from(researchReports)
    .where(eq(researchReports.id, reportId));
  return report;
}

/** The report's agent rows, in the order they were created. */
export async function listCategoryProgressForPdf(db: DbExecutor, reportId: number) {
  return db
    .select({
      categoryKey: researchProgress.categoryKey,
      agentName: researchProgress.agentName,
      status: researchProgress.status,
      score: researchProgress.score,
      researchData: researchProgress.researchData,
      completedAt: researchProgress.completedAt,
    })
    .from(researchProgress)
    .where(eq(researchProgress.reportId, reportId))
    .orderBy(asc(researchProgress.id));
}

export interface PdfFileValues {
  pdf: Buffer;
  sha256: string;
  sizeBytes: number;
  methodologyVersion: string;
  renderedAt: Date;
}

/** Stores the report's file, replacing an older one. */
export async function saveReportPdf(db: DbExecutor, reportId: number, values: PdfFileValues): Promise<void> {
  await db
    .insert(reportPdfs)
    .values({ reportId, ...values })
    .onConflictDoUpdate({ target: reportPdfs.reportId, set: values });
}

/** The stored bytes with this hash, or null if the file was replaced or removed meanwhile. */
export async function readStoredPdf(
  db: DbExecutor,
  reportId: number,
  sha256: string,
): Promise<Buffer | null> {
  const [row] = await db
    .select({ pdf: reportPdfs.pdf })
    .from(reportPdfs)
    .where(and(eq(reportPdfs.reportId, reportId), eq(reportPdfs.sha256, sha256)));
  return row?.pdf ?? null;
}

/** A report's status with its stored file's metadata (never the bytes), in one query. */
export async function findReportWithPdfMetadata(db: DbExecutor, reportId: number) {
  const [row] = await pdfMetadataQuery(db).execute({ reportId });
  return row;
}

// Read on every download, so prepared once (decision 0390).
const pdfMetadataQuery = preparedQuery((db) =>
  db
    .select({
      assetName: researchReports.assetName,
      status: researchReports.status,
      methodologyVersion: researchReports.methodologyVersion,
      completedAt: researchReports.completedAt,
      sha256: reportPdfs.sha256,
      sizeBytes: reportPdfs.sizeBytes,
      pdfMethodologyVersion: reportPdfs.methodologyVersion,
      renderedAt: reportPdfs.renderedAt,
    })
    .from(researchReports)
    .leftJoin(reportPdfs, eq(reportPdfs.reportId, researchReports.id))
    .where(eq(researchReports.id, sql.placeholder('reportId')))
    .prepare('report_pdf_metadata'),
);
