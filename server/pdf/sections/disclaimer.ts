import { FINANCIAL_DISCLAIMER } from '../../../contract/constants';
import type { ReportDocument } from '../document';
import type { ReportCanvas } from './canvas';
import { COLORS, CONTENT_WIDTH, MARGIN } from './layout';

/** The full disclaimer, in a shaded box kept on one page. */
export function drawDisclaimer(canvas: ReportCanvas, report: ReportDocument, appName: string): void {
  const { doc, ensureSpace } = canvas;
  const disclaimer = [
    FINANCIAL_DISCLAIMER,
    // Who wrote it, as the cover says (decision 0344): the rules, or a model.
    `${report.sections?.writer === 'rules' ? 'This report was written by the published rules, with no AI model,' : 'This report was produced with AI assistance'} from public data available at the retrieval times shown; it may be incomplete, and markets change quickly. ` +
      `Scores follow methodology ${report.methodologyVersion} and express a structured research opinion, not a recommendation to buy, sell or hold any asset. ` +
      `${appName} accepts no liability for decisions made on the basis of this report.`,
  ];
  doc.font('Body').fontSize(9);
  const disclaimerHeight =
    disclaimer.reduce(
      (sum, text) => sum + doc.heightOfString(text, { width: CONTENT_WIDTH - 32, lineGap: 2 }) + 8,
      0,
    ) + 48;
  ensureSpace(disclaimerHeight + 24);
  doc.moveDown(1);
  const boxY = doc.y;
  doc.roundedRect(MARGIN.left, boxY, CONTENT_WIDTH, disclaimerHeight, 8).fill(COLORS.zebra);
  doc
    .font('Bold')
    .fontSize(11)
    .fillColor(COLORS.ink)
    .text('Disclaimer', MARGIN.left + 16, boxY + 16);
  doc.moveDown(0.4);
  for (const text of disclaimer) {
    doc
      .font('Body')
      .fontSize(9)
      .fillColor(COLORS.ink)
      .text(text, MARGIN.left + 16, doc.y, {
        width: CONTENT_WIDTH - 32,
        lineGap: 2,
        paragraphGap: 8,
      });
  }
}
