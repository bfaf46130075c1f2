import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../contract/methodology';
import { assess } from '../assessment';
import { scoreAudits } from '../scoring';
import { sourceProblem } from '../source-check';
import { deterministicWriter } from '../writer';
import { snapshotSecurityEvidence } from './snapshot';
import { PUBLIC_DATA, SNAPSHOT_ASSETS } from './snapshot-data';

// The Audits category of the offline reports, on the real records of the auditors' listings:
// independent code audits and formal verifications count; a review by the asset's own
// developer is shown as what it is and does not (another client team is not its developer).

const NOW = new Date('2026-11-23T00:00:00Z');
const asset = (id: string) => SNAPSHOT_ASSETS.find((a) => a.id === id)!;

describe('published audits in the offline reports', () => {
  it('counts Sigma Prime’s reviews of Ethereum as independent: a client team is not the developer of the reviewed code', () => {
    const evidence = snapshotSecurityEvidence(asset('ethereum'));
    const reports = evidence.audits?.value.reports ?? [];
    expect(reports.map((r) => [r.auditor, r.date, r.auditorIsDeveloper])).toEqual([
      ['Sigma Prime', '2025-01', undefined],
      ['Sigma Prime', '2022-12', undefined],
    ]);
    const assessment = scoreAudits(evidence, NOW);
    expect(assessment.score).toBe(4);
    expect(assessment.facts[0]).toBe(
      '2 independent security audits recorded, by Sigma Prime, the latest from 2025-01 (the record gives only the month; its age counts from 2025-01-31).',
    );
    expect(assessment.facts.join(' ')).not.toMatch(/own developer/);
    // Each review is cited as its own dated document at the listing's commit.
    expect(assessment.sources.map((s) => s.url)).toEqual(reports.map((r) => r.url));
    for (const source of assessment.sources) {
      expect(source.url).toContain(`/sigp/public-audits/blob/${source.dataset?.version}/`);
      expect(source.publishedAt).toMatch(/^\d{4}-\d{2}/);
      expect(sourceProblem(source)).toBeNull();
    }
  });

  it('finds the latest audit in the whole listings: Chainlink’s 2025 reviews by Sigma Prime and Trail of Bits', () => {
    const assessment = scoreAudits(snapshotSecurityEvidence(asset('chainlink')), NOW);
    expect(assessment.facts[0]).toMatch(
      /the latest from 2025-06 \(the record gives only the month; its age counts from 2025-06-30\)\.$/,
    );
    expect(assessment.facts.join(' ')).toContain(
      'Trail of Bits (2025-02, code audit) of Chainlink Custom Senders and Receivers',
    );
  });

  it('counts independent firms’ audits and formal verifications: Uniswap scores 5, each review listed with date and kind', () => {
    const assessment = scoreAudits(snapshotSecurityEvidence(asset('uniswap')), NOW);
    expect(assessment.score).toBe(5);
    expect(assessment.facts).toEqual([
      '3 independent security audits recorded, by Certora and Trail of Bits, the latest dated 2024-09-05.',
      'Certora (2024-09-05, formal verification) of Uniswap: V4 Core.',
      'Trail of Bits (2024-07, code audit) of Uniswap v4 Core.',
      'Trail of Bits (2021-03, code audit) of Uniswap V3.',
    ]);
    expect(assessment.sources).toHaveLength(3);
    expect(assessment.sources.every((s) => s.title.includes('as listed in'))).toBe(true);
  });

  it('lists eight reviews and counts the rest when there are dozens, citing five by address (all are sources)', async () => {
    const assessment = scoreAudits(snapshotSecurityEvidence(asset('aave')), NOW);
    const independent = Number(/^(\d+) independent/.exec(assessment.facts[0]!)?.[1]);
    expect(independent).toBeGreaterThan(20);
    expect(assessment.sources).toHaveLength(independent);
    expect(assessment.facts.filter((f) => /^(Trail of Bits|Certora|Sigma Prime) \(/.test(f))).toHaveLength(8);
    expect(assessment.facts).toContain(`And ${independent - 8} earlier independent reviews.`);
    const category = CATEGORIES.find((c) => c.key === 'audits')!;
    const { findings } = await deterministicWriter.write({
      asset: null,
      assetName: 'Aave',
      category,
      assessment: assess(assessment),
    });
    expect(findings.match(/https:\/\/github\.com\//g)).toHaveLength(5);
    expect(findings).toContain(`and ${independent - 5} more in the source list)`);
  });

  it('takes a point off when the only independent review is more than three years old', () => {
    const assessment = scoreAudits(snapshotSecurityEvidence(asset('filecoin')), NOW);
    expect(assessment.facts[0]).toMatch(
      /^1 independent security audit recorded, by .+, the latest (dated|from) 20(1\d|20)[-\d]*[ .]/,
    );
    expect(assessment.score).toBe(2);
    expect(assessment.keyRisk).toMatch(/the latest, (dated|from) 2020/);
  });

  it('maps no client of a chain with several clients, nor a wallet app, to the asset', () => {
    const byPath = (suffix: string) => PUBLIC_DATA.audits.records.find((r) => r.key.endsWith(suffix));
    expect(byPath('reviews/2023-04-prysm-securityreview.pdf')?.assets).toEqual([]);
    expect(byPath('reports/reth/review.pdf')?.assets).toEqual([]);
    expect(byPath('reviews/2023-09-uniswap-wallet-securityreview.pdf')?.assets).toEqual([]);
  });

  it('leaves the category without evidence when no listing names the asset', () => {
    const evidence = snapshotSecurityEvidence(asset('bitcoin'));
    expect(evidence.audits).toBeUndefined();
    expect(assess(scoreAudits(evidence, NOW)).status).toBe('notAssessed');
  });
});
