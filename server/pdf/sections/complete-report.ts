import type { ReportDocument } from '../document';
import type { ReportCanvas } from './canvas';

/**
 * The complete report text, for reports researched before the summary sections existed;
 * reports with sections already show all of their text above, and skip it.
 */
export function drawCompleteReport(canvas: ReportCanvas, report: ReportDocument): void {
  if (report.sections) return;
  const { section, body } = canvas;
  section('Complete research report', { newPage: true });
  if (report.paragraphs.length === 0) body('No report text was written.');
  for (const paragraph of report.paragraphs) body(paragraph, 10);
}
