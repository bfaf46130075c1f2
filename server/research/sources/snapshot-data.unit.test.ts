import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { curatedIncidents, loadIncidentList } from './incidents';
import { snapshotMarketEvidence, snapshotSecurityEvidence } from './snapshot';
import { loadPublicData, PUBLIC_DATA_DIRECTORY, SNAPSHOT_ASSETS, SNAPSHOT_DATE } from './snapshot-data';

// The offline data is generated from public datasets and validated at load: every record names
// its dataset, commit, file and license, and a broken record stops the load with its file named.

const FILES = ['assets.json', 'hacks.json', 'stablecoins.json', 'unlocks.json'];

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
    expect(SNAPSHOT_DATE).toBe(
      [
        data.hacks.dataset.committedAt,
        data.stablecoins.dataset.committedAt,
        data.unlocks.dataset.committedAt,
      ].sort()[0],
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
      // No figure without a dataset: market cap, volume and supply are absent offline.
      expect(market.marketCapUsd, asset.id).toBeUndefined();
      expect(market.supply, asset.id).toBeUndefined();
    }
    expect(records).toBeGreaterThan(30);
  });

  it('matches incidents by asset id: the Tether treasury theft and the Curve exploit reach their assets only', () => {
    const tether = curatedIncidents({ id: 'tether' }).value;
    expect(tether.some((i) => i.date === '2017-11-19' && i.link.startsWith('https://tether.to/'))).toBe(true);
    expect(curatedIncidents({ id: 'curve-dao-token' }).value.some((i) => i.date === '2023-07-30')).toBe(true);
    expect(curatedIncidents({ id: 'bitcoin' }).value).toEqual([]);
    const conviction = curatedIncidents({ id: 'ftx-token' }).value.find((i) => i.knockout);
    expect(conviction?.knockout).toBe('fraud-conviction');
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
    const noCommit = copyWith('stablecoins.json', (json) => {
      (json.dataset as { version: string }).version = 'main';
    });
    expect(() => loadPublicData(noCommit)).toThrow(/stablecoins\.json: dataset\.version: a full commit hash/);
  });
});
