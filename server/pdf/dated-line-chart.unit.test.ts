import { describe, expect, it } from 'vitest';
import { scoreCirculatingSupply } from '../research/scoring';
import { findSnapshotAsset, snapshotMarketEvidence } from '../research/sources/snapshot';
import { readPdf } from '../testing/pdf';
import { sampleReportRows } from '../testing/sample-report';
import { buildReportDocument } from './document';
import { renderReportPdf } from './render';

// The PDF draws a category's dated chart (the unlock schedule under Circulating Supply) and
// states it in words, so the figures survive printing and text extraction.

const flat = (text: string) => text.replace(/\s+/g, ' ');

// Rendering and reading a whole report takes seconds on a loaded machine.
describe('the unlock schedule in the PDF', { timeout: 30_000 }, () => {
  it('describes the schedule with its first point, the report-date marker and whose plan it is', async () => {
    const now = new Date('2026-11-24T00:00:00Z');
    const chart = scoreCirculatingSupply(snapshotMarketEvidence(findSnapshotAsset('sui')!), now).chart;
    expect(chart).toBeDefined();
    const { report, progress } = sampleReportRows('Sui');
    const rows = progress.map((row) =>
      row.categoryKey === 'circulatingSupply'
        ? { ...row, researchData: { ...(row.researchData as object), chart } }
        : row,
    );
    const pdf = await renderReportPdf(buildReportDocument(report, rows), { appName: 'Crow Research' });
    const text = flat((await readPdf(pdf)).text);
    expect(text).toContain('SHARE OF THE SCHEDULED SUPPLY UNLOCKED');
    expect(text).toContain(`Share of the scheduled supply unlocked from ${chart!.points[0]!.date} (0.0%)`);
    expect(text).toMatch(/Report date \(2026-11-24\): \d+\.\d%/);
    expect(text).toContain('per the schedule in DefiLlama/emissions-adapters as of 2026-04-03');
  });

  it('draws no chart for a category without one', async () => {
    const { report, progress } = sampleReportRows('Sui');
    const text = flat(
      (
        await readPdf(
          await renderReportPdf(buildReportDocument(report, progress), { appName: 'Crow Research' }),
        )
      ).text,
    );
    expect(text).not.toContain('SHARE OF THE SCHEDULED SUPPLY UNLOCKED');
  });
});
