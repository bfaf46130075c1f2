import { describe, expect, it } from 'vitest';
import type { Source } from '../../contract/reports';
import type { AssetEvidence, AuditReport } from './evidence';
import { offlineReportInput } from './offline-report';
import { scoreAudits } from './scoring';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// An audit's age counts from its own date to the data date (issue 32): Beanstalk's latest audit of
// 2023-11-20 is more than three years old on 2026-11-26, and a step never names what already holds.

const source: Source = {
  title: 'audits',
  url: 'https://example.test/audits',
  retrievedAt: '2026-11-26T00:00:00Z',
};
const audited = (dates: string[]): AssetEvidence =>
  ({
    audits: {
      value: {
        count: dates.length,
        reports: dates.map((date): AuditReport => ({ auditor: 'Trail of Bits', date, kind: 'code-audit' })),
      },
      source,
    },
  }) as AssetEvidence;
const REPORT_DATE = new Date('2026-11-26T12:00:00Z');

describe('audit staleness', () => {
  it("marks Beanstalk's latest audit of 2023-11-20 down on 2026-11-26 and prints the date", async () => {
    const asset = SNAPSHOT_ASSETS.find((a) => a.id === 'bean')!;
    const input = await offlineReportInput(asset, REPORT_DATE);
    const audits = input.results.find((r) => r.key === 'audits')!;
    expect(audits.facts?.join(' ')).toContain('the latest dated 2023-11-20');
    expect(audits.facts?.join(' ')).toContain('3 years passed on 2026-11-20');
    expect(audits.score).toBe(4);
  });

  it('counts a day-precision audit from its day: three years and one day is stale, three years is not', () => {
    expect(
      scoreAudits(audited(['2023-11-20', '2022-01-01', '2021-01-01']), new Date('2026-11-20T12:00:00Z'))
        .score,
    ).toBe(5);
    expect(
      scoreAudits(audited(['2023-11-20', '2022-01-01', '2021-01-01']), new Date('2026-11-21T12:00:00Z'))
        .score,
    ).toBe(4);
  });

  it('counts a year-only audit from the end of that year, and says so', () => {
    const fresh = scoreAudits(audited(['2023']), new Date('2026-12-31T12:00:00Z'));
    expect(fresh.score).toBe(3);
    expect(fresh.facts.join(' ')).toContain('the record gives only the year; its age counts from 2023-12-31');
    expect(scoreAudits(audited(['2023']), new Date('2027-01-01T12:00:00Z')).score).toBe(2);
  });

  it('never prints "older than 3 years" as the step down when the latest audit is already older', async () => {
    for (const asset of SNAPSHOT_ASSETS) {
      const input = await offlineReportInput(asset, REPORT_DATE);
      const audits = input.results.find((r) => r.key === 'audits')!;
      const stale = audits.nextUp?.includes('removes the staleness penalty') ?? false;
      if (stale) expect(audits.nextDown ?? '', asset.id).not.toContain('older than');
    }
  });
});
