import { REPORT_HEADINGS } from '../../../contract/reports';
import type { ReportDocument } from '../document';
import type { ReportCanvas } from './canvas';

/** The numbered sources, each with its link or dataset and retrieval time. */
export function drawSources(canvas: ReportCanvas, report: ReportDocument): void {
  const { section, body, sourceLine } = canvas;
  // A report with sections has no complete-report page before this one, so its sources start a page.
  section(REPORT_HEADINGS.sources, { newPage: !!report.sections });
  if (report.sources.length === 0) body('No sources were recorded.');
  for (const source of report.sources) sourceLine(source, 9);
}
