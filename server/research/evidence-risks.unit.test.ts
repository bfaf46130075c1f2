import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../contract/methodology';
import { EVIDENCE_RISK_THRESHOLDS } from '../../contract/scoring-rules';
import { offlineDemoEvidence, offlineReportInput } from './offline-report';
import { rulesKeyRisks } from './report-text';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// Issue 42 and 44: key risks for every rated asset from its evidence, each citing where its figure
// comes from; a major asset names at least three; a 5/5 category is never a key risk (0322).

const NOW = new Date('2026-11-29T00:00:00Z');
const asset = (id: string) => SNAPSHOT_ASSETS.find((a) => a.id === id)!;

describe('key risks read from the evidence', () => {
  it('names at least three for Bitcoin, each with its figure and the dataset it comes from', async () => {
    const input = await offlineReportInput(asset('bitcoin'), NOW, undefined, { kindChecks: true });
    const risks = rulesKeyRisks(input);
    expect(risks.length).toBeGreaterThanOrEqual(3);
    const e = offlineDemoEvidence(asset('bitcoin'));
    const texts = risks.map((r) => r.text);
    // The drawdown, the largest fall within the year and the issuance left, as the datasets state them.
    expect(texts).toContainEqual(
      expect.stringContaining(
        `${(Math.abs(e.athChangeRatio!.value) * 100).toFixed(1)}% below its all-time high`,
      ),
    );
    expect(texts).toContainEqual(
      expect.stringContaining(`fell by as much as ${(e.priceHistory!.value.maxDrawdown! * 100).toFixed(1)}%`),
    );
    const left = e.supply!.value.max! - e.supply!.value.total!;
    expect(texts).toContainEqual(expect.stringContaining(`${left.toLocaleString('en-US')} more units`));
    for (const risk of risks.filter((r) => r.category_key === 'priceHistory' || r.category_key === 'supply'))
      expect(risk.text, risk.text).toMatch(/\([\w.-]+\/[\w.-]+, .*\d{4}-\d\d-\d\d\)\.$/);
  });

  it('names the concentration of block production where the EDI readings show few producers made most blocks', async () => {
    const e = offlineDemoEvidence(asset('bitcoin'));
    const reading = e.blockProduction!.value;
    expect(reading.nakamotoCoefficient).toBeLessThanOrEqual(EVIDENCE_RISK_THRESHOLDS.blockMajorityProducers);
    const input = await offlineReportInput(asset('bitcoin'), NOW, undefined, { kindChecks: true });
    const network = rulesKeyRisks(input).filter((r) => r.category_key === 'network');
    expect(network.map((r) => r.text)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${reading.nakamotoCoefficient} producers made the majority of Bitcoin's blocks in the reading of ${reading.date}: the largest ${(reading.top1Share * 100).toFixed(1)}%, .*\\(Blockchain-Technology-Lab/edi-frontend, .*\\)\\.$`,
        ),
      ),
    );
    // A chain without a reading (Litecoin has none here) names no such risk.
    const litecoin = await offlineReportInput(asset('litecoin'), NOW, undefined, { kindChecks: true });
    expect(rulesKeyRisks(litecoin).filter((r) => r.text.includes('made the majority'))).toEqual([]);
  });

  it('names none the evidence does not hold: a price at its high and no price history give no drawdown risk', async () => {
    const tron = offlineDemoEvidence(asset('tron'));
    const { latest, high } = tron.snapshotPrices!.value;
    expect(1 - latest.priceUsd / high.priceUsd).toBeLessThan(EVIDENCE_RISK_THRESHOLDS.belowHigh);
    const input = await offlineReportInput(asset('tron'), NOW, undefined, { kindChecks: true });
    expect(rulesKeyRisks(input).filter((r) => r.category_key === 'priceHistory')).toEqual([]);
  });

  it('never lists a category scored 5/5 as a key risk, in any catalogue report', async () => {
    const topScored: string[] = [];
    for (const a of SNAPSHOT_ASSETS) {
      const input = await offlineReportInput(a, NOW, undefined, { kindChecks: true });
      for (const risk of rulesKeyRisks(input)) {
        const category = input.results.find((r) => r.key === risk.category_key);
        if (category && category.score === 5 && category.coverage?.kind !== 'none')
          topScored.push(
            `${a.id}: ${CATEGORIES.find((c) => c.key === category.key)!.name} 5/5: ${risk.text}`,
          );
      }
    }
    expect(topScored).toEqual([]);
  });
});
