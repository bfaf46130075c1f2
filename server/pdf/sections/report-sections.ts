import { REPORT_HEADINGS } from '../../../contract/reports';
import { sectionParagraphs } from '../../research/report-text';
import type { ReportDocument } from '../document';
import type { ReportCanvas } from './canvas';

/**
 * Key risks, what would change the score, data coverage and peer comparison, in the report
 * page's order: one heading and a bullet per line each. The lines are those of the text report
 * (research/report-text.ts), so both say the same. Reports researched before these sections
 * have none.
 */
export function drawReportSections(canvas: ReportCanvas, report: ReportDocument): void {
  const { doc, section, ensureSpace, body } = canvas;
  // The arithmetic is printed under the score overview's table, beside the figures it adds.
  const parts = report.sections ? sectionParagraphs(report.sections) : [];
  for (const part of parts.filter((p) => p.heading !== REPORT_HEADINGS.arithmetic)) {
    section(part.heading, { newPage: false });
    for (const line of part.lines) {
      ensureSpace(30);
      body(`•  ${line}`, 10);
    }
    doc.moveDown(0.8);
  }
}
