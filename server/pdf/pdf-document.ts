import PDFDocument from 'pdfkit';
import { fitTextToFont, pdfFonts } from './fonts';

// What every PDF of the store starts with (the research report and the invoices): an A4 pdfkit
// document in English that shows its title, tagged for assistive technology (decision 0384), the
// embedded fonts registered as 'Body' and 'Bold', and its bytes collected while it is written.

export function startPdfDocument(
  options: Omit<PDFKit.PDFDocumentOptions, 'size' | 'lang' | 'displayTitle'>,
): {
  doc: PDFKit.PDFDocument;
  /** The text with the characters neither font can draw replaced. */
  drawable: (text: string) => string;
  /** Resolves with the file once `doc.end()` was called. */
  bytes: Promise<Buffer>;
} {
  const fonts = pdfFonts();
  const doc = new PDFDocument({ size: 'A4', lang: 'en', displayTitle: true, tagged: true, ...options });
  tagEveryText(doc);
  // pdfkit takes a parsed fontkit font in place of bytes (its typings only list bytes).
  doc.registerFont('Body', fonts.regular as unknown as Buffer);
  doc.registerFont('Bold', fonts.bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, drawable: (text: string) => fitTextToFont(text, fonts.coverage), bytes };
}

/**
 * A tagged PDF (issue 46): one Document structure element holds every text the document draws,
 * each as a paragraph unless the call names its type (`structType: 'H1'` for a title, 'H2' for a
 * section heading), in drawing order, which is reading order; the root is closed when the
 * document ends.
 */
function tagEveryText(doc: PDFKit.PDFDocument) {
  const root = doc.struct('Document');
  doc.addStructure(root);
  const text = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  const tagged = (...args: unknown[]) => {
    // text(string, options) or text(string, x, y, options)
    const at = typeof args[1] === 'object' && args[1] !== null ? 1 : 3;
    const options = (args[at] ?? {}) as PDFKit.Mixins.TextOptions & { structParent?: unknown };
    args[at] = { structParent: root, ...options };
    return text(...args);
  };
  doc.text = tagged as unknown as typeof doc.text;
  const end = doc.end.bind(doc);
  doc.end = () => {
    root.end();
    end();
  };
}
