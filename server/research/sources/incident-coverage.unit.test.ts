import { describe, expect, it } from 'vitest';
import { SCORING_RULES } from '../../../contract/scoring-rules';
import { offlineDemoEvidence, offlineReportInput } from '../offline-report';
import { buildReportText } from '../report-text';
import { INCIDENT_SOURCES, withCuratedIncidents } from './incidents';
import { createSnapshotSources } from './snapshot';
import { SNAPSHOT_ASSETS } from './snapshot-data';

// Incidents from sources with real coverage (issue 42, decision 0311): the SEC's enforcement actions
// reach the assets whose issuer was charged, one exploit reaches every asset whose own contracts it
// concerns, and each asset's evidence says which incident source covers it and why another does not.

const REPORT_DATE = new Date('2026-11-26T12:00:00Z');
const sources = createSnapshotSources();
const assetOf = (id: string) => SNAPSHOT_ASSETS.find((a) => a.id === id)!;
const reportOf = async (id: string) => buildReportText(await offlineReportInput(assetOf(id), REPORT_DATE));
const hacksSectionOf = async (id: string) => {
  const text = await reportOf(id);
  return text.slice(text.indexOf('Hacks/Scandals —'));
};
const coverageOf = async (id: string) => {
  const asset = assetOf(id);
  const evidence = await sources.security({
    id: asset.id,
    name: asset.name,
    symbol: asset.symbol,
    kind: asset.kind,
  });
  return evidence.incidentCoverage ?? [];
};

describe('incidents from the SEC enforcement list', () => {
  it("is a regulatory action in the report of the asset whose issuer was charged, dated and cited with the list's file", async () => {
    const action = offlineDemoEvidence(assetOf('ripple')).incidents?.value.find((i) =>
      i.title.includes('SEC v. Ripple Labs'),
    );
    expect(action).toMatchObject({ kind: 'regulatory action', date: '2020-12-22', teamAtFault: true });
    expect(action?.knockout).toBeUndefined();
    expect(action?.link).toMatch(
      /^https:\/\/github\.com\/ChoiceCoin\/Solana-Compliance\/blob\/[0-9a-f]{40}\/Database\/Enforcement\/SecuritiesEnforcement\.csv$/,
    );
    // Stated under Team when the report has Team evidence (the accountability rule), else under
    // Hacks/Scandals; counted as a scandal either way.
    expect(await reportOf('ripple')).toContain(
      '2020-12-22: SEC enforcement action: SEC v. Ripple Labs, Inc., et al.',
    );
    expect(await hacksSectionOf('ripple')).toMatch(/^Hacks\/Scandals — [1-4]\/5/);
    // Not the chain a scheme ran on or was paid in ("Blockchain: Bitcoin", "Token: BTC").
    const bitcoin = offlineDemoEvidence(assetOf('bitcoin'));
    expect(
      (bitcoin.incidents?.value ?? []).filter((i) => i.title.startsWith('SEC enforcement action')),
    ).toEqual([]);
  });
});

describe('one event, every asset it touches', () => {
  it("lists the SEC's charges against TRON's founder (its release, 2023-03-22) in TRON's and BitTorrent's reports", async () => {
    for (const id of ['tron', 'bittorrent']) {
      const report = await reportOf(id);
      expect(report, id).toContain('2023-03-22: SEC charges Justin Sun and his companies over TRX and BTT');
      expect(report, id).toContain('https://www.sec.gov/news/press-release/2023-59');
      expect(await hacksSectionOf(id), id).toMatch(/^Hacks\/Scandals — [1-4]\/5/);
    }
  });

  it("lists Compound's cTUSD sweep issue of 2022-03-22 in both Compound's and TrueUSD's reports", async () => {
    for (const id of ['compound-governance-token', 'true-usd']) {
      expect(await hacksSectionOf(id), id).toContain('2022-03-22');
    }
  });
});

describe('incidents an analyst expects, each from its primary document', () => {
  it("scores Mango Markets' Hacks/Scandals on its 2022-10-11 exploit (net loss after recovery), not as a clean record", async () => {
    const hacks = await hacksSectionOf('mango-markets');
    expect(hacks).toMatch(/^Hacks\/Scandals — 2\/5/);
    expect(hacks).toContain('2022-10-11: Mango Markets drained through a manipulation of its collateral');
    expect(hacks).toContain('$49.78 million');
    expect(hacks).toContain('https://twitter.com/mangomarkets/status/1579976051878658048');
  });
});

describe('a recorded collapse', () => {
  it('drives the collapse knockout once prices show a fall of more than 90%, and not on prices that do not', async () => {
    const multichain = assetOf('multichain');
    const evidence = offlineDemoEvidence(multichain);
    const collapse = evidence.incidents?.value.find((i) => i.collapse);
    expect(collapse).toMatchObject({ kind: 'collapse', date: '2023-07-14' });
    // The monthly files stop pricing it in 2023-05, before the collapse: no fall on record, no knockout.
    const asListed = await offlineReportInput(multichain, REPORT_DATE, evidence);
    expect(asListed.results.find((r) => r.knockout)).toBeUndefined();
    const fallen = await offlineReportInput(multichain, REPORT_DATE, {
      ...evidence,
      snapshotPrices: {
        value: {
          high: { date: '2023-04-01', priceUsd: 9.3 },
          latest: { date: '2024-01-01', priceUsd: 0.5 },
          snapshots: 10,
        },
        source: evidence.incidents!.source,
      },
    });
    const existence = fallen.results.find((r) => r.key === 'existenceGrowthX2');
    expect(existence?.knockout).toMatchObject({ kind: 'collapse', date: '2023-07-14' });
  });
});

describe('incident coverage per asset', () => {
  it('says the exploit list covers a DeFi asset the reviewed map places in it', async () => {
    const [exploits] = await coverageOf('curve-dao-token');
    expect(exploits).toMatchObject({ covers: true });
    expect(exploits!.source.url).toContain('SunWeb3Sec/DeFiHackLabs');
  });

  it('says covers=false, with the reason, for an asset the exploit list has no mapping for', async () => {
    const [exploits] = await coverageOf('nexo');
    expect(exploits).toMatchObject({
      covers: false,
      reason: expect.stringMatching(/no reviewed name maps this asset/),
    });
  });

  it('says covers=false for a kind of asset a source does not record (a layer-1 coin in a contract-exploit list)', async () => {
    const [exploits] = await coverageOf('bitcoin');
    expect(exploits).toMatchObject({
      covers: false,
      reason: expect.stringMatching(/this asset is one of the layer-1 coins/),
    });
  });

  it('never counts a source whose records ended more than a year before the data, nor the curated list', async () => {
    const coverage = await coverageOf('ripple');
    const sec = coverage.find((c) => c.source.url?.includes('Solana-Compliance'));
    expect(sec).toMatchObject({
      covers: false,
      reason: expect.stringMatching(/to 2022-04-28, more than a year before/),
    });
    const curated = coverage.find((c) => c.source.title.startsWith('Crow Research curated incident list'));
    expect(curated).toMatchObject({ covers: false, reason: expect.stringMatching(/no survey/) });
  });

  it("is added to the live sources' security evidence too, dated today", async () => {
    const live = withCuratedIncidents({
      mode: 'live',
      resolve: async () => null,
      search: async () => [],
      market: async () => ({}),
      security: async () => ({}),
    });
    const coverage = (
      await live.security({ id: 'curve-dao-token', name: 'Curve DAO', symbol: 'CRV', kind: 'defi' })
    ).incidentCoverage;
    // DeFiHackLabs and Web3 is Going Just Great map Curve; the SEC's file and the curated list do not.
    expect(coverage?.map((c) => c.covers)).toEqual([true, false, true, false]);
  });

  it('lists every incident source for every catalogue asset', async () => {
    for (const asset of SNAPSHOT_ASSETS) {
      expect((await coverageOf(asset.id)).length, asset.id).toBe(4);
    }
  });
});

describe('the documentation of Hacks/Scandals', () => {
  it('names every incident dataset that ships, with its licence, and DeFiLlama only as the live source it is', () => {
    const { evidence } = SCORING_RULES.hacksScandals;
    for (const entry of INCIDENT_SOURCES) {
      const dataset = entry.source.dataset;
      if (!dataset) continue;
      expect(evidence, dataset.name).toContain(`${dataset.name}, ${dataset.license}`);
    }
    expect(evidence).not.toMatch(/\(DeFiLlama hacks database\)/);
    expect(evidence).toMatch(/in live reports with a DeFiLlama API key/);
  });
});

describe('a clean record needs every kind of incident covered (decision 0392)', () => {
  it("does not read an exploit list's silence as a clean record of collapses or frauds", async () => {
    // Covered only by DeFiHackLabs, which records smart-contract exploits, not a bank run or a fraud.
    const covering = (await coverageOf('iron-titanium-token')).filter((entry) => entry.covers);
    expect(covering.map((entry) => entry.source.dataset?.name)).toEqual(['SunWeb3Sec/DeFiHackLabs']);
    const hacks = await hacksSectionOf('iron-titanium-token');
    expect(hacks).toMatch(/^Hacks\/Scandals — not assessed/);
    expect(hacks).toContain('Missing: records of collapses, rug pulls, frauds and regulator actions');
    expect(hacks).toContain('it records only hacks and exploits');
  });

  it('scores a clean record 5 where the covering lists record both exploits and scandals', async () => {
    const covering = (await coverageOf('chainlink')).filter((entry) => entry.covers);
    const kinds = new Set(covering.flatMap((entry) => entry.kinds ?? []));
    expect(kinds.has('hack') && kinds.has('fraud')).toBe(true);
    expect(await hacksSectionOf('chainlink')).toMatch(/^Hacks\/Scandals — 5\/5/);
  });
});
