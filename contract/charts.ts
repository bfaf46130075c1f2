import { z } from './zod';

// A dated line chart as a report stores it, drawn the same way on the page and in the PDF: a
// token's cumulative unlocked share today, a price or market-cap history later.

/** How the values read: a share (0.25 = 25%) or US dollars. */
export const CHART_UNITS = ['share', 'usd'] as const;
export type ChartUnit = (typeof CHART_UNITS)[number];

export const datedPointSchema = z.object({
  /** YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  value: z.number(),
});
export type DatedPoint = z.infer<typeof datedPointSchema>;

export const datedChartSchema = z.object({
  /** What the line shows ("Share of the scheduled supply unlocked"). */
  title: z.string(),
  unit: z.enum(CHART_UNITS),
  points: z.array(datedPointSchema),
  /** A date to mark on the line, e.g. the report's date, with its exact value when known. */
  marker: z.object({ date: z.string(), label: z.string(), value: z.number().optional() }).optional(),
  /** Whose figures these are, in words ("per the schedule in … as of …"). */
  caption: z.string(),
});
export type DatedChart = z.infer<typeof datedChartSchema>;
export type ChartMarker = NonNullable<DatedChart['marker']>;

const groupThousands = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+$)/g, ',');

/** A value as the chart's unit reads ("42.5%", "$1.25 billion"). */
export function formatChartValue(unit: ChartUnit, value: number): string {
  if (unit === 'share') return `${(value * 100).toFixed(1)}%`;
  const abs = Math.abs(value);
  if (abs >= 1e9) return `$${(value / 1e9).toFixed(2)} billion`;
  if (abs >= 1e6) return `$${(value / 1e6).toFixed(2)} million`;
  return `$${groupThousands(value)}`;
}

/** The value of a stepwise-linear series on a date (interpolated between its points, clamped at the ends). */
export function valueOn(points: readonly DatedPoint[], date: string): number | undefined {
  if (points.length === 0) return undefined;
  const at = Date.parse(date);
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (at <= Date.parse(first.date)) return first.value;
  if (at >= Date.parse(last.date)) return last.value;
  const after = points.findIndex((p) => Date.parse(p.date) >= at);
  const a = points[after - 1]!;
  const b = points[after]!;
  const span = Date.parse(b.date) - Date.parse(a.date);
  return a.value + ((b.value - a.value) * (at - Date.parse(a.date))) / span;
}

/** The marker's value: its own when given (exact), else read off the line. */
export const markerValueOn = (points: readonly DatedPoint[], marker: ChartMarker) =>
  marker.value ?? valueOn(points, marker.date);

/**
 * A dated series in words, for screen readers and the PDF: first and last points, the marker,
 * and evenly spread points (at most `maxPoints`).
 */
export function describeSeries(
  title: string,
  points: readonly DatedPoint[],
  format: (value: number) => string,
  marker?: ChartMarker,
  maxPoints = 8,
): string {
  if (points.length === 0) return `${title}: no figures.`;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const markerValue = marker ? markerValueOn(points, marker) : undefined;
  const marked =
    marker && markerValue !== undefined ? ` ${marker.label} (${marker.date}): ${format(markerValue)}.` : '';
  const spread = tablePoints(points, maxPoints)
    .map((p) => `${p.date}: ${format(p.value)}`)
    .join('; ');
  return `${title} from ${first.date} (${format(first.value)}) to ${last.date} (${format(last.value)}).${marked} ${spread}.`;
}

/** A stored chart in words, with the values formatted by its unit. */
export function describeChart(chart: DatedChart, maxPoints = 8): string {
  return describeSeries(
    chart.title,
    chart.points,
    (v) => formatChartValue(chart.unit, v),
    chart.marker,
    maxPoints,
  );
}

/** A handful of evenly spread points (first and last included) for the table beside a chart. */
export function tablePoints(points: readonly DatedPoint[], maxPoints = 8): DatedPoint[] {
  if (points.length <= maxPoints) return [...points];
  const picked = new Set<number>();
  for (let i = 0; i < maxPoints; i++) picked.add(Math.round((i * (points.length - 1)) / (maxPoints - 1)));
  return [...picked].sort((a, b) => a - b).map((i) => points[i]!);
}
