import { REPORT_HEADINGS } from '../../../contract/reports';
import type { ReportDocument } from '../document';
import type { ReportCanvas } from './canvas';

/** The executive summary: the written summary, else the report text's first paragraph. */
export function drawSummary(canvas: ReportCanvas, report: ReportDocument): void {
  const { doc, section, body } = canvas;
  section(REPORT_HEADINGS.summary, { newPage: true });
  body(report.sections?.summary ?? report.paragraphs[0] ?? 'No summary was written for this report.', 11);
  doc.moveDown(1);
}
