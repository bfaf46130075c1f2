import { describe, expect, it } from 'vitest';
import { type DatedChart, describeChart, formatChartValue, tablePoints, valueOn } from './charts';

// The dated chart's figures in words, the same on the page and in the PDF.

const monthly = Array.from({ length: 25 }, (_, i) => ({
  date: new Date(Date.UTC(2024, i, 1)).toISOString().slice(0, 10),
  value: i / 24,
}));

describe('a dated chart in figures and words', () => {
  it('formats shares and dollars', () => {
    expect(formatChartValue('share', 0.6158)).toBe('61.6%');
    expect(formatChartValue('usd', 1_250_000_000)).toBe('$1.25 billion');
    expect(formatChartValue('usd', 12_345)).toBe('$12,345');
  });

  it('reads a value between two points, and holds the ends outside the line', () => {
    const points = [
      { date: '2024-01-01', value: 0 },
      { date: '2024-01-11', value: 1 },
    ];
    expect(valueOn(points, '2024-01-06')).toBeCloseTo(0.5, 6);
    expect(valueOn(points, '2023-06-01')).toBe(0);
    expect(valueOn(points, '2030-01-01')).toBe(1);
    expect(valueOn([], '2024-01-01')).toBeUndefined();
  });

  it('picks evenly spread rows for the table, first and last included', () => {
    const rows = tablePoints(monthly, 5);
    expect(rows.map((r) => r.date)).toEqual([
      '2024-01-01',
      '2024-07-01',
      '2025-01-01',
      '2025-07-01',
      '2026-01-01',
    ]);
    expect(tablePoints(monthly.slice(0, 3), 5)).toHaveLength(3);
  });

  it('describes the line from its first to its last point with the marked date', () => {
    const chart: DatedChart = {
      title: 'Share unlocked',
      unit: 'share',
      points: monthly,
      marker: { date: '2025-01-01', label: 'Report date' },
      caption: 'per a plan',
    };
    const text = describeChart(chart, 3);
    expect(text).toBe(
      'Share unlocked from 2024-01-01 (0.0%) to 2026-01-01 (100.0%). Report date (2025-01-01): 50.0%. 2024-01-01: 0.0%; 2025-01-01: 50.0%; 2026-01-01: 100.0%.',
    );
  });
});
