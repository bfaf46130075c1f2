import { NOT_RATED_LABEL, RISK_LEVEL_LABELS } from '../../contract/methodology';
import type { ReportDocument } from './document';
import { startPdfDocument } from './pdf-document';
import { drawBacktest } from './sections/backtest';
import { createCanvas } from './sections/canvas';
import { drawCategories } from './sections/categories';
import { drawCompleteReport } from './sections/complete-report';
import { drawCover, reportDataAge } from './sections/cover';
import { drawDisclaimer } from './sections/disclaimer';
import { MARGIN } from './sections/layout';
import { drawContentsList, drawHeadersAndFooters } from './sections/page-furniture';
import { drawReportSections } from './sections/report-sections';
import { drawScoreOverview } from './sections/score-overview';
import { drawSeries } from './sections/series';
import { drawSources } from './sections/sources';
import { drawSummary } from './sections/summary';

// The research report as a PDF: pdfkit draws vectors and text directly (no browser), with an
// embedded Unicode font. Each section is drawn by its own module in sections/, in the report
// page's order. Pages are buffered so the header, 'Page X of Y' footer and the cover's
// contents page numbers are drawn once the page count is known.

export interface RenderOptions {
  appName: string;
  /** When the file is made: PDF metadata only (the cover shows the report's own date). */
  renderedAt?: Date;
}

/** Renders the report to PDF bytes. Pure: the same model and options give the same pages. */
export function renderReportPdf(report: ReportDocument, options: RenderOptions): Promise<Buffer> {
  const renderedAt = options.renderedAt ?? new Date();

  const { doc, drawable, bytes } = startPdfDocument({
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    info: {
      // Metadata strings are stored as UTF-16 and shown with the viewer's fonts: keep the real name.
      Title: `${report.assetName} Research Report`,
      Author: options.appName,
      Subject: `${options.appName} research report on ${report.assetName}: ${report.total !== null && report.risk ? `${report.total.toFixed(2)}/77, ${RISK_LEVEL_LABELS[report.risk]}` : NOT_RATED_LABEL}`,
      Keywords: `${report.assetName}, crypto research, risk assessment, methodology ${report.methodologyVersion}`,
      Creator: options.appName,
      CreationDate: renderedAt,
      ModDate: renderedAt,
    },
  });

  const canvas = createCanvas(doc, drawable);
  const { contentsListY } = drawCover(canvas, report, options.appName);
  drawScoreOverview(canvas, report);
  drawSummary(canvas, report);
  drawReportSections(canvas, report);
  drawSeries(canvas, report);
  drawBacktest(canvas, report);
  drawCategories(canvas, report);
  drawCompleteReport(canvas, report);
  drawSources(canvas, report);
  drawDisclaimer(canvas, report, options.appName);
  drawContentsList(canvas, contentsListY);
  drawHeadersAndFooters(canvas, {
    asset: drawable(report.assetName),
    appName: options.appName,
    dataAge: reportDataAge(report),
  });
  doc.end();
  return bytes;
}
