import { formatChartValue } from '../../../contract/charts';
import { NOT_COUNTED_TEXT, splitFindings } from '../../../contract/reports';
import type { CategorySection, ReportDocument } from '../document';
import type { ReportCanvas } from './canvas';
import { drawDatedLineChart } from './dated-line-chart';
import { bandTone, COLORS, CONTENT_WIDTH, formatDate, MARGIN, STATUS_LABELS, TONES } from './layout';

/** Research categories analysis: one block per agent with its score, findings, analysis and sources. */
export function drawCategories(canvas: ReportCanvas, report: ReportDocument): void {
  canvas.section('Research categories analysis', { newPage: false });
  const counted = new Set(report.arithmetic.counted.map((c) => c.category_key));
  for (const category of report.categories) drawCategory(canvas, category, counted.has(category.key));
}

function drawCategory(canvas: ReportCanvas, category: CategorySection, counted: boolean): void {
  const { doc, drawable, ensureSpace, label, body, pill, sourceLine } = canvas;
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
    // A category without evidence is not assessed, so it shows no score of its own.
    const text = counted ? `${category.score.toFixed(1)} / 5` : NOT_COUNTED_TEXT;
    const width = doc.widthOfString(text) + 16;
    pill(
      text,
      MARGIN.left + CONTENT_WIDTH - width,
      top - 2,
      counted ? bandTone(category.score) : TONES.neutral,
      10,
    );
  }
  doc.y = Math.max(doc.y, top + 20);
  const meta = [
    drawable(category.agentName),
    `Weight ×${category.weight}`,
    // "Completed" only where the category was scored: a finished search without evidence is a gap.
    category.status === 'completed' && !counted
      ? 'Status: Not assessed, no source held evidence'
      : `Status: ${STATUS_LABELS[category.status]}`,
    category.completedAt ? `${counted ? 'Completed' : 'Searched'} ${formatDate(category.completedAt)}` : null,
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
  // Labelled figures as a two-column table; the findings that are sentences follow as prose.
  const { figures, prose } = splitFindings(category.findings);
  if (figures.length) drawFigures(canvas, figures);
  if (prose || !figures.length) body(prose || 'No findings were recorded.');
  // A category without evidence whose peers have none either has nothing to analyse: the
  // summary's coverage sentence says so once for all such gaps.
  if (category.analysis || counted) {
    label('Detailed analysis');
    body(category.analysis || 'No analysis was recorded.');
  }
  const chart = category.chart;
  if (chart) {
    drawDatedLineChart(canvas, {
      title: chart.title,
      points: chart.points,
      formatValue: (value) => formatChartValue(chart.unit, value),
      caption: chart.caption,
      ...(chart.marker ? { marker: chart.marker } : {}),
    });
  }
  if (category.sources.length > 0) {
    label('Sources');
    for (const source of category.sources) sourceLine(source, 8.5);
  }
  doc.moveDown(0.4);
  canvas.fullWidthRule(0.5, COLORS.rule);
  doc.moveDown(0.4);
}

const FIGURE_LABEL_WIDTH = 170;

/** "Label | value" rows, one per labelled figure of a category's findings. */
function drawFigures(canvas: ReportCanvas, figures: { label: string; value: string }[]): void {
  const { doc, drawable, ensureSpace } = canvas;
  for (const figure of figures) {
    ensureSpace(28);
    const y = doc.y;
    doc
      .font('Bold')
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(drawable(figure.label), MARGIN.left, y, { width: FIGURE_LABEL_WIDTH - 8 });
    const labelBottom = doc.y;
    doc
      .font('Body')
      .fontSize(9.5)
      .fillColor(COLORS.ink)
      .text(drawable(figure.value), MARGIN.left + FIGURE_LABEL_WIDTH, y, {
        width: CONTENT_WIDTH - FIGURE_LABEL_WIDTH,
      });
    doc.y = Math.max(doc.y, labelBottom) + 3;
  }
  doc.x = MARGIN.left;
  doc.moveDown(0.3);
}
