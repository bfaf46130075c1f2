import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../contract/methodology';
import { assembleSections } from './report-text';
import { SCORERS } from './scoring';
import { sourceProblem } from './source-check';
import { snapshotMarketEvidence, snapshotSecurityEvidence } from './sources/snapshot';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// Every source a reader sees is a specific, dated document: never a bare domain or homepage, an
// organisation's page, or only the name of a dataset. Checked over the reports of every asset
// the offline data covers.

const NOW = new Date('2026-11-23T00:00:00Z');
describe('source check', () => {
  it('names the problem of a homepage, an organisation page, a dataset name and an undated link', () => {
    const at = '2026-08-21T00:00:00.000Z';
    expect(
      sourceProblem({ title: 'x', url: 'https://leastauthority.com/', retrievedAt: at, live: false }),
    ).toMatch(/homepage/);
    expect(sourceProblem({ title: 'x', url: 'https://github.com/ethena-labs', retrievedAt: at })).toMatch(
      /organisation/,
    );
    expect(
      sourceProblem({
        title: 'x',
        dataset: { name: 'crow', version: '', license: '', url: '' },
        retrievedAt: at,
      }),
    ).toMatch(/dataset name/);
    expect(
      sourceProblem({ title: 'x', url: 'https://example.org/report.pdf', retrievedAt: at, live: false }),
    ).toBe('undated');
    expect(
      sourceProblem({
        title: 'x',
        url: 'https://example.org/report.pdf',
        publishedAt: '2024-01-02',
        retrievedAt: at,
        live: false,
      }),
    ).toBeNull();
  });

  it('finds no homepage, organisation page, dataset-only or undated source in any offline report', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const asset of SNAPSHOT_ASSETS) {
      // The offline demo's evidence, Coin Metrics' market figures included.
      const evidence = {
        ...snapshotMarketEvidence(asset, { nonCommercial: true }),
        ...snapshotSecurityEvidence(asset),
      };
      const results = CATEGORIES.map((category) => {
        const assessment = SCORERS[category.key](evidence, NOW);
        return {
          key: category.key,
          score: assessment.score,
          findings: '',
          analysis: '',
          sources: assessment.sources,
        };
      });
      const sections = assembleSections(results, null, { summary: '', keyRisks: [], writer: 'rules' });
      expect(sections.dataAsOf, asset.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const source of results.flatMap((r) => r.sources)) {
        checked += 1;
        const problem = sourceProblem(source);
        if (problem) problems.push(`${asset.id}: ${problem}: ${source.title} ${source.url ?? ''}`);
      }
    }
    expect(checked).toBeGreaterThan(SNAPSHOT_ASSETS.length);
    expect(problems).toEqual([]);
  });
});
