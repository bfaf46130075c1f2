import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  type CategoryScores,
  METHODOLOGY_VERSION,
  type RiskLevel,
} from '../../contract/methodology';
import { compareFacts, compareVersions, type VersionForChanges } from './changes';

describe('compareFacts', () => {
  it('pairs a fact whose wording stayed around a new figure as changed', () => {
    expect(
      compareFacts(
        ['Market capitalisation is $1.00 billion.', 'It ranks number 40 by market capitalisation.'],
        [
          'Market capitalisation is $2.50 billion.',
          'At the same price the full maximum supply would be worth $3.00 billion.',
        ],
      ),
    ).toEqual({
      changed: [
        {
          before: 'Market capitalisation is $1.00 billion.',
          after: 'Market capitalisation is $2.50 billion.',
        },
      ],
      appeared: ['At the same price the full maximum supply would be worth $3.00 billion.'],
      disappeared: ['It ranks number 40 by market capitalisation.'],
    });
  });

  it('leaves identical facts out, and does not pair facts on a short common start', () => {
    expect(compareFacts(['Audited.', 'It is 5 years old.'], ['Audited.', 'It is 6 years old.'])).toEqual({
      changed: [],
      appeared: ['It is 6 years old.'],
      disappeared: ['It is 5 years old.'],
    });
  });
});

describe('compareVersions, Not rated', () => {
  const version = (total: number, riskLevel: RiskLevel | null): VersionForChanges => ({
    scores: {
      ...(Object.fromEntries(CATEGORIES.map((c) => [c.key, 5])) as CategoryScores),
      totalScore: total,
    },
    riskLevel,
    methodologyVersion: METHODOLOGY_VERSION,
    facts: {},
    evidence: null,
  });

  it('never states a total for a Not rated version ("moved from 77.00 to 77.00")', () => {
    expect(compareVersions(version(77, null), version(77, null), { withFacts: false }).verdict).toBe(
      'The verdict stays Not rated; neither version has a total.',
    );
    expect(
      compareVersions(version(77, null), version(54.76, 'Likely Safe'), { withFacts: false }).verdict,
    ).toBe(
      'The verdict changed from Not rated to Likely Safe; the total went from Not rated to 54.76 of 77.',
    );
    expect(
      compareVersions(version(54.76, 'Likely Safe'), version(54.76, 'Likely Safe'), { withFacts: false })
        .verdict,
    ).toBe('The verdict stays Likely Safe; the total stays 54.76 of 77.');
  });
});
