import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { offlineReportInput } from '../../offline-report';
import { buildReportText } from '../../report-text';
import { SNAPSHOT_ASSETS } from '../../sources/snapshot-data';
import { HACK_ASSET_MAP } from './hack-asset-map';

// The stored DeFiHackLabs file (public/hacks.json) read directly: each record's assets are the
// reviewed map's, and every mapped exploit is in its asset's report as bought. A record the map
// names but the file leaves unassigned would give the asset "a clean incident record" (issue 31:
// Aave's periphery-contract exploit of 2024-08-28 was left out so).

const hacks = JSON.parse(readFileSync(new URL('../public/hacks.json', import.meta.url), 'utf8')) as {
  records: { key: string; date: string; assets: string[] }[];
};

describe('the hacks file and the reviewed asset map', () => {
  it('assign each record exactly the assets the map gives it', () => {
    const differing = hacks.records.filter(
      (record) => JSON.stringify(record.assets) !== JSON.stringify(HACK_ASSET_MAP[record.key] ?? []),
    );
    expect(differing.map((record) => record.key)).toEqual([]);
  });

  it("list every mapped exploit in its asset's report, with its date", async () => {
    const missing: string[] = [];
    for (const [key, assetIds] of Object.entries(HACK_ASSET_MAP)) {
      const record = hacks.records.find((r) => r.key === key)!;
      for (const id of assetIds) {
        const asset = SNAPSHOT_ASSETS.find((a) => a.id === id);
        if (!asset) continue;
        const text = buildReportText(await offlineReportInput(asset, new Date('2026-11-26T00:00:00Z')));
        const hacksSection = text.slice(text.indexOf('Hacks/Scandals —'));
        if (!hacksSection.includes(record.date)) missing.push(`${id}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
