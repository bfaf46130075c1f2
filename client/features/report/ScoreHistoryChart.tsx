import { MAX_TOTAL, NOT_RATED_LABEL, RISK_BANDS, RISK_LEVEL_LABELS } from '../../../contract/methodology';
import type { ReportVersion } from '../../../contract/versions';
import { formatDate } from '../../lib/report-format';

const WIDTH = 480;
const HEIGHT = 180;
const PAD = { left: 36, right: 16, top: 12, bottom: 28 };

/**
 * The series' totals over its versions, oldest to newest, with the risk bands behind them. The
 * drawing is described in words for screen readers; the version table beside it holds the figures.
 */
/** Whether point i starts the line: no rated point comes before it. */
const line0 = (points: ReportVersion[], i: number, rated: (p: ReportVersion) => boolean) =>
  !points.slice(0, i).some(rated);

export function ScoreHistoryChart({ versions, currentId }: { versions: ReportVersion[]; currentId: number }) {
  const points = [...versions].sort((a, b) => a.version - b.version);
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (points.length === 1 ? innerWidth / 2 : (index / (points.length - 1)) * innerWidth);
  const y = (total: number) => PAD.top + innerHeight - (total / MAX_TOTAL) * innerHeight;
  // A Not rated version has no total to plot: it is named, not drawn at zero.
  const rated = (p: ReportVersion): p is ReportVersion & { compositeScore: number } =>
    p.compositeScore !== null;
  const line = points.flatMap((p, i) =>
    rated(p)
      ? [`${line0(points, i, rated) ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.compositeScore ?? 0).toFixed(1)}`]
      : [],
  );
  const description = points
    .map(
      (p) =>
        `version ${p.version} (${formatDate(p.completedAt)}): ${p.compositeScore !== null ? `${p.compositeScore.toFixed(1)} of ${MAX_TOTAL}` : NOT_RATED_LABEL}`,
    )
    .join('; ');
  return (
    <figure className="space-y-2" data-testid="score-history-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-xl text-primary"
        role="img"
        aria-label={`Total score by version: ${description}.`}
      >
        {RISK_BANDS.map((band) => (
          <g key={band.level}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(band.from)}
              y2={y(band.from)}
              className="stroke-border"
              strokeDasharray="4 4"
            />
            <text x={PAD.left - 4} y={y(band.from) + 4} textAnchor="end" className="fill-muted text-[10px]">
              {band.from}
            </text>
          </g>
        ))}
        <path d={line.join(' ')} fill="none" stroke="currentColor" strokeWidth={2} />
        {points.map((p, i) => (
          <g key={p.id}>
            {rated(p) && (
              <circle
                cx={x(i)}
                cy={y(p.compositeScore ?? 0)}
                r={p.id === currentId ? 6 : 4}
                fill="currentColor"
                className={p.id === currentId ? '' : 'opacity-70'}
              />
            )}
            <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" className="fill-muted text-[10px]">
              v{p.version}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="text-xs text-muted">
        Total out of {MAX_TOTAL} per version; dashed lines mark the risk bands (
        {RISK_BANDS.map((b) => `${RISK_LEVEL_LABELS[b.level]} from ${b.from}`).join(', ')}).
      </figcaption>
    </figure>
  );
}
