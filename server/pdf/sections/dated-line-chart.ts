import { type ChartMarker, type DatedPoint, describeSeries, markerValueOn } from '../../../contract/charts';
import type { ReportCanvas } from './canvas';
import { COLORS, CONTENT_WIDTH, drawGuide, MARGIN } from './layout';

const CHART_HEIGHT = 110;
const AXIS_WIDTH = 44;

export interface DatedLineChartInput {
  title: string;
  /** Oldest first. */
  points: DatedPoint[];
  formatValue: (value: number) => string;
  /** A date marked on the line (the report's date). */
  marker?: ChartMarker;
  /** Whose figures these are. */
  caption: string;
}

const time = (date: string) => Date.parse(date);

/**
 * A dated series as a line with its marker, then the chart in words and a few of its figures:
 * a reader of the printed page, or of the text a screen reader extracts, gets the same facts.
 */
export function drawDatedLineChart(canvas: ReportCanvas, chart: DatedLineChartInput): void {
  const { doc, label, body, drawable } = canvas;
  const { points, formatValue, marker } = chart;
  if (points.length === 0) return;
  label(chart.title);
  canvas.ensureSpace(CHART_HEIGHT + 40);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const values = points.map((p) => p.value);
  const low = Math.min(0, ...values);
  const high = Math.max(...values) === low ? low + 1 : Math.max(...values);
  const top = doc.y + 6;
  const left = MARGIN.left + AXIS_WIDTH;
  const width = CONTENT_WIDTH - AXIS_WIDTH - 8;
  const from = time(first.date);
  const span = Math.max(1, time(last.date) - from);
  const x = (date: string) => left + ((time(date) - from) / span) * width;
  const y = (value: number) => top + CHART_HEIGHT - ((value - low) / (high - low)) * CHART_HEIGHT;
  for (const tick of [low, (low + high) / 2, high]) {
    drawGuide(doc, { left, width, y: y(tick) }, formatValue(tick), AXIS_WIDTH - 4);
  }
  doc.moveTo(x(first.date), y(first.value));
  for (const point of points.slice(1)) doc.lineTo(x(point.date), y(point.value));
  doc.lineWidth(1.5).strokeColor(COLORS.accent).stroke();
  const markerValue = marker ? markerValueOn(points, marker) : undefined;
  if (
    marker &&
    markerValue !== undefined &&
    time(marker.date) >= from &&
    time(marker.date) <= time(last.date)
  ) {
    const mx = x(marker.date);
    doc
      .moveTo(mx, top)
      .lineTo(mx, top + CHART_HEIGHT)
      .lineWidth(0.75)
      .strokeColor(COLORS.ink)
      .stroke();
    doc.circle(mx, y(markerValue), 3.5).fill(COLORS.ink);
    const onRight = mx > left + width / 2;
    doc
      .font('Body')
      .fontSize(7)
      .fillColor(COLORS.ink)
      .text(drawable(marker.label), onRight ? mx - 84 : mx + 4, top + 2, {
        width: 80,
        align: onRight ? 'right' : 'left',
        lineBreak: false,
      });
  }
  for (const [date, align] of [
    [first.date, 'left'],
    [last.date, 'right'],
  ] as const) {
    doc
      .font('Body')
      .fontSize(7)
      .fillColor(COLORS.muted)
      .text(date.slice(0, 7), align === 'left' ? left : left + width - 60, top + CHART_HEIGHT + 4, {
        width: 60,
        align,
        lineBreak: false,
      });
  }
  doc.x = MARGIN.left;
  doc.y = top + CHART_HEIGHT + 20;
  body(describeSeries(chart.title, points, formatValue, marker), 8.5);
  body(chart.caption, 8);
}
