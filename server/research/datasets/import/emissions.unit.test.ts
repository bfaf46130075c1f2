import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UnlockFacts } from '../../evidence';
import { releasedBy, unlockStatusAt } from '../../unlocks';
import { importProblem, unlockRecordOf } from './emissions';

// The unlock schedules of DefiLlama/emissions-adapters, on excerpts cut from the real files:
// protocols/celestia.ts as its default export evaluates (fixtures/emissions-celestia.json), and
// the import lines of protocols/aptos.ts (hand-written schedule) and protocols/bitcoin.ts (Dune).

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');
const celestia = () => JSON.parse(fixture('emissions-celestia.json'));

function celestiaRecord() {
  const outcome = unlockRecordOf(celestia(), 'protocols/celestia.ts');
  if (!('record' in outcome)) throw new Error(`celestia skipped: ${outcome.skipped}`);
  return outcome.record;
}

const factsOf = (record: ReturnType<typeof celestiaRecord>): UnlockFacts => ({
  totalScheduled: record.totalScheduled,
  asOf: '2026-04-03',
  datasetName: 'DefiLlama/emissions-adapters',
  sections: record.sections,
  releases: record.releases,
  schedule: record.monthly.map((p) => ({ date: p.date, cumulativeUnlockedShare: p.unlockedShare })),
  documents: [],
});

describe('which adapters are evaluated', () => {
  it('evaluates a file that imports only the manual builders, types and time helpers', () => {
    expect(importProblem(fixture('emissions-aptos-imports.ts.txt'))).toBeNull();
  });

  it('skips a file that reads Dune, naming the import', () => {
    expect(importProblem(fixture('emissions-bitcoin-imports.ts.txt'))).toBe(
      'imports ../utils/dune (chain or API calls)',
    );
  });

  it('skips a schedule with a section computed at run time, or a token that is not a CoinGecko id', () => {
    const computed = { ...celestia(), 'DAO treasury': () => Promise.resolve([]) };
    expect(unlockRecordOf(computed, 'protocols/x.ts')).toEqual({
      skipped: 'section "DAO treasury" is computed at run time',
    });
    const onChain = { ...celestia(), meta: { ...celestia().meta, token: 'arbitrum:0x912c' } };
    expect(unlockRecordOf(onChain, 'protocols/x.ts')).toEqual({
      skipped: 'token arbitrum:0x912c is not a CoinGecko id',
    });
  });

  it('uses the documented sections in place of the measured ones they replace', () => {
    const protocol = {
      ...celestia(),
      'Public Allocation': () => Promise.resolve([]),
      documented: {
        replaces: ['Public Allocation'],
        'Public Allocation': { type: 'cliff', start: 1698760800, amount: 2e8 },
      },
    };
    const outcome = unlockRecordOf(protocol, 'protocols/celestia.ts');
    expect('record' in outcome && outcome.record.totalScheduled).toBe(1e9);
  });
});

describe('the Celestia schedule', () => {
  it('sums the sections to the 1 billion TIA genesis supply and keeps the cited document', () => {
    const record = celestiaRecord();
    expect(record.geckoId).toBe('celestia');
    expect(record.totalScheduled).toBeCloseTo(1e9, 0);
    expect(record.sections.map((s) => s.name)).toEqual([
      'Public Allocation',
      'R&D & Ecosystem',
      'Initial Core Contributors',
      'Early Backers Seed',
      'Early Backers Series A&B',
    ]);
    expect(record.sources).toEqual(['https://docs.celestia.org/learn/TIA/staking-governance-supply/']);
  });

  it('draws monthly points from nothing before launch to everything after the last daily step', () => {
    const { monthly } = celestiaRecord();
    expect(monthly[0]).toEqual({ date: '2023-10-01', unlockedShare: 0 });
    // Launch on 31 October 2023: the public allocation (20%) and a quarter of R&D (6.7%).
    expect(monthly[1]).toEqual({ date: '2023-11-01', unlockedShare: 0.267 });
    expect(monthly.at(-1)?.unlockedShare).toBe(1);
    const shares = monthly.map((p) => p.unlockedShare);
    expect(shares).toEqual([...shares].sort((a, b) => a - b));
  });

  it('counts a step at the end of its period, as the adapters runner does', () => {
    const step = {
      section: 's',
      type: 'step',
      from: '2024-01-01T00:00:00Z',
      everySeconds: 86_400,
      steps: 3,
      amountPerStep: 10,
    } as const;
    expect(releasedBy(step, Date.parse('2024-01-01T23:59:59Z') / 1000)).toBe(0);
    expect(releasedBy(step, Date.parse('2024-01-02T00:00:00Z') / 1000)).toBe(10);
    expect(releasedBy(step, Date.parse('2025-01-01T00:00:00Z') / 1000)).toBe(30);
  });

  it('finds the one-year cliff of insiders and backers as the next material unlock a month before it', () => {
    const status = unlockStatusAt(factsOf(celestiaRecord()), new Date('2024-10-01T00:00:00Z'));
    expect(status.lockedShare).toBeCloseTo(1 - 0.267, 3);
    expect(status.nextMaterialUnlock?.date).toBe('2024-10-30');
    // 33% of the core contributors' 176M, the seed round's 159M and series A&B's 197M.
    expect(status.nextMaterialUnlock?.share).toBeCloseTo((0.33 * (176e6 + 159e6 + 197e6)) / 1e9, 4);
    expect(status.nextMaterialUnlock?.sections).toEqual([
      'Early Backers Seed',
      'Early Backers Series A&B',
      'Initial Core Contributors',
    ]);
    expect(status.complete).toBe(false);
  });

  it('reports a finished schedule as complete, with nothing locked and no next unlock', () => {
    const status = unlockStatusAt(factsOf(celestiaRecord()), new Date('2028-01-01T00:00:00Z'));
    expect(status).toMatchObject({ complete: true, lockedShare: 0, horizonShare: 0 });
    expect(status.nextUnlock).toBeUndefined();
  });
});
