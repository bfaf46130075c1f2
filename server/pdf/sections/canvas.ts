import { sourceDateText } from '../../../contract/reports';
import { type NumberedSource, splitParagraphs } from '../document';
import { BOTTOM, COLORS, CONTENT_WIDTH, MARGIN, type Tone } from './layout';

// The drawing helpers the sections share: headings (which also fill the contents list), labels,
// body text, pills and source lines, on one buffered pdfkit document.

export interface ContentsEntry {
  title: string;
  /** The buffered page index the section starts on. */
  page: number;
}

export interface ReportCanvas {
  doc: PDFKit.PDFDocument;
  /** The text with any character the embedded font lacks replaced (see fonts.ts). */
  drawable(text: string): string;
  /** Every section heading drawn so far, for the cover's contents list. */
  contents: ContentsEntry[];
  /** Starts a new page when less than this height is left above the bottom margin. */
  ensureSpace(height: number): void;
  /** A section heading with its rule; listed in the contents and the PDF outline. */
  section(title: string, placement: { newPage: boolean }): void;
  label(text: string): void;
  body(text: string, size?: number): void;
  /** A rounded label at (x, y); returns its width. */
  pill(text: string, x: number, y: number, tone: Tone, size?: number): number;
  /** One numbered source: title, link or dataset, retrieval time. */
  sourceLine(source: NumberedSource, size: number): void;
  /** A rule across the content width at the current line. */
  fullWidthRule(lineWidth: number, color: string): void;
}

export function createCanvas(doc: PDFKit.PDFDocument, drawable: (text: string) => string): ReportCanvas {
  const contents: ContentsEntry[] = [];
  const pageIndex = () => doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;

  const ensureSpace = (height: number) => {
    if (doc.y + height > BOTTOM) doc.addPage();
  };

  const section = (title: string, { newPage }: { newPage: boolean }) => {
    if (newPage) doc.addPage();
    else ensureSpace(120);
    contents.push({ title, page: pageIndex() });
    doc.outline.addItem(title);
    doc.font('Bold').fontSize(18).fillColor(COLORS.accent).text(title, MARGIN.left, doc.y, {
      width: CONTENT_WIDTH,
      structType: 'H2',
    });
    const ruleY = doc.y + 4;
    doc
      .moveTo(MARGIN.left, ruleY)
      .lineTo(MARGIN.left + 48, ruleY)
      .lineWidth(2)
      .strokeColor(COLORS.accent)
      .stroke();
    doc.y = ruleY + 14;
  };

  const fullWidthRule = (lineWidth: number, color: string) => {
    doc
      .moveTo(MARGIN.left, doc.y)
      .lineTo(MARGIN.left + CONTENT_WIDTH, doc.y)
      .lineWidth(lineWidth)
      .strokeColor(color)
      .stroke();
  };

  const label = (text: string) => {
    ensureSpace(40);
    doc.font('Bold').fontSize(8.5).fillColor(COLORS.accent).text(text.toUpperCase(), MARGIN.left, doc.y, {
      width: CONTENT_WIDTH,
      characterSpacing: 0.6,
    });
    doc.moveDown(0.3);
  };

  const body = (text: string, size = 10) => {
    doc.font('Body').fontSize(size).fillColor(COLORS.ink);
    for (const paragraph of splitParagraphs(text)) {
      doc.text(drawable(paragraph), MARGIN.left, doc.y, {
        width: CONTENT_WIDTH,
        lineGap: 2.5,
        paragraphGap: 6,
      });
    }
  };

  const pill = (text: string, x: number, y: number, tone: Tone, size = 9) => {
    doc.font('Bold').fontSize(size);
    const width = doc.widthOfString(text) + size * 1.6;
    const height = size * 1.9;
    doc.roundedRect(x, y, width, height, height / 2).fill(tone.soft);
    doc
      .fillColor(tone.ink)
      .text(text, x, y + (height - size) / 2 - 1, { width, align: 'center', lineBreak: false });
    return width;
  };

  const sourceLine = (source: NumberedSource, size: number) => {
    ensureSpace(size * 3);
    const where = source.url ?? (source.dataset ? `Dataset: ${source.dataset.name}` : 'No link');
    const dates = sourceDateText(source);
    const y = doc.y;
    doc
      .font('Bold')
      .fontSize(size)
      .fillColor(COLORS.accent)
      .text(`[${source.number}]`, MARGIN.left, y, { width: 28 });
    doc
      .font('Body')
      .fontSize(size)
      .fillColor(COLORS.ink)
      .text(drawable(source.title), MARGIN.left + 30, y, {
        width: CONTENT_WIDTH - 30,
      });
    doc
      .fillColor(source.url ? COLORS.accent : COLORS.muted)
      .text(drawable(where), { width: CONTENT_WIDTH - 30, link: source.url ?? null, underline: false });
    doc
      .fillColor(COLORS.muted)
      .text(drawable(dates.charAt(0).toUpperCase() + dates.slice(1)), { width: CONTENT_WIDTH - 30 });
    doc.moveDown(0.35);
  };

  return { doc, drawable, contents, ensureSpace, section, label, body, pill, sourceLine, fullWidthRule };
}
