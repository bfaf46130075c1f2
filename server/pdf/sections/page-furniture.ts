import type { ReportCanvas } from './canvas';
import { COLORS, CONTENT_WIDTH, MARGIN, PAGE } from './layout';

// Drawn last, once the page count is known: the cover's contents list with page numbers, and
// the header and 'Page X of Y' footer on every page.

/** The short disclaimer on every page: true of a report the rules wrote and of one a model wrote. */
const FOOTER_DISCLAIMER =
  'Informational and educational only. Not financial advice. Automated research has limits; use at your own risk.';

/** The contents list on the cover, at the place the cover left for it. */
export function drawContentsList(canvas: ReportCanvas, contentsListY: number): void {
  const { doc, contents } = canvas;
  const range = doc.bufferedPageRange();
  doc.switchToPage(range.start);
  let y = contentsListY;
  for (const entry of contents) {
    doc
      .font('Body')
      .fontSize(10)
      .fillColor(COLORS.ink)
      .text(entry.title, MARGIN.left, y, {
        width: CONTENT_WIDTH - 40,
        lineBreak: false,
      });
    doc.text(String(entry.page - range.start + 1), MARGIN.left + CONTENT_WIDTH - 40, y, {
      width: 40,
      align: 'right',
      lineBreak: false,
    });
    y += 16;
  }
}

/** The asset and app name above, the short disclaimer and page number below, on every page. */
export function drawHeadersAndFooters(
  canvas: ReportCanvas,
  { asset, appName, dataAge }: { asset: string; appName: string; dataAge: string | null },
) {
  const { doc, drawable } = canvas;
  const range = doc.bufferedPageRange();
  const pageCount = range.count;
  for (let i = 0; i < pageCount; i += 1) {
    doc.switchToPage(range.start + i);
    const page = doc.page;
    const savedBottom = page.margins.bottom;
    page.margins.bottom = 0;
    doc
      .font('Bold')
      .fontSize(8.5)
      .fillColor(COLORS.ink)
      .text(asset, MARGIN.left, 34, {
        width: CONTENT_WIDTH * 0.6,
        lineBreak: false,
        ellipsis: true,
      });
    doc
      .font('Body')
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(`${drawable(appName)} research report`, MARGIN.left + CONTENT_WIDTH * 0.6, 34, {
        width: CONTENT_WIDTH * 0.4,
        align: 'right',
        lineBreak: false,
      });
    doc
      .moveTo(MARGIN.left, 50)
      .lineTo(MARGIN.left + CONTENT_WIDTH, 50)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();

    const footerY = PAGE.height - 46;
    doc
      .moveTo(MARGIN.left, footerY - 8)
      .lineTo(MARGIN.left + CONTENT_WIDTH, footerY - 8)
      .stroke();
    const pageLabel = `Page ${i + 1} of ${pageCount}`;
    doc
      .font('Body')
      .fontSize(7)
      .fillColor(COLORS.muted)
      .text(FOOTER_DISCLAIMER, MARGIN.left, footerY, {
        width: CONTENT_WIDTH - 70,
        lineBreak: false,
        ellipsis: true,
      });
    if (dataAge) {
      doc
        .font('Body')
        .fontSize(7)
        .fillColor(COLORS.muted)
        .text(dataAge, MARGIN.left, footerY + 10, { width: CONTENT_WIDTH - 70, lineBreak: false });
    }
    doc
      .font('Bold')
      .fontSize(8)
      .fillColor(COLORS.ink)
      .text(pageLabel, MARGIN.left + CONTENT_WIDTH - 70, footerY - 0.5, {
        width: 70,
        align: 'right',
        lineBreak: false,
      });
    page.margins.bottom = savedBottom;
  }
}
