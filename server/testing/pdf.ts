import createQpdf from '@neslinesli93/qpdf-wasm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Reading a PDF as a reader's tool would, for tests and e2e, from npm packages only (no
// poppler-utils or qpdf on the machine): PDF.js extracts the text and metadata, and qpdf compiled
// to WebAssembly checks the file's structure as `qpdf --check` does.

export interface PdfContent {
  /** The text of each page, in reading order; lines end with a newline. */
  pages: string[];
  /** All pages, separated by form feeds (as pdftotext prints them). */
  text: string;
  info: { title?: string; author?: string; subject?: string; creationDate?: string };
}

export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  // PDF.js takes ownership of the buffer it is given: hand it a copy.
  const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false })
    .promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      pages.push(text);
    }
    const info = (await document.getMetadata()).info as Record<string, unknown>;
    const field = (name: string) => (typeof info[name] === 'string' ? (info[name] as string) : undefined);
    return {
      pages,
      text: pages.join('\f'),
      info: {
        title: field('Title'),
        author: field('Author'),
        subject: field('Subject'),
        creationDate: field('CreationDate'),
      },
    };
  } finally {
    await document.destroy();
  }
}

/**
 * `qpdf --check` on the bytes (cross-reference table, object streams, stream encodings); returns
 * qpdf's exit status: 0 clean, 2 errors, 3 warnings. qpdf writes what it found to stderr.
 */
export async function checkPdfStructure(bytes: Uint8Array): Promise<number> {
  // One qpdf instance per check: an Emscripten program's main() is meant to run once.
  const qpdf = await (createQpdf as unknown as (options: object) => Promise<QpdfProgram>)({
    noInitialRun: true,
  });
  qpdf.FS.writeFile('/input.pdf', bytes);
  try {
    return qpdf.callMain(['--check', '/input.pdf']);
  } catch (exit) {
    return (exit as { status?: number }).status ?? 2;
  }
}

interface QpdfProgram {
  callMain(args: string[]): number;
  FS: { writeFile(path: string, data: Uint8Array): void };
}
