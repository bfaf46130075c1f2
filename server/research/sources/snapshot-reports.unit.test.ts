import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, type CategoryKey } from '../../../contract/methodology';
import { offlineReportInput } from '../offline-report';
import { buildReportText } from '../report-text';
import { snapshotMarketData } from './snapshot';
import { PUBLIC_DATA, SNAPSHOT_ASSETS, type SnapshotAsset } from './snapshot-data';
import { loadMarketFile } from './snapshot-market';

// Nothing a cited dataset row states may be reported as missing. Every offline asset's report is
// written through the research job's own path (the offline demo's evidence, the scorers, the kind
// checks, the writer), and every dataset row that names the asset is checked against it: a loss,
// an audit date, how to mint and redeem, peg prices, market cap, volume and supply.

const NOW = new Date('2026-11-26T00:00:00Z');
const MISSING = /No evidence found|not assessed|not stated/i;
/** A category scored without evidence. */
const MISSING_CATEGORY = /No evidence found/;

/** The paragraph of one category in the report text ("Market Cap — 5/5 (weight 1). …"). */
function paragraph(text: string, key: CategoryKey): string {
  const name = CATEGORIES.find((c) => c.key === key)!.name;
  return text.split('\n').find((line) => line.startsWith(`${name} — `)) ?? '';
}

const kindCheck = (text: string, label: string) =>
  text.split('\n').find((line) => line.startsWith('Stablecoins — ') && line.includes(`${label}:`)) ?? '';

describe('nothing a dataset row states is reported missing', () => {
  const reports = new Map<string, string>();
  beforeAll(async () => {
    for (const asset of SNAPSHOT_ASSETS)
      reports.set(
        asset.id,
        buildReportText(await offlineReportInput(asset, NOW, undefined, { kindChecks: true })),
      );
  }, 60_000);
  const report = (asset: SnapshotAsset) => reports.get(asset.id)!;

  it('states every DeFiHackLabs loss of an asset’s exploits', () => {
    const problems: string[] = [];
    for (const record of PUBLIC_DATA.hacks.records) {
      for (const id of record.assets) {
        const hacks = paragraph(reports.get(id)!, 'hacksScandals');
        if (!hacks.includes(record.name)) problems.push(`${id}: ${record.key} not listed`);
        // A bare figure ("52000") is printed grouped, with the note that the list names no currency.
        const figure = record.lossText?.match(/\d[\d,.]*/)?.[0]?.replace(/,/g, '');
        const stated =
          record.lossText &&
          (hacks.includes(record.lossText) || hacks.replace(/,/g, '').includes(figure ?? ''));
        if (record.lossText && !stated)
          problems.push(`${id}: ${record.key} loss "${record.lossText}" not stated`);
        if (/hacks database record/.test(hacks)) problems.push(`${id}: says the exploit list is missing`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('states the latest audit of every asset a listing names, by date', () => {
    const problems: string[] = [];
    for (const asset of SNAPSHOT_ASSETS) {
      const records = PUBLIC_DATA.audits.records.filter((r) => r.assets.includes(asset.id));
      if (!records.length) continue;
      const audits = paragraph(report(asset), 'audits');
      if (/No evidence found/.test(audits)) problems.push(`${asset.id}: Audits says no evidence`);
      const independent = records.filter((r) => !r.auditorIsDeveloper && r.kind !== 'reserve-attestation');
      const newest = independent
        .map((r) => r.date)
        .sort()
        .at(-1);
      if (newest && !audits.includes(`the latest from ${newest.slice(0, 4)}`))
        problems.push(`${asset.id}: latest audit ${newest} not stated`);
    }
    expect(problems).toEqual([]);
  });

  it('states how a stablecoin is minted and redeemed, and its worst price, when the registry and price files hold them', () => {
    const problems: string[] = [];
    for (const record of PUBLIC_DATA.stablecoins.records) {
      const asset = SNAPSHOT_ASSETS.find((a) => a.id === record.geckoId)!;
      const text = report(asset);
      if (record.mintRedeem) {
        const line = kindCheck(text, 'Mint and redeem access');
        if (MISSING.test(line) || !line.includes(record.mintRedeem))
          problems.push(`${asset.id}: mint and redeem: ${line}`);
      }
      const worst = snapshotMarketData(asset)?.worstDepeg;
      if (worst) {
        const line = kindCheck(text, 'Worst depeg');
        if (MISSING.test(line) || !line.includes(`$${worst.low.toFixed(3)} on ${worst.date}`))
          problems.push(`${asset.id}: worst depeg: ${line}`);
      }
    }
    expect(problems).toEqual([]);
    // Tether: the registry's words, and the lowest of 70 monthly prices.
    const tether = report(SNAPSHOT_ASSETS.find((a) => a.id === 'tether')!);
    expect(kindCheck(tether, 'Mint and redeem access')).toContain('redeem USDT for USD');
    expect(kindCheck(tether, 'Worst depeg')).toMatch(/lowest of its 70 monthly snapshot prices/);
  });

  it('states market cap, volume and supply wherever the market files hold them', () => {
    const problems: string[] = [];
    let withFigures = 0;
    for (const asset of SNAPSHOT_ASSETS) {
      const evidence = snapshotMarketData(asset)?.evidence;
      if (!evidence) continue;
      const text = report(asset);
      if (evidence.marketCapUsd) {
        withFigures += 1;
        if (MISSING.test(paragraph(text, 'marketCap'))) problems.push(`${asset.id}: market cap`);
      }
      if (evidence.volume24hUsd && MISSING.test(paragraph(text, 'volumeX2')))
        problems.push(`${asset.id}: volume`);
      const supply = evidence.supply?.value;
      if (supply?.circulating) {
        const circulating = paragraph(text, 'circulatingSupply');
        const figure = Math.round(supply.circulating).toLocaleString('en-US');
        if (!circulating.includes(figure))
          problems.push(`${asset.id}: circulating supply ${figure} not stated`);
        // Without a total the category may lack evidence, but only the total may be called missing.
        if (supply.total && MISSING.test(circulating)) problems.push(`${asset.id}: circulating/total supply`);
      }
      if (evidence.pricedSince && MISSING.test(paragraph(text, 'existenceGrowthX2').split('Missing:')[0]!))
        problems.push(`${asset.id}: age`);
    }
    expect(problems).toEqual([]);
    expect(withFigures).toBeGreaterThan(130);
  });

  it('states the fall from the highest monthly price, or from the all-time high, wherever the price files hold them', () => {
    const file = loadMarketFile()!;
    const problems: string[] = [];
    let checked = 0;
    for (const asset of SNAPSHOT_ASSETS) {
      const existence = paragraph(report(asset), 'existenceGrowthX2');
      const stated = existence.split('Missing:')[0]!;
      if (file.bitcoinDaily.assetId === asset.id) {
        const last = file.bitcoinDaily.lastYear.at(-1)![1];
        const below = ((1 - last / file.bitcoinDaily.allTimeHigh.priceUsd) * 100).toFixed(1);
        checked += 1;
        if (!stated.includes(`Below its all-time high: ${below}%.`))
          problems.push(`${asset.id}: all-time high (${below}%) not stated`);
        continue;
      }
      // Read from the file, not through the product's own market code.
      const points = file.cmcMonthly.assets
        .filter((a) => a.id === asset.id)
        .flatMap((a) => a.points)
        .filter((p) => p[2] > 0)
        .sort((a, b) => a[0] - b[0]);
      if (points.length < 2) continue;
      checked += 1;
      const high = Math.max(...points.map((p) => p[2]));
      const below = (Math.max(0, 1 - points.at(-1)![2] / high) * 100).toFixed(1);
      if (
        !stated.includes(`Below its highest monthly snapshot price: ${below}% on `) ||
        !stated.includes(`of ${points.length} monthly snapshots`)
      )
        problems.push(
          `${asset.id}: fall of ${below}% from the highest of ${points.length} monthly prices not stated`,
        );
      // The gap is a "Missing: …" label now (decision 0256): a price history stated as missing while
      // the monthly file prices the asset is the class of mistake this walks for.
      if (/Missing: [^.]*\bprice history\b/.test(existence) && !/daily price history/.test(existence))
        problems.push(`${asset.id}: says the sources hold no price history`);
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(130);
  });

  it('states a market row too old to score with its date instead of calling it missing', () => {
    const problems: string[] = [];
    let stale = 0;
    for (const asset of SNAPSHOT_ASSETS) {
      const row = snapshotMarketData(asset)?.evidence.staleMarket?.value;
      if (!row) continue;
      stale += 1;
      const text = report(asset);
      for (const [key, what] of [
        ['marketCap', 'market capitalisation'],
        ['volumeX2', 'trading volume'],
      ] as const) {
        const line = paragraph(text, key);
        if (
          MISSING.test(line) ||
          !line.includes(`the newest ${what} in the sources is`) ||
          !line.includes(row.date)
        )
          problems.push(`${asset.id}: ${what} of ${row.date}: ${line.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(stale).toBeGreaterThan(0);
  });

  it('states Ethereum’s client shares as each client-diversity file’s newest reading holds them, with file, commit and date', () => {
    // The stored file itself, read here without the product's loader.
    const stored = JSON.parse(
      readFileSync(new URL('../datasets/public/client-diversity.json', import.meta.url), 'utf8'),
    ) as {
      dataset: { name: string; version: string };
      files: { path: string; readings: { date: string; shares: { client: string; share: number }[] }[] }[];
    };
    const ethereum = SNAPSHOT_ASSETS.find((a) => a.id === 'ethereum')!;
    const text = report(ethereum);
    const layer1 = paragraph(text, 'layer1');
    expect(layer1).not.toMatch(MISSING_CATEGORY);
    const problems: string[] = [];
    for (const file of stored.files) {
      const newest = file.readings.at(-1)!;
      const reading =
        layer1.split(/(?<=\(shown, not scored\)\.)/).find((s) => s.includes(`(${file.path})`)) ?? '';
      if (!reading.includes(`on ${newest.date} (${file.path})`))
        problems.push(`${file.path}: no reading of ${newest.date}`);
      for (const { client, share } of newest.shares.filter((s) => s.share >= 0.0005))
        if (!reading.includes(`${client} ${(share * 100).toFixed(1)}%`))
          problems.push(`${file.path}: ${client} ${(share * 100).toFixed(1)}% not stated`);
      const cited = `${stored.dataset.name}/blob/${stored.dataset.version}/${file.path}`;
      if (!text.includes(cited)) problems.push(`${file.path}: not cited at commit ${stored.dataset.version}`);
      if (
        !text.includes(
          `reading of ${newest.date} (${file.path}, commit ${stored.dataset.version.slice(0, 7)})`,
        )
      )
        problems.push(`${file.path}: source title lacks the reading's date and commit`);
    }
    expect(problems).toEqual([]);
    const check = text
      .split('\n')
      .find((l) => l.startsWith('Layer 1 and layer 2 networks — Validator and client concentration:'));
    expect(check).toMatch(/concentration: risk\. Newest reading of each client layer: /);
    expect(check).toContain('(_data/supermajority.json)');
    expect(check).toContain('(_data/migalabs.json)');
    // Only Ethereum's report holds them: a token on Ethereum is not the network.
    expect(report(SNAPSHOT_ASSETS.find((a) => a.id === 'tether')!)).not.toContain(stored.dataset.name);
  });

  it('states every labelled token contract of an asset, and its Layer 1 evidence', () => {
    const stored = JSON.parse(
      readFileSync(new URL('../datasets/public/token-contracts.json', import.meta.url), 'utf8'),
    ) as { records: { id: string; chainId: number; contracts: { address: string; name: string }[] }[] };
    const problems: string[] = [];
    for (const record of stored.records) {
      const asset = SNAPSHOT_ASSETS.find((a) => a.id === record.id)!;
      const layer1 = paragraph(report(asset), 'layer1');
      if (MISSING_CATEGORY.test(layer1) || !layer1.includes('Chain: token issued on another chain'))
        problems.push(`${record.id}: Layer 1 ${layer1.slice(0, 120)}`);
      for (const contract of record.contracts)
        if (!layer1.includes(`${contract.address}, labelled “${contract.name}”`))
          problems.push(`${record.id}: ${contract.address} not stated`);
      if (!layer1.includes(`(chain id ${record.chainId})`))
        problems.push(`${record.id}: chain ${record.chainId} not stated`);
    }
    expect(problems).toEqual([]);
    expect(stored.records.length).toBeGreaterThan(50);
  });
});
