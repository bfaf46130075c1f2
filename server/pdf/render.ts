import PDFDocument from 'pdfkit';
import { FINANCIAL_DISCLAIMER } from '../../contract/constants';
import {
  MAX_CATEGORY_SCORE,
  MAX_TOTAL,
  RATING_BAND_TONES,
  RISK_LEVEL_LABELS,
  type RiskLevel,
  ratingBand,
  WEIGHT_SUM,
} from '../../contract/methodology';
import { REPORT_HEADINGS } from '../../contract/reports';
import { sectionParagraphs } from '../research/report-text';
import { type CategorySection, type NumberedSource, type ReportDocument, splitParagraphs } from './document';
import { fitTextToFont, pdfFonts } from './fonts';

// The research report as a PDF: pdfkit draws vectors and text directly (no browser), with an
// embedded Unicode font. Pages are buffered so the header, 'Page X of Y' footer and the cover's
// contents page numbers are drawn once the page count is known.

export interface RenderOptions {
  appName: string;
  /** When the file is made: PDF metadata only (the cover shows the report's own date). */
  renderedAt?: Date;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 72, bottom: 72, left: 56, right: 56 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;

const COLORS = {
  ink: '#111827',
  muted: '#4b5563',
  faint: '#9ca3af',
  rule: '#d1d5db',
  zebra: '#f3f4f6',
  accent: '#1e3a8a',
  accentSoft: '#e0e7ff',
};
const TONES = {
  success: { ink: '#15803d', soft: '#dcfce7' },
  warning: { ink: '#a16207', soft: '#fef9c3' },
  danger: { ink: '#b91c1c', soft: '#fee2e2' },
} as const;
const RISK_TONES: Record<RiskLevel, keyof typeof TONES> = {
  'Likely Safe': 'success',
  Potential: 'warning',
  'Not Safe': 'danger',
};
const STATUS_LABELS = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
};

export const FOOTER_DISCLAIMER =
  'Informational and educational only. Not financial advice. AI analysis has limits; use at your own risk.';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const formatDate = (date: Date) => `${dateFormat.format(date)} UTC`;
const bandTone = (score: number) => TONES[RATING_BAND_TONES[ratingBand(score)]];

/** Renders the report to PDF bytes. Pure: the same model and options give the same pages. */
export function renderReportPdf(report: ReportDocument, options: RenderOptions): Promise<Buffer> {
  const fonts = pdfFonts();
  const drawable = (text: string) => fitTextToFont(text, fonts.coverage);
  const asset = drawable(report.assetName);
  const renderedAt = options.renderedAt ?? new Date();

  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    lang: 'en',
    displayTitle: true,
    info: {
      // Metadata strings are stored as UTF-16 and shown with the viewer's fonts: keep the real name.
      Title: `${report.assetName} Research Report`,
      Author: options.appName,
      Subject: `${options.appName} research report on ${report.assetName}: ${report.total.toFixed(2)}/77, ${RISK_LEVEL_LABELS[report.risk]}`,
      Keywords: `${report.assetName}, crypto research, risk assessment, methodology ${report.methodologyVersion}`,
      Creator: options.appName,
      CreationDate: renderedAt,
      ModDate: renderedAt,
    },
  });
  // pdfkit takes a parsed fontkit font in place of bytes (its typings only list bytes).
  doc.registerFont('Body', fonts.regular as unknown as Buffer);
  doc.registerFont('Bold', fonts.bold as unknown as Buffer);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const contents: { title: string; page: number }[] = [];
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

  const pill = (text: string, x: number, y: number, tone: { ink: string; soft: string }, size = 9) => {
    doc.font('Bold').fontSize(size);
    const width = doc.widthOfString(text) + size * 1.6;
    const height = size * 1.9;
    doc.roundedRect(x, y, width, height, height / 2).fill(tone.soft);
    doc
      .fillColor(tone.ink)
      .text(text, x, y + (height - size) / 2 - 1, { width, align: 'center', lineBreak: false });
    return width;
  };

  // ── Cover ────────────────────────────────────────────────────────────────
  const tone = TONES[RATING_BAND_TONES[report.band]];
  const riskTone = TONES[RISK_TONES[report.risk]];
  doc.rect(MARGIN.left, 92, 6, 86).fill(COLORS.accent);
  doc
    .font('Bold')
    .fontSize(11)
    .fillColor(COLORS.accent)
    .text(drawable(options.appName).toUpperCase(), MARGIN.left + 20, 92, { characterSpacing: 1.5 });
  doc
    .font('Body')
    .fontSize(12)
    .fillColor(COLORS.muted)
    .text('Crypto asset research report', MARGIN.left + 20, 110);
  doc
    .font('Bold')
    .fontSize(asset.length > 28 ? 22 : 30)
    .fillColor(COLORS.ink)
    .text(asset, MARGIN.left + 20, 132, { width: CONTENT_WIDTH - 20 });
  doc.y = Math.max(doc.y + 24, 200);

  const facts: [string, string][] = [
    ['Generated', formatDate(report.completedAt ?? report.createdAt)],
    ['Methodology version', report.methodologyVersion],
    ['Report number', `#${report.reportId}`],
  ];
  for (const [name, value] of facts) {
    const y = doc.y;
    doc.font('Body').fontSize(10).fillColor(COLORS.muted).text(name, MARGIN.left, y, { width: 150 });
    doc
      .font('Bold')
      .fontSize(10)
      .fillColor(COLORS.ink)
      .text(drawable(value), MARGIN.left + 150, y, {
        width: CONTENT_WIDTH - 150,
      });
    doc.y = y + 17;
  }

  const cardY = doc.y + 18;
  const cardHeight = 150;
  doc
    .roundedRect(MARGIN.left, cardY, CONTENT_WIDTH, cardHeight, 10)
    .lineWidth(1)
    .strokeColor(COLORS.rule)
    .stroke();
  const column = CONTENT_WIDTH / 3;
  const cardLabel = (text: string, x: number) =>
    doc
      .font('Bold')
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(text.toUpperCase(), x, cardY + 20, { width: column - 24, characterSpacing: 0.6 });

  const totalX = MARGIN.left + 20;
  cardLabel('Total score', totalX);
  doc
    .font('Bold')
    .fontSize(34)
    .fillColor(COLORS.ink)
    .text(report.total.toFixed(2), totalX, cardY + 44, {
      lineBreak: false,
    });
  doc
    .font('Body')
    .fontSize(12)
    .fillColor(COLORS.muted)
    .text('out of 77', totalX, cardY + 88);
  doc.fontSize(8.5).text('77-point methodology scale', totalX, cardY + 106, { width: column - 24 });

  const compositeX = MARGIN.left + column + 12;
  cardLabel('Composite', compositeX);
  doc
    .font('Bold')
    .fontSize(34)
    .fillColor(tone.ink)
    .text(report.compositeOutOf5.toFixed(1), compositeX, cardY + 44, {
      lineBreak: false,
    });
  doc
    .font('Body')
    .fontSize(12)
    .fillColor(COLORS.muted)
    .text('out of 5.0', compositeX, cardY + 88);
  pill(report.band, compositeX, cardY + 108, tone);

  const riskX = MARGIN.left + column * 2 + 4;
  cardLabel('Risk level', riskX);
  doc
    .font('Bold')
    .fontSize(17)
    .fillColor(riskTone.ink)
    .text(RISK_LEVEL_LABELS[report.risk], riskX, cardY + 50, {
      width: column - 24,
    });
  doc
    .font('Body')
    .fontSize(8.5)
    .fillColor(COLORS.muted)
    .text('51-77 Likely Safe · 36-50 Potential Risk · below 36 Not Safe', riskX, cardY + 96, {
      width: column - 24,
    });
  doc.roundedRect(MARGIN.left, cardY + cardHeight - 5, CONTENT_WIDTH, 5, 2).fill(tone.ink);

  doc.y = cardY + cardHeight + 26;
  body(
    `Twelve research agents examined ${report.assetName} and scored each category from 1 to 5. ` +
      `The weighted scores add up to the total on the 77-point scale; every finding names its sources, ` +
      `listed with their retrieval times at the end of this report.`,
    10,
  );
  const contentsY = doc.y + 14;
  doc.y = contentsY;
  label('Contents');
  const contentsListY = doc.y;
  doc.addPage();

  // ── Score overview: bar chart and weighted table ─────────────────────────
  section('Score overview', { newPage: false });
  const chartLabelWidth = 130;
  const chartX = MARGIN.left + chartLabelWidth;
  const chartWidth = CONTENT_WIDTH - chartLabelWidth - 34;
  const rowHeight = 19;
  const chartTop = doc.y + 4;
  const unit = chartWidth / MAX_CATEGORY_SCORE;
  const chartBottom = chartTop + rowHeight * report.categories.length;
  for (let tick = 0; tick <= MAX_CATEGORY_SCORE; tick += 1) {
    const x = chartX + tick * unit;
    doc
      .moveTo(x, chartTop - 2)
      .lineTo(x, chartBottom)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc
      .font('Body')
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(String(tick), x - 10, chartBottom + 4, {
        width: 20,
        align: 'center',
      });
  }
  report.categories.forEach((category, index) => {
    const y = chartTop + index * rowHeight;
    doc
      .font('Body')
      .fontSize(9)
      .fillColor(COLORS.ink)
      .text(category.name, MARGIN.left, y + 4, {
        width: chartLabelWidth - 10,
        lineBreak: false,
      });
    if (category.score == null) {
      doc
        .font('Body')
        .fontSize(8.5)
        .fillColor(COLORS.muted)
        .text('not scored', chartX + 6, y + 4);
      return;
    }
    const barWidth = category.score * unit;
    doc.roundedRect(chartX, y + 3, barWidth, rowHeight - 7, 2).fill(bandTone(category.score).ink);
    doc
      .font('Bold')
      .fontSize(8.5)
      .fillColor(COLORS.ink)
      .text(category.score.toFixed(1), chartX + barWidth + 5, y + 4, {
        lineBreak: false,
      });
  });
  doc.y = chartBottom + 26;
  doc
    .font('Body')
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(
      'Category scores from 1 (weakest) to 5 (strongest). Green 4 or more, yellow 3 or more, red below 3.',
      MARGIN.left,
      doc.y,
      {
        width: CONTENT_WIDTH,
      },
    );
  doc.moveDown(1.2);

  const columns = [
    { title: 'Category', width: 190, align: 'left' as const },
    { title: 'Weight', width: 70, align: 'right' as const },
    { title: 'Score', width: 100, align: 'right' as const },
    { title: 'Contribution', width: CONTENT_WIDTH - 360, align: 'right' as const },
  ];
  const tableRow = (cells: string[], { bold = false, fill }: { bold?: boolean; fill?: string } = {}) => {
    const y = doc.y;
    const height = 17;
    if (fill) doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(fill);
    let x = MARGIN.left;
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      doc
        .font(bold ? 'Bold' : 'Body')
        .fontSize(9)
        .fillColor(COLORS.ink)
        .text(cell, x + 6, y + 4.5, { width: col.width - 12, align: col.align, lineBreak: false });
      x += col.width;
    });
    doc.y = y + height;
  };
  tableRow(
    columns.map((c) => c.title),
    { bold: true, fill: COLORS.accentSoft },
  );
  report.categories.forEach((category, index) => {
    tableRow(
      [
        category.name,
        `×${category.weight}`,
        category.score == null ? '–' : `${category.score.toFixed(1)} / 5`,
        `${category.contribution.toFixed(1)} / ${category.weight * MAX_CATEGORY_SCORE}`,
      ],
      { fill: index % 2 === 1 ? COLORS.zebra : undefined },
    );
  });
  doc
    .moveTo(MARGIN.left, doc.y)
    .lineTo(MARGIN.left + CONTENT_WIDTH, doc.y)
    .lineWidth(1)
    .strokeColor(COLORS.ink)
    .stroke();
  const maxWeighted = WEIGHT_SUM * MAX_CATEGORY_SCORE;
  tableRow(['Weighted sum', `×${WEIGHT_SUM}`, '', `${report.weightedSum.toFixed(1)} / ${maxWeighted}`], {
    bold: true,
  });
  tableRow(['Total on the 77-point scale', '', '', `${report.total.toFixed(2)} / ${MAX_TOTAL}`], {
    bold: true,
  });
  tableRow(['Composite', '', '', `${report.compositeOutOf5.toFixed(1)} / 5.0 · ${report.band}`], {
    bold: true,
  });
  doc.moveDown(0.8);
  doc
    .font('Body')
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(
      `Total = weighted sum × ${MAX_TOTAL} / ${maxWeighted}; composite = total / ${MAX_TOTAL} × 5. ` +
        `Rating: Excellent from 4.0, Good from 3.0, Poor below 3.0. Methodology ${report.methodologyVersion}.`,
      MARGIN.left,
      doc.y,
      { width: CONTENT_WIDTH },
    );

  // ── Executive summary and one section per agent ─────────────────────────
  const sections = report.sections;
  section(REPORT_HEADINGS.summary, { newPage: true });
  body(sections?.summary ?? report.paragraphs[0] ?? 'No summary was written for this report.', 11);
  doc.moveDown(1);
  // Key risks, what would change the score, data coverage, peers: the report page's order.
  for (const part of sections ? sectionParagraphs(sections) : []) {
    section(part.heading, { newPage: false });
    for (const line of part.lines) {
      ensureSpace(30);
      body(`•  ${line}`, 10);
    }
    doc.moveDown(0.8);
  }

  section('Research categories analysis', { newPage: false });
  for (const category of report.categories) categorySection(category);

  function categorySection(category: CategorySection) {
    ensureSpace(150);
    doc.moveDown(0.6);
    const top = doc.y;
    doc
      .font('Bold')
      .fontSize(13)
      .fillColor(COLORS.ink)
      .text(category.name, MARGIN.left, top, {
        width: CONTENT_WIDTH - 90,
      });
    if (category.score != null) {
      doc.font('Bold').fontSize(10);
      const text = `${category.score.toFixed(1)} / 5`;
      const width = doc.widthOfString(text) + 16;
      pill(text, MARGIN.left + CONTENT_WIDTH - width, top - 2, bandTone(category.score), 10);
    }
    doc.y = Math.max(doc.y, top + 20);
    const meta = [
      drawable(category.agentName),
      `Weight ×${category.weight}`,
      `Status: ${STATUS_LABELS[category.status]}`,
      category.completedAt ? `Completed ${formatDate(category.completedAt)}` : null,
    ]
      .filter(Boolean)
      .join('  ·  ');
    doc
      .font('Body')
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(meta, MARGIN.left, doc.y, { width: CONTENT_WIDTH });
    if (category.scoreNote) {
      doc
        .font('Body')
        .fontSize(8.5)
        .fillColor(COLORS.muted)
        .text(`Score note: ${drawable(category.scoreNote)}`, {
          width: CONTENT_WIDTH,
        });
    }
    doc.moveDown(0.6);
    label('Research findings');
    body(category.findings || 'No findings were recorded.');
    label('Detailed analysis');
    body(category.analysis || 'No analysis was recorded.');
    if (category.sources.length > 0) {
      label('Sources');
      for (const source of category.sources) sourceLine(source, 8.5);
    }
    doc.moveDown(0.4);
    doc
      .moveTo(MARGIN.left, doc.y)
      .lineTo(MARGIN.left + CONTENT_WIDTH, doc.y)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.moveDown(0.4);
  }

  function sourceLine(source: NumberedSource, size: number) {
    ensureSpace(size * 3);
    const where = source.url ?? (source.dataset ? `Dataset: ${source.dataset}` : 'No link');
    const retrieved = Number.isNaN(Date.parse(source.retrievedAt))
      ? source.retrievedAt
      : formatDate(new Date(source.retrievedAt));
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
    doc.fillColor(COLORS.muted).text(`Retrieved ${drawable(retrieved)}`, { width: CONTENT_WIDTH - 30 });
    doc.moveDown(0.35);
  }

  // ── Complete report, numbered sources, full disclaimer ───────────────────
  // Reports with sections already show all of their text above; older ones keep the full text.
  if (!sections) {
    section('Complete research report', { newPage: true });
    if (report.paragraphs.length === 0) body('No report text was written.');
    for (const paragraph of report.paragraphs) body(paragraph, 10);
  }

  section(REPORT_HEADINGS.sources, { newPage: !!sections });
  if (report.sources.length === 0) body('No sources were recorded.');
  for (const source of report.sources) sourceLine(source, 9);

  const disclaimer = [
    FINANCIAL_DISCLAIMER,
    `This report was produced with AI assistance from public data available at the retrieval times shown; it may be incomplete, and markets change quickly. ` +
      `Scores follow methodology ${report.methodologyVersion} and express a structured research opinion, not a recommendation to buy, sell or hold any asset. ` +
      `${options.appName} accepts no liability for decisions made on the basis of this report.`,
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

  // ── Contents page numbers, headers and footers on every page ─────────────
  const range = doc.bufferedPageRange();
  const pageCount = range.count;
  doc.switchToPage(range.start);
  let contentsY2 = contentsListY;
  for (const entry of contents) {
    doc
      .font('Body')
      .fontSize(10)
      .fillColor(COLORS.ink)
      .text(entry.title, MARGIN.left, contentsY2, {
        width: CONTENT_WIDTH - 40,
        lineBreak: false,
      });
    doc.text(String(entry.page - range.start + 1), MARGIN.left + CONTENT_WIDTH - 40, contentsY2, {
      width: 40,
      align: 'right',
      lineBreak: false,
    });
    contentsY2 += 16;
  }

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
      .text(`${drawable(options.appName)} research report`, MARGIN.left + CONTENT_WIDTH * 0.6, 34, {
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
  doc.end();
  return done;
}
