import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildScores, CATEGORIES, type CategoryScores } from '../../../contract/methodology';
import { coverageOf } from '../report-text';
import { SCORERS } from '../scoring';
import { curatedIncidents, loadIncidentList } from './incidents';
import {
  COIN_METRICS_ASSETS,
  COIN_METRICS_FIGURES_NOT_BEFORE,
  snapshotCoinMetricsEvidence,
  snapshotMarketEvidence,
  snapshotSecurityEvidence,
} from './snapshot';
import { loadPublicData, PUBLIC_DATA_DIRECTORY, SNAPSHOT_ASSETS, SNAPSHOT_DATE } from './snapshot-data';

// The offline data is generated from public datasets and validated at load: every record names
// its dataset, commit, file and license, and a broken record stops the load with its file named.

const FILES = [
  'assets.json',
  'hacks.json',
  'sec-enforcement.json',
  'web3isgoinggreat.json',
  'stablecoins.json',
  'audits.json',
  'unlocks.json',
  'client-diversity.json',
  'token-contracts.json',
  'chains.json',
  'ecosystems.json',
  'block-production.json',
];

function copyWith(file: string, edit: (json: Record<string, unknown>) => void): URL {
  const directory = mkdtempSync(join(tmpdir(), 'crow-public-data-'));
  for (const name of FILES) copyFileSync(new URL(name, PUBLIC_DATA_DIRECTORY), join(directory, name));
  const json = JSON.parse(readFileSync(join(directory, file), 'utf8'));
  edit(json);
  writeFileSync(join(directory, file), JSON.stringify(json));
  return pathToFileURL(`${directory}/`);
}

describe('offline data from public datasets', () => {
  it('covers the 168 assets of the catalogue, each dataset with its commit, date and license', () => {
    const data = loadPublicData();
    expect(data.assets.length).toBeGreaterThanOrEqual(168);
    expect(SNAPSHOT_ASSETS.length).toBe(data.assets.length);
    for (const dataset of [data.hacks.dataset, data.stablecoins.dataset, data.unlocks.dataset]) {
      expect(dataset.version).toMatch(/^[0-9a-f]{40}$/);
      expect(dataset.url).toContain(dataset.version);
      expect(dataset.license.length).toBeGreaterThan(0);
    }
    expect(data.hacks.dataset.license).toBe('Apache-2.0');
    // The audit listings are datasets too: the offline data is as old as the oldest of them all.
    expect(data.audits.datasets.map((d) => d.name)).toEqual([
      'trailofbits/publications',
      'sigp/public-audits',
      'Certora/SecurityReports',
      'Cyfrin/cyfrin-audit-reports',
    ]);
    expect(SNAPSHOT_DATE).toBe(
      [data.hacks.dataset, data.stablecoins.dataset, data.unlocks.dataset, ...data.audits.datasets]
        .map((d) => d.committedAt)
        .sort()[0],
    );
    expect(data.hacks.records.length).toBeGreaterThan(500);
  });

  it('gives every record of every asset its dataset, commit and document', () => {
    let records = 0;
    for (const asset of SNAPSHOT_ASSETS) {
      const market = snapshotMarketEvidence(asset);
      const security = snapshotSecurityEvidence(asset);
      // Consulted for every asset, even when it lists nothing.
      expect(security.incidents?.source.dataset?.version, asset.id).toMatch(/^[0-9a-f]{40}$/);
      for (const incident of security.incidents?.value ?? []) {
        records += 1;
        expect(incident.origin, `${asset.id} ${incident.title}`).toBeDefined();
        expect(incident.sources?.length, `${asset.id} ${incident.title}`).toBeGreaterThan(0);
        if (incident.origin?.kind === 'dataset')
          expect(incident.origin.dataset.version).toMatch(/^[0-9a-f]{40}$/);
        else expect(incident.origin?.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      if (market.stablecoin) {
        records += 1;
        expect(market.stablecoin.source.dataset?.name).toBe('DefiLlama/peggedassets-server');
        expect(market.stablecoin.source.url).toContain(market.stablecoin.source.dataset!.version);
      }
      // Without non-commercial data (the live sources' fallback) no market figure is given.
      expect(market.marketCapUsd, asset.id).toBeUndefined();
      expect(market.supply, asset.id).toBeUndefined();
      expect(market.priceHistory, asset.id).toBeUndefined();
    }
    expect(records).toBeGreaterThan(30);
  });

  it('gives every asset with a Coin Metrics excerpt its history, and market figures only when they are recent, each citing the file at its commit', () => {
    expect(COIN_METRICS_ASSETS.size).toBeGreaterThan(0);
    const fresh: string[] = [];
    const stale: string[] = [];
    const unpriced: string[] = [];
    for (const asset of SNAPSHOT_ASSETS) {
      const market = snapshotCoinMetricsEvidence(asset);
      if (!COIN_METRICS_ASSETS.has(asset.id)) {
        expect(market.marketCapUsd, asset.id).toBeUndefined();
        continue;
      }
      if (!market.pricedSince) {
        // A file without a price column (reference rates only) states nothing we use.
        expect(market, asset.id).toEqual({});
        unpriced.push(asset.id);
        continue;
      }
      const recent = market.marketCapUsd !== undefined;
      (recent ? fresh : stale).push(asset.id);
      const facts = [market.pricedSince, ...(recent ? [market.marketCapUsd, market.marketHistory] : [])];
      for (const fact of facts) {
        expect(fact, asset.id).toBeDefined();
        const { source } = fact!;
        expect(source.dataset, asset.id).toMatchObject({ name: 'coinmetrics/data', license: 'CC BY-NC 4.0' });
        expect(source.url, asset.id).toBe(
          `https://github.com/coinmetrics/data/blob/${source.dataset!.version}/${source.url!.split('/').slice(-2).join('/')}`,
        );
        expect(source.title, asset.id).toContain(`commit ${source.dataset!.version.slice(0, 7)}`);
        expect(source.publishedAt, asset.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(source.retrievedAt.slice(0, 10), asset.id).toBe(source.publishedAt);
        expect(source.live, asset.id).toBe(false);
      }
      if (!recent) {
        // A stored copy that ends before the cut-off states no figure of today's market.
        expect(market.pricedSince!.source.publishedAt! < COIN_METRICS_FIGURES_NOT_BEFORE, asset.id).toBe(
          true,
        );
        expect([market.supply, market.priceHistory, market.marketHistory, market.onchain], asset.id).toEqual([
          undefined,
          undefined,
          undefined,
          undefined,
        ]);
        continue;
      }
      expect(market.marketCapUsd!.value, asset.id).toBeGreaterThan(0);
      // The chart's newest point is the market cap the report states, on the same date.
      const newest = market.marketHistory!.value.points.at(-1)!;
      expect(newest.date, asset.id).toBe(market.marketCapUsd!.source.publishedAt);
      expect(newest.marketCapUsd, asset.id).toBe(market.marketCapUsd!.value);
    }
    // Bitcoin's stored copy ends in 2020; Litecoin's in December 2025.
    expect(stale).toContain('bitcoin');
    expect(fresh).toContain('litecoin');
    expect(unpriced).toContain('solana');
  });

  it('lets Coin Metrics give evidence to Market Cap (recent copies), Existence/Growth, Layer 1 and Use Case (chains it counts blocks of), never to supply; the market files and the ecosystem map add the rest', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    const evidenced = (id: string) => {
      const asset = SNAPSHOT_ASSETS.find((a) => a.id === id)!;
      const evidence = {
        ...snapshotMarketEvidence(asset, { nonCommercial: true }),
        ...snapshotSecurityEvidence(asset),
      };
      const results = CATEGORIES.map((category) => {
        const assessment = SCORERS[category.key](evidence, now);
        return {
          key: category.key,
          score: assessment.score,
          coverage: coverageOf(assessment.sources, assessment.evidenceFound),
        };
      });
      const withEvidence = results.filter((r) => r.coverage.kind !== 'none').map((r) => r.key);
      const scores = buildScores(Object.fromEntries(results.map((r) => [r.key, r.score])) as CategoryScores, {
        withEvidence,
      });
      return { withEvidence, scores };
    };
    for (const id of COIN_METRICS_ASSETS) {
      const asset = SNAPSHOT_ASSETS.find((a) => a.id === id)!;
      const coinMetrics = snapshotCoinMetricsEvidence(asset);
      if (!coinMetrics.pricedSince) continue;
      // Issued units alone (Coin Metrics counts no cap) are no supply evidence.
      expect(SCORERS.circulatingSupply(coinMetrics, now).evidenceFound, id).toBe(false);
      expect(SCORERS.totalSupply(coinMetrics, now).evidenceFound, id).toBe(false);
      expect(SCORERS.existenceGrowthX2(coinMetrics, now).evidenceFound, id).toBe(true);
    }
    // Litecoin: market figures and supply from the market files, its own chain from a recent
    // Coin Metrics copy and its age: rated, Potential Risk with six categories not assessed.
    const litecoin = evidenced('litecoin');
    expect(litecoin.withEvidence).toEqual([
      'marketCap',
      'volumeX2',
      'circulatingSupply',
      'totalSupply',
      'team',
      'useCase',
      'existenceGrowthX2',
      'layer1',
    ]);
    // No incident source covers Litecoin, so Hacks/Scandals is not assessed and counts as 1 (0320, 0321).
    expect(litecoin.scores.riskLevel).toBe('Potential');
    // Bitcoin: its Coin Metrics copy ends in 2020 and adds no figure beside the market files; that
    // it counts Bitcoin's own blocks stays true, so Layer 1 cites it as a reference (decision 0249).
    const bitcoin = evidenced('bitcoin');
    expect(bitcoin.withEvidence).toEqual([
      'marketCap',
      'volumeX2',
      'circulatingSupply',
      'totalSupply',
      'team',
      'useCase',
      'existenceGrowthX2',
      'layer1',
    ]);
    const bitcoinMarket = snapshotMarketEvidence(SNAPSHOT_ASSETS.find((a) => a.id === 'bitcoin')!, {
      nonCommercial: true,
    });
    expect(bitcoinMarket.chain?.source.reference).toBe(true);
    expect(bitcoinMarket.marketCapUsd?.source.dataset?.name).not.toBe('coinmetrics/data');
    expect(bitcoin.scores.rated).not.toBe(false);
    // Four categories not assessed count as 1 (decision 0320); Team and Use Case now rest on the
    // Team and Use Case datasets (0330-0332): rated on 8 of 12, 52.36 of 77, Likely Safe.
    expect(bitcoin.scores.riskLevel).toBe('Likely Safe');
  });

  it('matches incidents by asset id: the Tether treasury theft and the Curve exploit reach their assets only', () => {
    const tether = curatedIncidents({ id: 'tether' }).value;
    expect(tether.some((i) => i.date === '2017-11-19' && i.link.startsWith('https://tether.to/'))).toBe(true);
    expect(curatedIncidents({ id: 'curve-dao-token' }).value.some((i) => i.date === '2023-07-30')).toBe(true);
    expect(curatedIncidents({ id: 'bitcoin' }).value).toEqual([]);
    const conviction = curatedIncidents({ id: 'ftx-token' }).value.find(
      (i) => i.knockout === 'fraud-conviction',
    );
    expect(conviction?.date).toBe('2023-11-02');
    expect(conviction?.link).toMatch(/^https:\/\/www\.justice\.gov\/.+/);
    expect(loadIncidentList().incidents.every((i) => i.document.publishedAt)).toBe(true);
  });

  it('refuses a malformed record, naming the file and the field', () => {
    const broken = copyWith('hacks.json', (json) => {
      (json.records as { date: string }[])[0]!.date = '22 Aug 2026';
    });
    expect(() => loadPublicData(broken)).toThrow(/hacks\.json: records\.0\.date/);
    const unknownAsset = copyWith('hacks.json', (json) => {
      (json.records as { assets: string[] }[])[0]!.assets = ['no-such-asset'];
    });
    expect(() => loadPublicData(unknownAsset)).toThrow(/names unknown asset no-such-asset/);
    const auditOfUnknownAsset = copyWith('audits.json', (json) => {
      (json.records as { assets: string[] }[])[0]!.assets = ['no-such-asset'];
    });
    expect(() => loadPublicData(auditOfUnknownAsset)).toThrow(
      /audits\.json: .+ names unknown asset no-such-asset/,
    );
    const auditWithoutDate = copyWith('audits.json', (json) => {
      (json.records as { date: string }[])[0]!.date = 'May 2023';
    });
    expect(() => loadPublicData(auditWithoutDate)).toThrow(/audits\.json: records\.0\.date/);
    const noCommit = copyWith('stablecoins.json', (json) => {
      (json.dataset as { version: string }).version = 'main';
    });
    expect(() => loadPublicData(noCommit)).toThrow(/stablecoins\.json: dataset\.version: a full commit hash/);
    const shareOverOne = copyWith('client-diversity.json', (json) => {
      (json.files as { readings: { shares: { share: number }[] }[] }[])[0]!.readings[0]!.shares[0]!.share =
        42;
    });
    expect(() => loadPublicData(shareOverOne)).toThrow(
      /client-diversity\.json: files\.0\.readings\.0\.shares\.0\.share/,
    );
    const ecosystemOfUnknownAsset = copyWith('ecosystems.json', (json) => {
      (json.records as { id: string }[])[0]!.id = 'no-such-asset';
    });
    expect(() => loadPublicData(ecosystemOfUnknownAsset)).toThrow(
      /ecosystems\.json: unknown asset no-such-asset/,
    );
    const tokenOfUnknownAsset = copyWith('token-contracts.json', (json) => {
      (json.records as { id: string }[])[0]!.id = 'no-such-asset';
    });
    expect(() => loadPublicData(tokenOfUnknownAsset)).toThrow(
      /token-contracts\.json: unknown asset no-such-asset/,
    );
    const chainOfUnknownAsset = copyWith('chains.json', (json) => {
      (json.records as { id: string }[])[0]!.id = 'no-such-coin';
    });
    expect(() => loadPublicData(chainOfUnknownAsset)).toThrow(/chains\.json: unknown asset no-such-coin/);
    const entryOfUnknownAsset = copyWith('web3isgoinggreat.json', (json) => {
      (json.records as { assets: string[] }[])[0]!.assets = ['no-such-asset'];
    });
    expect(() => loadPublicData(entryOfUnknownAsset)).toThrow(
      /web3isgoinggreat\.json: 2021-01-19-0 names unknown asset no-such-asset/,
    );
  });
});
