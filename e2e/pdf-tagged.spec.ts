import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, test } from './fixtures';
import { completedReport, grantNewReport } from './support/grant-report';

// The report PDF and the invoices (issue 46, decision 0384): tagged for assistive technology
// (what pdfinfo reads as "Tagged: yes"), and no line of the score table printed over by the next row (the
// second line of "no evidence, not counted" was).

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * What `pdfinfo` prints as "Tagged: yes": the catalog's MarkInfo says Marked; and the first page
 * has a structure tree with content in it.
 */
async function taggedness(bytes: Buffer): Promise<{ marked: boolean; structured: boolean }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false })
    .promise;
  try {
    const markInfo = (await pdf.getMarkInfo()) as { Marked?: boolean } | null;
    const tree = (await (await pdf.getPage(1)).getStructTree()) as { children?: unknown[] } | null;
    return { marked: markInfo?.Marked === true, structured: (tree?.children?.length ?? 0) > 0 };
  } finally {
    await pdf.destroy();
  }
}

interface Box {
  text: string;
  left: number;
  right: number;
  bottom: number;
  top: number;
}

/** The text runs of the page holding the score table, with their boxes in PDF points. */
async function scoreTablePage(bytes: Buffer): Promise<Box[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false })
    .promise;
  try {
    for (let number = 1; number <= pdf.numPages; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const boxes = content.items
        .filter((item) => 'str' in item && item.str.trim() !== '')
        .map((item) => {
          const run = item as { str: string; transform: number[]; width: number; height: number };
          const [, , , , x, y] = run.transform as [number, number, number, number, number, number];
          return { text: run.str, left: x, right: x + run.width, bottom: y, top: y + run.height };
        });
      if (boxes.some((b) => b.text === 'Contribution')) return boxes;
    }
    throw new Error('no page with the score table');
  } finally {
    await pdf.destroy();
  }
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
  Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom) > 1;

for (const size of SIZES) {
  test(`the report PDF and the invoice are tagged; the score table's lines never overprint (${size.width}px)`, async ({
    page,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    // Offline, Lido Staked Ether has categories without evidence: rows that read "not assessed"
    // and, counted at 1 (decision 0320), "n / m (at 1)".
    const reportId = await completedReport(page, signedIn.email, 'Lido Staked Ether');
    await page.goto(`/report/${reportId}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const bytes = readFileSync((await (await download).path())!);
    expect(await taggedness(bytes)).toEqual({ marked: true, structured: true });

    const boxes = await scoreTablePage(bytes);
    const notAssessed = boxes.filter((b) => /not assessed|\(at 1\)/.test(b.text));
    expect(notAssessed.filter((b) => /not assessed/.test(b.text)).length).toBeGreaterThan(0);
    expect(notAssessed.filter((b) => /\(at 1\)/.test(b.text)).length).toBeGreaterThan(0);
    for (const line of notAssessed) {
      const over = boxes.filter((other) => other !== line && overlap(line, other)).map((o) => o.text);
      expect(over, `"${line.text}" is printed over`).toEqual([]);
    }

    await grantNewReport(signedIn.email, `Tagged invoice coin ${size.width}`);
    await page.goto('/account');
    const href = await page
      .getByRole('list', { name: 'Invoices and credit notes' })
      .getByRole('link', { name: /PDF of invoice INV-\d{6}/ })
      .first()
      .getAttribute('href');
    const invoice = await page.request.get(href!);
    expect(await taggedness(await invoice.body())).toEqual({ marked: true, structured: true });
  });
}
