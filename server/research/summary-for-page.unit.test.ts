import { describe, expect, it } from 'vitest';
import { summaryForPage } from '../../contract/reports';
import { dataNoteFor } from './pipeline';

// The report page leaves the offline data note's dataset list (commits, licences) to its Sources
// section; the cut is keyed on the sentence the pipeline writes, so the two must stay in step.

const NOW = new Date('2026-11-26T00:00:00Z');

describe('summaryForPage', () => {
  it('ends an offline summary at its data note, without the list of datasets', () => {
    const summary = `Bitcoin (BTC) scores 77.00 of 77. ${dataNoteFor('offline', 'Bitcoin', NOW)}`;
    expect(summary).toMatch(/license: /);
    expect(summaryForPage(summary)).toBe(
      'Bitcoin (BTC) scores 77.00 of 77. Bitcoin was researched from the offline demo snapshot, not live market data; its datasets are listed under Sources.',
    );
  });

  it('leaves a live summary, which names no datasets, as it is', () => {
    const summary = `Bitcoin (BTC) scores 77.00 of 77. ${dataNoteFor('live', 'Bitcoin', NOW)}`;
    expect(summaryForPage(summary)).toBe(summary);
  });
});
