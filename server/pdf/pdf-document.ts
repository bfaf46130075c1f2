import PDFDocument from 'pdfkit';
import { fitTextToFont, pdfFonts } from './fonts';

// What every PDF of the store starts with (the research report and the invoices): an A4 pdfkit
// document in English that shows its title, the embedded fonts registered as 'Body' and 'Bold',
// and its bytes collected while it is written.

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
  const doc = new PDFDocument({ size: 'A4', lang: 'en', displayTitle: true, ...options });
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
