import { MAX_CATEGORY_SCORE, MAX_TOTAL, NOT_RATED_LABEL } from '../../../contract/methodology';
import { NOT_COUNTED_TEXT, scoreArithmeticLines } from '../../../contract/reports';
import type { ReportDocument } from '../document';
import type { ReportCanvas } from './canvas';
import { bandTone, COLORS, CONTENT_WIDTH, MARGIN } from './layout';

/** Score overview: a bar chart of the 12 category scores and the weighted table behind the total. */
export function drawScoreOverview(canvas: ReportCanvas, report: ReportDocument): void {
  const { doc, section } = canvas;
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
  // A category without evidence keeps its floor score in the table, but gets no (red) bar.
  const withoutEvidence = new Set(
    (report.sections?.coverage ?? []).filter((c) => c.kind === 'none').map((c) => c.category_key),
  );
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
    if (category.score == null || withoutEvidence.has(category.key)) {
      doc
        .font('Body')
        .fontSize(8.5)
        .fillColor(COLORS.muted)
        .text(category.score == null ? 'not scored' : 'n/a: no evidence found', chartX + 6, y + 4);
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
    // A cell that wraps ("no evidence, / not counted") makes its row taller: the next row starts
    // below its last line instead of printing over it (issue 46).
    doc.font(bold ? 'Bold' : 'Body').fontSize(9);
    const tallest = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]!.width - 12 })),
    );
    const height = Math.max(17, Math.ceil(tallest) + 8);
    if (fill) doc.rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(fill);
    let x = MARGIN.left;
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      doc
        .font(bold ? 'Bold' : 'Body')
        .fontSize(9)
        .fillColor(COLORS.ink)
        .text(cell, x + 6, y + 4.5, { width: col.width - 12, align: col.align });
      x += col.width;
    });
    doc.y = y + height;
  };
  tableRow(
    columns.map((c) => c.title),
    { bold: true, fill: COLORS.accentSoft },
  );
  const counted = new Map(report.arithmetic.counted.map((c) => [c.category_key, c]));
  report.categories.forEach((category, index) => {
    const part = counted.get(category.key);
    tableRow(
      [
        category.name,
        `×${category.weight}`,
        category.score == null ? '–' : part ? `${part.score.toFixed(1)} / 5` : NOT_COUNTED_TEXT,
        part
          ? `${part.contribution.toFixed(1)} / ${category.weight * MAX_CATEGORY_SCORE}`
          : report.arithmetic.atLowest
            ? `${category.weight.toFixed(1)} / ${category.weight * MAX_CATEGORY_SCORE} (at 1)`
            : 'not counted',
      ],
      { fill: index % 2 === 1 ? COLORS.zebra : undefined },
    );
  });
  canvas.fullWidthRule(1, COLORS.ink);
  const a = report.arithmetic;
  const countedWeight = a.maxWeightedSum / MAX_CATEGORY_SCORE;
  tableRow(
    ['Weighted sum (counted)', `×${countedWeight}`, '', `${a.weightedSum.toFixed(1)} / ${a.maxWeightedSum}`],
    {
      bold: true,
    },
  );
  tableRow(
    [
      'Total on the 77-point scale',
      '',
      '',
      report.total !== null ? `${report.total.toFixed(2)} / ${MAX_TOTAL}` : NOT_RATED_LABEL,
    ],
    { bold: true },
  );
  tableRow(
    ['Composite', '', '', report.rated ? `${report.compositeOutOf5.toFixed(1)} / 5.0 · ${report.band}` : '—'],
    { bold: true },
  );
  if (!report.rated) {
    // On a line of its own: squeezed into the narrow last column it ran over the note below.
    doc
      .font('Bold')
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(`${NOT_RATED_LABEL}: too few categories with evidence`, MARGIN.left + 6, doc.y + 4, {
        width: CONTENT_WIDTH - 12,
      });
  }
  doc.moveDown(0.8);
  doc
    .font('Body')
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(
      `${scoreArithmeticLines(a).join(' ')} Rating: Excellent from 4.0, Good from 3.0, Poor below 3.0. Methodology ${report.methodologyVersion}.`,
      MARGIN.left,
      doc.y,
      { width: CONTENT_WIDTH },
    );
}
