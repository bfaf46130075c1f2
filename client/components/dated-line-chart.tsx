import { useId } from 'react';
import { type ChartMarker, type DatedPoint, markerValueOn, tablePoints } from '../../contract/charts';

const WIDTH = 480;
const HEIGHT = 180;
const PAD = { left: 52, right: 16, top: 12, bottom: 28 };

export interface DatedLineChartProps {
  /** What the line shows; also the chart's accessible name. */
  title: string;
  /** Oldest first. */
  points: DatedPoint[];
  formatValue: (value: number) => string;
  /** A date marked on the line (the report's date). */
  marker?: ChartMarker;
  /** Whose figures these are, under the chart. */
  caption: string;
  testId?: string;
}

const time = (date: string) => Date.parse(date);

/**
 * A dated series as a line (hand-drawn SVG, no chart library), described in words for screen
 * readers, with a table of evenly spread figures under it. Colours come from the theme tokens,
 * so it reads the same in light and dark.
 */
export function DatedLineChart({ title, points, formatValue, marker, caption, testId }: DatedLineChartProps) {
  const descriptionId = useId();
  const tableId = useId();
  if (points.length === 0) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const values = points.map((p) => p.value);
  const low = Math.min(0, ...values);
  const high = Math.max(...values) === low ? low + 1 : Math.max(...values);
  const from = time(first.date);
  const span = Math.max(1, time(last.date) - from);
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (date: string) => PAD.left + ((time(date) - from) / span) * innerWidth;
  const y = (value: number) => PAD.top + innerHeight - ((value - low) / (high - low)) * innerHeight;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.date).toFixed(1)},${y(p.value).toFixed(1)}`);
  const markerValue = marker ? markerValueOn(points, marker) : undefined;
  const markerInside = marker && time(marker.date) >= from && time(marker.date) <= time(last.date);
  const rows = tablePoints(points);
  const description = `${title} from ${first.date} (${formatValue(first.value)}) to ${last.date} (${formatValue(last.value)})${
    marker && markerValue !== undefined
      ? `; ${marker.label.toLowerCase()} ${marker.date}: ${formatValue(markerValue)}`
      : ''
  }.`;
  const ticks = [low, (low + high) / 2, high];
  return (
    <figure className="space-y-2" data-testid={testId}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-xl text-primary"
        role="img"
        aria-label={title}
        aria-describedby={descriptionId}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-border"
              strokeDasharray="4 4"
            />
            <text x={PAD.left - 4} y={y(tick) + 4} textAnchor="end" className="fill-muted text-[10px]">
              {formatValue(tick)}
            </text>
          </g>
        ))}
        <path d={line.join(' ')} fill="none" stroke="currentColor" strokeWidth={2} />
        {marker && markerInside && markerValue !== undefined && (
          <g>
            <line
              x1={x(marker.date)}
              x2={x(marker.date)}
              y1={PAD.top}
              y2={PAD.top + innerHeight}
              className="stroke-accent"
              strokeWidth={1}
            />
            <circle cx={x(marker.date)} cy={y(markerValue)} r={5} className="fill-accent" />
            <text
              x={x(marker.date)}
              y={PAD.top + 10}
              textAnchor={x(marker.date) > WIDTH / 2 ? 'end' : 'start'}
              dx={x(marker.date) > WIDTH / 2 ? -4 : 4}
              className="fill-fg text-[10px]"
            >
              {marker.label}
            </text>
          </g>
        )}
        <text x={PAD.left} y={HEIGHT - 8} textAnchor="start" className="fill-muted text-[10px]">
          {first.date.slice(0, 7)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="fill-muted text-[10px]">
          {last.date.slice(0, 7)}
        </text>
      </svg>
      <figcaption className="text-xs text-muted">
        <span id={descriptionId}>{description}</span> {caption}
      </figcaption>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-xs" aria-labelledby={tableId}>
          <caption id={tableId} className="sr-only">
            {title}: figures
          </caption>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-1 pr-3">
                Date
              </th>
              <th scope="col" className="py-1">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {[
              ...rows,
              ...(marker && markerValue !== undefined
                ? [{ date: marker.date, value: markerValue, marked: true }]
                : []),
            ]
              .sort((a, b) => a.date.localeCompare(b.date))
              .map((row) => (
                <tr
                  key={`${row.date}-${'marked' in row ? 'marker' : 'point'}`}
                  className="border-b border-border/60"
                >
                  <th scope="row" className="py-1 pr-3 font-normal tabular-nums">
                    {row.date}
                    {'marked' in row && marker ? ` (${marker.label.toLowerCase()})` : ''}
                  </th>
                  <td className="py-1 tabular-nums">{formatValue(row.value)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
