import { describe, expect, it } from 'vitest';
import { citedSources } from './assessment';
import { kindCheckRisks, kindChecks } from './kind-checks';
import { offlineDemoEvidence } from './offline-report';
import { assessEvidence } from './peers';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// The analyst's findings on the offline reports (decision 0278): checks and categories read the
// recorded incidents and say precisely what the sources hold.
const NOW = new Date('2026-11-26T00:00:00Z');
const evidenceOf = (id: string) => offlineDemoEvidence(SNAPSHOT_ASSETS.find((a) => a.id === id)!);
const checkOf = (id: string, key: string) =>
  kindChecks('stablecoin', evidenceOf(id), NOW).find((c) => c.key === key)!;

describe('recorded incidents and supply in the checks and categories', () => {
  it.each(['usd-coin', 'dai'])(
    'does not call the worst depeg of %s met on monthly prices while its 2023 depeg is on record',
    (id) => {
      const check = checkOf(id, 'worstDepeg');
      expect(check.status).toBe('unknown');
      expect(check.finding).toMatch(/^A depeg is on record on 2023-03-11: /);
      expect(check.finding).toMatch(
        /The record gives no price, and the snapshots' lowest, \$0\.99\d on .+ monthly .+ misses it\.$/,
      );
      // The depeg's own document is among the check's sources.
      expect(check.sources.map((s) => s.url)).toContain(
        evidenceOf(id).incidents!.value.find((i) => i.kind === 'depeg')!.link,
      );
    },
  );

  it('says reserve attestations do not apply to an algorithmic stablecoin, and lists no key risk for them', () => {
    const checks = kindChecks('stablecoin', evidenceOf('bean'), NOW);
    const attestations = checks.find((c) => c.key === 'attestations')!;
    expect(attestations.status).toBe('notApplicable');
    expect(attestations.finding).toBe('The peg is algorithmic: with no reserve there is nothing to attest.');
    expect(kindCheckRisks(checks, () => 3).map((r) => r.text)).not.toContainEqual(
      expect.stringMatching(/^Reserve attestations/),
    );
  });

  it("writes Dai's depeg key risk in complete sentences", () => {
    const { categories } = assessEvidence(evidenceOf('dai'), NOW);
    expect(categories.hacksScandals.keyRisk).toBe(
      "The peg broke on 2023-03-11: USDC, which backed Dai, lost its peg after Silicon Valley Bank failed. The record also covers MakerDAO's emergency measures on Dai's USDC exposure.",
    );
  });

  it('cites under Hacks/Scandals the documents of the Celsius incidents it lists by reference', () => {
    const { categories } = assessEvidence(evidenceOf('celsius-degree-token'), NOW);
    const urls = citedSources(categories.hacksScandals).map((s) => s.url);
    for (const incident of evidenceOf('celsius-degree-token').incidents!.value)
      expect(urls).toContain(incident.link);
  });

  it('names the total or maximum supply as missing for Celsius, with the circulating supply its last snapshot holds', () => {
    const { categories } = assessEvidence(evidenceOf('celsius-degree-token'), NOW);
    const total = categories.totalSupply;
    expect(total.status).toBe('notAssessed');
    expect(total.nextUp).toBe('Needed: total or maximum supply.');
    expect(total.facts[0]).toBe(
      'The newest supply figure in the sources is a circulating supply of 238,863,520 on 2023-02-01, when the snapshots last listed this asset; that record states no total or maximum supply.',
    );
  });
});
