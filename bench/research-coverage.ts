import { CATEGORIES } from '../contract/methodology';
import { assetCoverage } from '../server/research/coverage';
import { createSnapshotSources, snapshotMarketData, snapshotRef } from '../server/research/sources/snapshot';
import { PUBLIC_DATA, SNAPSHOT_ASSETS } from '../server/research/sources/snapshot-data';

// Part of `npm run bench:research`: what the offline demo's reports hold, over all 168 assets,
// through the same evidence and scorers as the research job (server/research/coverage.ts).

const TOP = 100;

export async function printOfflineCoverage(now: Date = new Date()): Promise<void> {
  const sources = createSnapshotSources({ nonCommercial: true });
  let rated = 0;
  let categories = 0;
  // Per category: how many assets have evidence for it (issue 42 measures Team and Use Case so).
  const byCategory = new Map<string, number>();
  const topUnrated: string[] = [];
  let top = 0;
  let listed = 0;
  let listedWithAll = 0;
  const listedLacking: string[] = [];
  for (const asset of SNAPSHOT_ASSETS) {
    const coverage = await assetCoverage(sources, snapshotRef(asset), now);
    if (coverage.rated) rated += 1;
    categories += coverage.categoriesWithEvidence;
    for (const key of coverage.categories) byCategory.set(key, (byCategory.get(key) ?? 0) + 1);
    const market = snapshotMarketData(asset);
    if (market?.rank !== undefined && market.rank <= TOP) {
      top += 1;
      if (!coverage.rated) topUnrated.push(asset.id);
    }
    // "Listed": the newest market files (CoinGecko's row, or a monthly row within the window) hold it.
    if (market?.evidence.marketCapUsd) {
      listed += 1;
      const e = market.evidence;
      if (e.marketCapUsd && e.volume24hUsd && e.supply?.value.circulating) listedWithAll += 1;
      else listedLacking.push(asset.id);
    }
  }
  const hacks = PUBLIC_DATA.hacks.records;
  const n = SNAPSHOT_ASSETS.length;
  console.info(`Offline coverage (${n} assets, scored on ${now.toISOString().slice(0, 10)}):`);
  console.info(`  rated: ${rated} of ${n} (${((rated / n) * 100).toFixed(0)}%)`);
  console.info(
    `  catalogue assets in the newest snapshot's top ${TOP}: ${top}, rated ${top - topUnrated.length}${topUnrated.length ? ` (not rated: ${topUnrated.join(', ')})` : ''}`,
  );
  console.info(`  categories with evidence: ${(categories / n).toFixed(2)} of 12 on average`);
  console.info(
    `  assets with evidence, per category: ${CATEGORIES.map((c) => `${c.name} ${byCategory.get(c.key) ?? 0}`).join(', ')}`,
  );
  console.info(
    `  market cap, volume and circulating supply: ${listedWithAll} of the ${listed} assets the market files hold figures for${listedLacking.length ? ` (lacking: ${listedLacking.join(', ')})` : ''}`,
  );
  console.info(
    `  DeFiHackLabs records with a loss stated: ${hacks.filter((h) => h.lossText).length} of ${hacks.length} (in dollars: ${hacks.filter((h) => h.amountUsd !== undefined).length})`,
  );
}
