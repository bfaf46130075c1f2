import { describe, expect, it } from 'vitest';
import { KIND_RULES } from '../../contract/kind-rules';
import type { Source } from '../../contract/reports';
import type { AssetEvidence, Fact } from './evidence';
import { kindCheckRisks, kindChecks } from './kind-checks';
import { offlineDemoEvidence } from './offline-report';
import { snapshotMarketEvidence, snapshotSecurityEvidence } from './sources/snapshot';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

const NOW = new Date('2026-11-24T00:00:00Z');
const source: Source = { title: 'Test document', url: 'https://example.test/doc', retrievedAt: '2026-11-01' };
const fact = <T>(value: T): Fact<T> => ({ value, source });
const statusOf = (checks: ReturnType<typeof kindChecks>, key: string) =>
  checks.find((c) => c.key === key)?.status;

describe('checks for the kind of asset', () => {
  it('checks a coin of its own chain catalogued by its use (Dogecoin, a meme coin) as a network too', () => {
    // Dogecoin has no maximum supply, as Ethereum and Solana: the same issuance risk, whatever
    // its catalogue kind (a buyer found Ethereum's listed and Dogecoin's not).
    const dogecoin = SNAPSHOT_ASSETS.find((a) => a.id === 'dogecoin')!;
    const evidence = offlineDemoEvidence(dogecoin);
    expect(evidence.chain?.value).toBe('layer1');
    const checks = kindChecks('meme', evidence, NOW);
    expect(checks.find((c) => c.group === 'meme')).toBeDefined();
    expect(statusOf(checks, 'issuance')).toBe('risk');
    // A token on another chain has no network of its own to check.
    const pepe = SNAPSHOT_ASSETS.find((a) => a.id === 'pepe')!;
    const pepeChecks = kindChecks(
      'meme',
      { ...snapshotMarketEvidence(pepe), ...snapshotSecurityEvidence(pepe) },
      NOW,
    );
    expect(pepeChecks.some((c) => c.group === 'layer1')).toBe(false);
  });

  it('judges a stablecoin on its reserves, attestations, depeg, freeze powers and issuer', () => {
    const algorithmic: AssetEvidence = {
      stablecoin: fact({
        pegType: 'peggedUSD',
        pegMechanism: 'algorithmic',
        attestations: [],
        worstDepeg: { date: '2022-05-12', low: 0.2 },
        freezeOrBlacklist: true,
      }),
    };
    const checks = kindChecks('stablecoin', algorithmic, NOW);
    expect(checks.map((c) => c.key)).toEqual(KIND_RULES.stablecoin.rules.map((r) => r.key));
    expect(statusOf(checks, 'reserves')).toBe('risk');
    // An algorithmic peg holds no reserve: attestations do not apply (decision 0278).
    expect(statusOf(checks, 'attestations')).toBe('notApplicable');
    expect(statusOf(checks, 'worstDepeg')).toBe('risk');
    expect(checks.find((c) => c.key === 'worstDepeg')?.finding).toBe(
      'Lowest price on record: $0.200 on 2022-05-12.',
    );
    expect(statusOf(checks, 'freeze')).toBe('risk');
    expect(statusOf(checks, 'mintRedeem')).toBe('unknown');
    expect(statusOf(checks, 'issuer')).toBe('unknown');
    // Every check that uses a fact cites its source; an unknown one cites nothing.
    for (const check of checks) expect(check.sources.length > 0).toBe(check.status !== 'unknown');
  });

  it('reads the real registry entry of Tether: fiat-backed, with its attestation documents listed', () => {
    const tether = SNAPSHOT_ASSETS.find((a) => a.id === 'tether')!;
    const checks = kindChecks('stablecoin', snapshotMarketEvidence(tether), NOW);
    expect(statusOf(checks, 'reserves')).toBe('met');
    expect(checks.find((c) => c.key === 'reserves')?.finding).toMatch(/^The peg is fiat-backed/);
    expect(statusOf(checks, 'attestations')).toBe('met');
    expect(checks.find((c) => c.key === 'attestations')?.sources[0]?.dataset?.name).toBe(
      'DefiLlama/peggedassets-server',
    );
  });

  it('calls uncapped issuance of a network a dilution risk and says plainly what no source states', () => {
    const uncapped: AssetEvidence = {
      supply: fact({ circulating: 120_000_000, total: 120_000_000, max: null }),
    };
    const checks = kindChecks('layer1', uncapped, NOW);
    expect(statusOf(checks, 'issuance')).toBe('risk');
    expect(statusOf(checks, 'validators')).toBe('unknown');
    expect(checks.find((c) => c.key === 'validators')?.finding).toBe(
      'Missing: how concentrated its validators or clients are.',
    );
    const capped = kindChecks(
      'layer1',
      { supply: fact({ circulating: 19_900_000, total: 19_900_000, max: 21_000_000 }) },
      NOW,
    );
    expect(statusOf(capped, 'issuance')).toBe('met');
  });

  it('flags a DeFi protocol with only developer reviews, a halved value locked and a recent exploit', () => {
    const evidence: AssetEvidence = {
      audits: fact({
        count: 1,
        reports: [{ auditor: 'Own Labs', date: '2025-01', auditorIsDeveloper: true }],
      }),
      tvlTrend: fact({ currentUsd: 40_000_000, change365d: -0.6 }),
      hacks: fact([{ name: 'Pool drain', date: '2025-06-01', amountUsd: 5_000_000, returnedUsd: 1_000_000 }]),
    };
    const checks = kindChecks('defi', evidence, NOW);
    expect(statusOf(checks, 'audits')).toBe('risk');
    expect(statusOf(checks, 'tvlTrend')).toBe('risk');
    expect(statusOf(checks, 'exploits')).toBe('risk');
    expect(checks.find((c) => c.key === 'exploits')?.finding).toBe(
      '2025-06-01: Pool drain, net loss $4.00 million.',
    );
    // An exploit older than three years, fully returned, is not a risk now.
    const old = kindChecks(
      'defi',
      {
        hacks: fact([{ name: 'Old', date: '2021-01-01', amountUsd: 1, returnedUsd: 0 }]),
        incidentCoverage: [{ source, covers: true, reason: 'its mapping links 1 record to this asset' }],
      },
      NOW,
    );
    expect(statusOf(old, 'exploits')).toBe('met');
    // No recorded exploit in sources that do not cover the asset is not assessed, never "met".
    const uncovered = kindChecks(
      'defi',
      {
        hacks: fact([]),
        incidents: fact([]),
        incidentCoverage: [{ source, covers: false, reason: 'none of its records is mapped to this asset' }],
      },
      NOW,
    );
    expect(statusOf(uncovered, 'exploits')).toBe('unknown');
    expect(uncovered.find((c) => c.key === 'exploits')?.finding).toContain('a source that covers this asset');
  });

  it('reads an unlock schedule at the report date, whatever the kind', () => {
    const aptos = SNAPSHOT_ASSETS.find((a) => a.id === 'aptos');
    const evidence = aptos ? snapshotMarketEvidence(aptos) : {};
    if (!evidence.unlocks) throw new Error('the offline data holds no schedule for aptos');
    const checks = kindChecks('layer1', evidence, NOW);
    const locked = checks.find((c) => c.key === 'lockedShare');
    expect(locked?.group).toBe('unlocks');
    expect(locked?.finding).toMatch(/^\d+(\.\d)?% of the scheduled supply is still locked\.$/);
    expect(checks.find((c) => c.key === 'nextUnlock')).toBeDefined();
  });

  it('turns every risk into a key risk under its category, with that category’s score', () => {
    const checks = kindChecks(
      'meme',
      {
        holders: fact({ top10Share: 0.8, largest: [] }),
        liquidity: fact({ exchangeCount: 2, depthMinus2Usd: 20_000 }),
      },
      NOW,
    );
    const risks = kindCheckRisks(checks, (key) => (key === 'dexHolders' ? 2 : 3));
    expect(risks).toEqual([
      {
        category_key: 'dexHolders',
        category: 'Dex Holders',
        score: 2,
        text: 'Holder concentration: The 10 largest holders own 80% of the supply.',
      },
      {
        category_key: 'volumeX2',
        category: 'Volume',
        score: 3,
        text: 'Liquidity depth: $20,000 of bids within 2% below the price over its main markets.',
      },
    ]);
  });

  it('gives every kind in the offline data its checks, and none to a plain token without a schedule or a chain of its own', () => {
    for (const asset of SNAPSHOT_ASSETS) {
      const evidence = { ...snapshotMarketEvidence(asset), ...snapshotSecurityEvidence(asset) };
      const checks = kindChecks(asset.kind, evidence, NOW);
      const grouped = ['stablecoin', 'layer1', 'layer2', 'defi', 'meme'].includes(asset.kind ?? '');
      if (grouped) expect(checks.length, asset.id).toBeGreaterThan(0);
      const ownChain = evidence.chain?.value === 'layer1' || evidence.chain?.value === 'layer2';
      if (!grouped && !evidence.unlocks && !ownChain) expect(checks, asset.id).toEqual([]);
    }
  });
});
