import { formatChartValue } from '../../../contract/charts';
import type { CategorySection, ReportDocument } from '../document';
import type { ReportCanvas } from './canvas';
import { drawDatedLineChart } from './dated-line-chart';
import { bandTone, COLORS, CONTENT_WIDTH, formatDate, MARGIN, STATUS_LABELS } from './layout';

/** Research categories analysis: one block per agent with its score, findings, analysis and sources. */
export function drawCategories(canvas: ReportCanvas, report: ReportDocument): void {
  canvas.section('Research categories analysis', { newPage: false });
  for (const category of report.categories) drawCategory(canvas, category);
}

function drawCategory(canvas: ReportCanvas, category: CategorySection): void {
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
