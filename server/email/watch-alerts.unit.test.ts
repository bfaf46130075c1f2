import { describe, expect, it } from 'vitest';
import { watchAlertSummary } from './watch-alerts';

describe('watchAlertSummary', () => {
  it('alerts when the risk level changes, however small the move', () => {
    expect(
      watchAlertSummary(
        { compositeScore: 50.5, riskLevel: 'Potential' },
        { compositeScore: 51.2, riskLevel: 'Likely Safe' },
      ),
    ).toBe(
      'The risk level changed from Potential Risk to Likely Safe. The total moved from 50.50 to 51.20 of 77 (+0.70).',
    );
  });

  it('alerts on a move of 3 points or more either way, and stays quiet below', () => {
    expect(
      watchAlertSummary(
        { compositeScore: 60, riskLevel: 'Likely Safe' },
        { compositeScore: 63, riskLevel: 'Likely Safe' },
      ),
    ).toMatch(/stays Likely Safe\. The total moved from 60\.00 to 63\.00 of 77 \(\+3\.00\)/);
    expect(
      watchAlertSummary(
        { compositeScore: 63, riskLevel: 'Likely Safe' },
        { compositeScore: 59.9, riskLevel: 'Likely Safe' },
      ),
    ).toMatch(/\(-3\.10\)/);
    expect(
      watchAlertSummary(
        { compositeScore: 60, riskLevel: 'Likely Safe' },
        { compositeScore: 62.99, riskLevel: 'Likely Safe' },
      ),
    ).toBeNull();
  });
});
