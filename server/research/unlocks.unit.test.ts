import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../contract/methodology';
import { SCORING_RULES_BY_VERSION, SCORING_RULES_V1, UNLOCK_THRESHOLDS } from '../../contract/scoring-rules';
import type { AssetEvidence, UnlockFacts } from './evidence';
import { buildKeyRisks, type CategoryResult } from './report-text';
import { SCORERS, scoreCirculatingSupply, scoreTotalSupply } from './scoring';
import { sourceProblem } from './source-check';
import { findSnapshotAsset, snapshotMarketEvidence, snapshotUnlocks } from './sources/snapshot';

// A published unlock schedule as supply evidence (methodology 2026.11-4): the locked share and
// the next unlock are read at the scoring time, a material unlock is named as a key risk, and
// the schedule is drawn with a marker at the report date.

const at = '2026-04-03T00:00:00.000Z';
const source = {
  title: 'Unlock schedule (protocols/example.ts)',
  url: 'https://github.com/DefiLlama/emissions-adapters/blob/ef62935896b0a558bdd13101e8cb8654fb32c26d/protocols/example.ts',
  publishedAt: '2026-04-03',
  retrievedAt: at,
  live: false,
};

/** 1,000 tokens: 400 at launch, then six monthly steps of 100 from 1 January 2027. */
const plan: UnlockFacts = {
  totalScheduled: 1000,
  asOf: '2026-04-03',
  datasetName: 'DefiLlama/emissions-adapters',
  sections: [
    { name: 'Public sale', amount: 400 },
    { name: 'Team', amount: 600 },
  ],
  releases: [
    { section: 'Public sale', type: 'cliff', at: '2026-01-01T00:00:00Z', amount: 400 },
    {
      section: 'Team',
      type: 'step',
      from: '2027-01-01T00:00:00Z',
      everySeconds: 30 * 86_400,
      steps: 6,
      amountPerStep: 100,
    },
  ],
  schedule: [
    { date: '2026-01-01', cumulativeUnlockedShare: 0.4 },
    { date: '2027-08-01', cumulativeUnlockedShare: 1 },
  ],
  documents: [],
};
const evidence: AssetEvidence = { unlocks: { value: plan, source } };

describe('supply scored from an unlock schedule', () => {
  it('scores Circulating Supply on the unlocked share and names the next material unlock as a key risk', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    const assessment = scoreCirculatingSupply(evidence, now);
    // 40% unlocked: between the 25% and 50% thresholds.
    expect(assessment.score).toBe(2);
    expect(assessment.evidenceFound).toBe(true);
    expect(assessment.facts.join(' ')).toContain(
      'Per the schedule in DefiLlama/emissions-adapters as of 2026-04-03, 40.0% of the 1,000 scheduled tokens are unlocked on 2026-11-24 and 60.0% are still locked.',
    );
    expect(assessment.keyRisk).toContain(
      '100 tokens (10.0% of the scheduled supply; Team) unlock on 2027-01-31',
    );
    expect(assessment.sources).toEqual([source]);
    expect(assessment.nextUp).toBe('Unlocked share: 50.0% or more');
    expect(assessment.nextDown).toBe('Unlocked share: below 25.0%');
  });

  it('reads the same schedule differently at a later scoring time', () => {
    const later = scoreCirculatingSupply(evidence, new Date('2027-03-15T00:00:00Z'));
    // Two steps done (31 January, 2 March): 60% unlocked.
    expect(later.score).toBe(3);
    expect(later.facts.join(' ')).toContain('60.0% of the 1,000 scheduled tokens are unlocked on 2027-03-15');
    const done = scoreCirculatingSupply(evidence, new Date('2028-01-01T00:00:00Z'));
    expect(done.score).toBe(5);
    expect(done.keyRisk).toBeUndefined();
    expect(done.facts.join(' ')).toContain('The schedule is complete');
  });

  it('leaves an unlock below the material share out of the key risks', () => {
    const small: UnlockFacts = {
      ...plan,
      totalScheduled: 100_000,
      releases: [
        { section: 'Public sale', type: 'cliff', at: '2026-01-01T00:00:00Z', amount: 99_400 },
        {
          section: 'Team',
          type: 'step',
          from: '2027-01-01T00:00:00Z',
          everySeconds: 30 * 86_400,
          steps: 6,
          amountPerStep: 100,
        },
      ],
    };
    const assessment = scoreCirculatingSupply(
      { unlocks: { value: small, source } },
      new Date('2026-11-24T00:00:00Z'),
    );
    expect(100 / 100_000).toBeLessThan(UNLOCK_THRESHOLDS.materialUnlockShare);
    expect(assessment.score).toBe(5);
    expect(assessment.keyRisk).toBeUndefined();
    expect(assessment.facts.join(' ')).toContain(
      'The next unlock is on 2027-01-31: 100 tokens (0.1% of the scheduled supply; Team).',
    );
  });

  it('scores Total Supply on how much the next 365 days add to the unlocked supply', () => {
    const assessment = scoreTotalSupply(evidence, new Date('2026-11-24T00:00:00Z'));
    // All 600 team tokens within a year, on 400 unlocked: +150%.
    expect(assessment.score).toBe(2);
    expect(assessment.facts.join(' ')).toContain('adding 150.0% to the supply unlocked today');
    const quiet = scoreTotalSupply(evidence, new Date('2027-07-15T00:00:00Z'));
    expect(quiet.score).toBe(5);
  });

  it('keeps market supply figures first, adding the schedule, its chart and its unlock risk', () => {
    const withMarket: AssetEvidence = {
      ...evidence,
      supply: { value: { circulating: 950, total: 1000, max: 1000 }, source: { ...source, title: 'market' } },
    };
    const now = new Date('2026-11-24T00:00:00Z');
    const assessment = scoreCirculatingSupply(withMarket, now);
    expect(assessment.score).toBe(5);
    expect(assessment.facts[0]).toContain('Circulating supply: 950 of a total supply of 1,000');
    expect(assessment.keyRisk).toContain('unlock on 2027-01-31');
    expect(assessment.chart?.marker).toEqual({ date: '2026-11-24', label: 'Report date', value: 0.4 });
    expect(scoreTotalSupply(withMarket, now).facts[0]).toContain('Total supply: 1,000 of a maximum of 1,000');
  });

  it('puts the next unlock among the report key risks even when the category scores well', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    const results: CategoryResult[] = CATEGORIES.map((category) => {
      const assessment = SCORERS[category.key](evidence, now);
      return {
        key: category.key,
        score: assessment.score,
        findings: assessment.facts.join(' '),
        analysis: assessment.rationale,
        sources: assessment.sources,
        facts: assessment.facts,
        ...(assessment.keyRisk ? { keyRisk: assessment.keyRisk } : {}),
        coverage: { kind: assessment.evidenceFound ? 'snapshot' : 'none' },
      };
    });
    const risks = buildKeyRisks(results);
    expect(risks.find((r) => r.category_key === 'circulatingSupply')?.text).toContain('unlock on 2027-01-31');
  });
});

describe('the methodology', () => {
  it('lists the unlock thresholds for 2026.11-4 and keeps the 2026.11-3 supply ladders as they were', () => {
    const current = SCORING_RULES_BY_VERSION['2026.11-4']!;
    const notes = [...(current.circulatingSupply.notes ?? []), ...(current.totalSupply.notes ?? [])].join(
      ' ',
    );
    expect(notes).toContain('at least 1% of its supply on one day within the next 365 days');
    expect(notes).toContain('at most 2% to the supply unlocked today, 4 up to 5%, 3 up to 15%');
    expect(SCORING_RULES_BY_VERSION['2026.11-3']!.circulatingSupply.levels).toEqual(
      SCORING_RULES_V1.circulatingSupply.levels,
    );
    expect(SCORING_RULES_BY_VERSION['2026.11-3']!.totalSupply.levels).toEqual(
      SCORING_RULES_V1.totalSupply.levels,
    );
  });
});

describe('the offline schedules', () => {
  it('cite the dataset file at its commit and the schedule’s own documents, never a homepage', () => {
    const litecoin = snapshotUnlocks(findSnapshotAsset('litecoin')!);
    expect(litecoin?.source.url).toMatch(
      /^https:\/\/github\.com\/DefiLlama\/emissions-adapters\/blob\/[0-9a-f]{40}\/protocols\/litecoin\.ts$/,
    );
    // The adapter cites litecoin.org and litecoinhalving.com (homepages): both are left out.
    const urls = litecoin?.value.documents.map((d) => d.url ?? '') ?? [];
    expect(urls.some((u) => /^https:\/\/(www\.)?litecoin(halving)?\.(org|com)\/?$/.test(u))).toBe(false);
    for (const document of [litecoin!.source, ...litecoin!.value.documents])
      expect(sourceProblem(document)).toBeNull();
  });

  it('give a token with a schedule evidence in both supply categories', () => {
    const sui = snapshotMarketEvidence(findSnapshotAsset('sui')!);
    const now = new Date('2026-11-24T00:00:00Z');
    expect(scoreCirculatingSupply(sui, now).evidenceFound).toBe(true);
    expect(scoreTotalSupply(sui, now).evidenceFound).toBe(true);
    expect(scoreCirculatingSupply(sui, now).chart?.points.length).toBeGreaterThan(12);
  });
});
