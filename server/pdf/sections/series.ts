import { MAX_TOTAL, NOT_RATED_LABEL, RISK_BANDS, RISK_LEVEL_LABELS } from '../../../contract/methodology';
import { CHANGES_HEADING, HISTORY_HEADING } from '../../../contract/versions';
import type { ReportDocument } from '../document';
import type { ReportCanvas } from './canvas';
import { COLORS, CONTENT_WIDTH, drawGuide, formatDate, MARGIN } from './layout';

const CHART_HEIGHT = 110;
const signed = (value: number | null) =>
  value === null ? '—' : value === 0 ? '0' : `${value > 0 ? '+' : '−'}${Math.abs(value).toFixed(1)}`;

/** The series' totals up to this version as a line over the risk bands, then the figures in words. */
function drawHistory(canvas: ReportCanvas, report: ReportDocument): void {
  const series = report.series!;
  const { doc, section, body } = canvas;
  section(HISTORY_HEADING, { newPage: false });
  body(
    `This report is version ${series.version} of the reports on ${report.assetName}. Totals out of ${MAX_TOTAL}; the dashed lines mark the risk bands.`,
  );
  canvas.ensureSpace(CHART_HEIGHT + 40);
  const top = doc.y + 6;
  const left = MARGIN.left + 28;
  const width = CONTENT_WIDTH - 40;
  const y = (total: number) => top + CHART_HEIGHT - (total / MAX_TOTAL) * CHART_HEIGHT;
  const points = series.history;
  const x = (index: number) =>
    left + (points.length === 1 ? width / 2 : (index / (points.length - 1)) * width);
  for (const band of RISK_BANDS) {
    drawGuide(doc, { left, width, y: y(band.from) }, String(band.from), 22);
  }
  // A Not rated version has no total: it is named below, not drawn at zero.
  points.forEach((point, index) => {
    const before = points[index - 1]?.compositeScore;
    if (index > 0 && before != null && point.compositeScore !== null) {
      doc
        .moveTo(x(index - 1), y(before))
        .lineTo(x(index), y(point.compositeScore))
        .lineWidth(1.5)
        .strokeColor(COLORS.accent)
        .stroke();
    }
  });
  points.forEach((point, index) => {
    if (point.compositeScore !== null)
      doc
        .circle(x(index), y(point.compositeScore), point.version === series.version ? 4 : 3)
        .fill(COLORS.accent);
    doc
      .font('Body')
      .fontSize(7)
      .fillColor(COLORS.muted)
      .text(`v${point.version}`, x(index) - 15, top + CHART_HEIGHT + 4, {
        width: 30,
        align: 'center',
        lineBreak: false,
      });
  });
  doc.x = MARGIN.left;
  doc.y = top + CHART_HEIGHT + 20;
  for (const point of points) {
    body(
      `Version ${point.version}, ${formatDate(point.completedAt)}: ${point.compositeScore !== null && point.riskLevel ? `${point.compositeScore.toFixed(2)} of ${MAX_TOTAL}, ${RISK_LEVEL_LABELS[point.riskLevel]}` : NOT_RATED_LABEL}, methodology ${point.methodologyVersion ?? 'unknown'}.`,
      9,
    );
  }
  doc.moveDown(0.5);
}

function drawChanges(canvas: ReportCanvas, report: ReportDocument): void {
  const changes = report.series!.changes!;
  const { doc, section, body, label } = canvas;
  section(CHANGES_HEADING, { newPage: false });
  body(`Compared with version ${changes.sinceVersion}. ${changes.verdict}`);
  if (changes.methodology.changed) {
    body(
      changes.methodology.separated
        ? `The rules changed from methodology ${changes.methodology.before} to ${changes.methodology.after}. Scored under the newer rules, the earlier evidence totals ${changes.total.rescored?.toFixed(2)}; "rules" below is what the rules alone moved, "evidence" what the asset's data moved.`
        : (changes.methodology.note ?? ''),
    );
  }
  const moved = changes.categories.filter(
    (c) =>
      c.before !== c.after || c.factCounts.appeared + c.factCounts.changed + c.factCounts.disappeared > 0,
  );
  if (moved.length === 0) body('No category score or fact changed.');
  for (const category of moved) {
    label(`${category.name}: ${category.before}/5 → ${category.after}/5`);
    const parts = [
      category.ruleChange !== null ? `rules ${signed(category.ruleChange)}` : null,
      `evidence ${signed(category.evidenceChange)}`,
    ].filter(Boolean);
    const facts = category.facts
      ? [
          ...category.facts.changed.map((f) => `Changed: ${f.before} → ${f.after}`),
          ...category.facts.appeared.map((f) => `New: ${f}`),
          ...category.facts.disappeared.map((f) => `No longer: ${f}`),
        ]
      : [];
    body([`Score change: ${parts.join(', ')}.`, ...facts].join('\n\n'), 9);
  }
  doc.moveDown(0.5);
}

/** Score history and changes since the previous version, for a report with a series. */
export function drawSeries(canvas: ReportCanvas, report: ReportDocument): void {
  if (!report.series || report.series.history.length === 0) return;
  drawHistory(canvas, report);
  if (report.series.changes) drawChanges(canvas, report);
}
