import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, type CategoryKey } from '../../contract/methodology';
import { offlineReportInput } from './offline-report';
import { buildReportText, dataAsOfDates } from './report-text';
import { auditDateEnd } from './scoring';
import { snapshotMarketData } from './sources/snapshot';
import { PUBLIC_DATA, SNAPSHOT_ASSETS, type SnapshotAsset } from './sources/snapshot-data';
import { loadMarketFile } from './sources/snapshot-market';

// Nothing a cited dataset row states may be reported as missing (issue 31). Every offline asset's
// report is written through the research job's own path (the offline demo's evidence, the
// scorers, the kind checks, the writer), and every dataset row that names the asset is checked
// against it: what the report says is missing ("No evidence found: …", "Missing: …", "Needed: …",
// "not assessed", "not stated", "No … could be found") must not be a fact that row holds.

const NOW = new Date('2026-11-26T00:00:00Z');
const MISSING = /No evidence found|not assessed|not stated/i;
/** A category scored without evidence. */
const MISSING_CATEGORY = /No evidence found/;
const NOT_ASSESSED = 'Not assessed, as no source of this report states it';
const readDataset = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`./datasets/public/${file}`, import.meta.url), 'utf8')) as T;

/** The paragraph of one category in the report text ("Market Cap — 5/5 (weight 1). …"). */
function paragraph(text: string, key: CategoryKey): string {
  const name = CATEGORIES.find((c) => c.key === key)!.name;
  return text.split('\n').find((line) => line.startsWith(`${name} — `)) ?? '';
}

const kindCheck = (text: string, label: string) =>
  text.split('\n').find((line) => line.startsWith('Stablecoins — ') && line.includes(`${label}:`)) ?? '';

/** Every gap the report states, in its own words: labels, not-assessed checks, unstated facts. */
function statedGaps(text: string): string[] {
  const gaps: string[] = [];
  for (const pattern of [
    /No evidence found: ([^.]+)\./g,
    /Missing: ([^.]+?)\.(?=\s|$)/g,
    /Needed: ([^.]+)\./g,
    /No ([^.]+?) could be found for this asset/g,
    /([^.;:]+?) (?:is|are) not stated/g,
    // A worst depeg not assessed because a depeg is on record states its price (decision 0278).
    /— ([^.:]+): not assessed(?!\. A depeg is on record)/g,
  ])
    for (const match of text.matchAll(pattern)) gaps.push(match[1]!);
  for (const line of text.split('\n').filter((l) => l.startsWith(NOT_ASSESSED)))
    gaps.push(
      ...line
        .replace(/^[^:]+: /, '')
        .replace(/\.$/, '')
        .split('; '),
    );
  return gaps;
}

/** The fact classes a dataset row can hold, and the words a report uses when it says one is missing. */
const FACT_CLASSES = {
  tokenKind: /kind of token/i,
  chain: /chain information/i,
  pegMechanism: /description of a use|Reserve type|peg mechanism/i,
  mintRedeem: /mint and redeem/i,
  pegPrices: /worst depeg|peg price/i,
  losses: /incident records|\bloss/i,
  auditDates: /audit/i,
  supply: /supply data|circulating supply|total supply/i,
  maxSupply: /maximum supply/i,
  marketCap: /market capitalisation/i,
  volume: /trading volume/i,
} as const;
type FactClass = keyof typeof FACT_CLASSES;

/** The labels of eth-labels' token list that say what kind of token a contract is. */
const KIND_LABELS = new Set(['stablecoin', 'meme', 'defi', 'dex', 'liquid-staking']);

interface TokenRow {
  id: string;
  chainId: number;
  contracts: { address: string; name: string; labels: string[] }[];
}
interface ChainRow {
  id: string;
  chains: { name: string; parent?: { chain: string } }[];
}
interface CoinMetricsFile {
  asset: string;
  hasBlockCount?: boolean;
}

/**
 * The fact classes the dataset rows naming an asset hold, each with the row that holds it
 * (read from the stored files, not through the product's evidence code).
 */
function factsHeld(asset: SnapshotAsset): Map<FactClass, string> {
  const held = new Map<FactClass, string>();
  const tokens = readDataset<{ records: TokenRow[] }>('token-contracts.json').records;
  const token = tokens.find((r) => r.id === asset.id);
  if (token) {
    // A token on its host chain: the Layer 1 category's evidence (native coins are not in the file).
    if (asset.kind !== 'layer1' && asset.kind !== 'layer2' && asset.platform)
      held.set('chain', `token-contracts.json ${token.contracts[0]!.address}`);
    const kinds = token.contracts.flatMap((c) => c.labels).filter((label) => KIND_LABELS.has(label));
    if (kinds.length) held.set('tokenKind', `token-contracts.json labels ${kinds.join(', ')}`);
  }
  // A Coin Metrics file that counts the blocks of the asset's own chain (a native coin, as catalogued).
  try {
    const file = readDataset<CoinMetricsFile>(`coinmetrics/${asset.id}.json`);
    if (file.hasBlockCount && !asset.platform && asset.kind !== 'layer2')
      held.set('chain', `coinmetrics/${asset.id}.json block counts`);
  } catch {
    // No Coin Metrics file for this asset.
  }
  if (asset.id === 'ethereum') held.set('chain', 'client-diversity.json');
  // DefiLlama's chain list names the chain whose coin the asset is (exact CoinGecko id).
  const listed = readDataset<{ records: ChainRow[] }>('chains.json').records.find((r) => r.id === asset.id);
  if (listed && !held.has('chain'))
    held.set('chain', `chains.json ${listed.chains.map((c) => c.name).join(', ')}`);
  const stablecoin = PUBLIC_DATA.stablecoins.records.find((r) => r.geckoId === asset.id);
  if (stablecoin) {
    held.set('pegMechanism', `stablecoins.json ${stablecoin.pegMechanism}`);
    if (stablecoin.mintRedeem) held.set('mintRedeem', 'stablecoins.json mintRedeem');
  }
  const hack = PUBLIC_DATA.hacks.records.find((r) => r.assets.includes(asset.id) && r.lossText);
  if (hack) held.set('losses', `hacks.json ${hack.key}: ${hack.lossText}`);
  const audit = PUBLIC_DATA.audits.records.find((r) => r.assets.includes(asset.id));
  if (audit) held.set('auditDates', `audits.json ${audit.key}: ${audit.date}`);
  const market = snapshotMarketData(asset);
  if (market?.worstDepeg)
    held.set('pegPrices', `market files: ${market.worstDepeg.low} on ${market.worstDepeg.date}`);
  const figures = market?.evidence;
  if (figures?.marketCapUsd) held.set('marketCap', `market files: ${figures.marketCapUsd.value}`);
  if (figures?.volume24hUsd) held.set('volume', `market files: ${figures.volume24hUsd.value}`);
  if (figures?.supply?.value.circulating && figures.supply.value.total)
    held.set('supply', `market files: ${figures.supply.value.circulating} of ${figures.supply.value.total}`);
  if (figures?.supply?.value.max) held.set('maxSupply', `market files: maximum ${figures.supply.value.max}`);
  return held;
}

/** Where the report says a fact is missing that a row naming the asset holds: "class: gap (row)". */
function missingWhileHeld(asset: SnapshotAsset, text: string): string[] {
  const held = factsHeld(asset);
  const problems: string[] = [];
  for (const gap of statedGaps(text))
    for (const [factClass, words] of Object.entries(FACT_CLASSES) as [FactClass, RegExp][]) {
      const row = held.get(factClass);
      if (row && words.test(gap))
        problems.push(`${factClass}: ${asset.id} says “${gap}” while ${row} holds it`);
    }
  return [...new Set(problems)];
}

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

  it('says nothing is missing that a dataset row naming the asset holds, for every asset and fact class', () => {
    const problems = SNAPSHOT_ASSETS.flatMap((asset) => missingWhileHeld(asset, report(asset)));
    const byClass = Object.fromEntries(
      Object.keys(FACT_CLASSES).map((c) => [c, problems.filter((p) => p.startsWith(`${c}:`)).length]),
    );
    expect({ byClass, problems }).toEqual({
      byClass: Object.fromEntries(Object.keys(FACT_CLASSES).map((c) => [c, 0])),
      problems: [],
    });
    // The walk reads rows of every kind: it would see a fact of each class somewhere.
    const heldClasses = new Set(SNAPSHOT_ASSETS.flatMap((asset) => [...factsHeld(asset).keys()]));
    expect([...heldClasses].sort()).toEqual(Object.keys(FACT_CLASSES).sort());
  });

  it('states the kind of token its contract’s tags name, citing the token list', () => {
    const problems: string[] = [];
    let tagged = 0;
    for (const asset of SNAPSHOT_ASSETS) {
      const row = factsHeld(asset).get('tokenKind');
      if (!row) continue;
      tagged += 1;
      const layer1 = paragraph(report(asset), 'layer1');
      if (!/is classified as (a|an) [^.]+, as its contract’s tags say\./.test(layer1))
        problems.push(`${asset.id}: kind not stated (${row})`);
      if (!layer1.includes('dawsbot/eth-labels')) problems.push(`${asset.id}: token list not cited`);
    }
    expect(problems).toEqual([]);
    expect(tagged).toBeGreaterThan(30);
  });

  it('states a stablecoin’s peg and its mechanism as its use, from the registry', () => {
    const problems: string[] = [];
    for (const record of PUBLIC_DATA.stablecoins.records) {
      const useCase = paragraph(report(SNAPSHOT_ASSETS.find((a) => a.id === record.geckoId)!), 'useCase');
      if (
        MISSING_CATEGORY.test(useCase) ||
        !useCase.includes(`(${record.pegType}); its peg is ${record.pegMechanism}.`) ||
        !useCase.includes('DefiLlama/peggedassets-server')
      )
        problems.push(`${record.geckoId}: ${useCase.slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
  });

  it('states the chain a Coin Metrics file counts the blocks of, without dating the report back to the copy', async () => {
    const bitcoin = SNAPSHOT_ASSETS.find((a) => a.id === 'bitcoin')!;
    const input = await offlineReportInput(bitcoin, NOW);
    const layer1 = input.results.find((r) => r.key === 'layer1')!;
    expect(layer1.score).toBe(5);
    // Beside it, the EDI block-production reading the category also states (decision 0333).
    expect(layer1.sources.map((s) => s.url)).toEqual([
      expect.stringContaining('coinmetrics/data/blob/'),
      expect.stringContaining('Blockchain-Technology-Lab/edi-frontend/blob/'),
    ]);
    // The copy ends in 2020; the report's data date stays that of its market figures.
    const others = input.results.filter((r) => r.key !== 'layer1').flatMap((r) => r.sources);
    expect(dataAsOfDates(input.results.flatMap((r) => r.sources))).toBe(dataAsOfDates(others));
  });

  it('fails on a report that calls a held fact missing (the walk can fail)', () => {
    const tether = SNAPSHOT_ASSETS.find((a) => a.id === 'tether')!;
    const bitcoin = SNAPSHOT_ASSETS.find((a) => a.id === 'bitcoin')!;
    const broken = `${report(tether)}\nLayer 1 — 3/5 (weight 1). Missing: what kind of token it is (stablecoin, DeFi, meme or exchange token).\nUse Case (no evidence, not counted). Needed: description of a use.\n${NOT_ASSESSED}: Stablecoins — Worst depeg; Stablecoins — Mint and redeem access.`;
    const classes = missingWhileHeld(tether, broken).map((p) => p.split(':')[0]);
    expect(new Set(classes)).toEqual(new Set(['tokenKind', 'pegMechanism', 'pegPrices', 'mintRedeem']));
    expect(
      missingWhileHeld(
        bitcoin,
        `${report(bitcoin)}\nLayer 1 — no evidence, not counted (weight 1). No evidence found: chain information.`,
      ),
    ).toEqual([
      expect.stringMatching(/^chain: bitcoin says “chain information” while coinmetrics\/bitcoin\.json/),
    ]);
    // A chain the chain list names (Solana's own) reported as missing.
    const solana = SNAPSHOT_ASSETS.find((a) => a.id === 'solana')!;
    expect(
      missingWhileHeld(
        solana,
        `${report(solana)}\nLayer 1 — no evidence, not counted (weight 1). No evidence found: chain information.`,
      ),
    ).toEqual([expect.stringMatching(/^chain: solana says “chain information” while chains\.json Solana/)]);
  });

  it('states the chain DefiLlama’s chain list names an asset the coin of, citing the list at its commit', () => {
    const stored = readDataset<{
      dataset: { name: string; version: string };
      path: string;
      records: ChainRow[];
    }>('chains.json');
    const cited = `${stored.dataset.name}/blob/${stored.dataset.version}/${stored.path}`;
    const problems: string[] = [];
    for (const record of stored.records) {
      const asset = SNAPSHOT_ASSETS.find((a) => a.id === record.id)!;
      const layer1 = paragraph(report(asset), 'layer1');
      if (MISSING_CATEGORY.test(layer1)) problems.push(`${record.id}: Layer 1 says no evidence`);
      // A Coin Metrics block count or Ethereum's client files are cited first; the list adds nothing there.
      if (!layer1.includes('coinmetrics/data') && !layer1.includes('clientdiversity')) {
        for (const chain of record.chains)
          if (
            !layer1.includes(
              `the ${chain.name} chain${chain.parent ? `, built on ${chain.parent.chain}` : ''}`,
            )
          )
            problems.push(`${record.id}: chain ${chain.name} not stated`);
        if (!report(asset).includes(cited)) problems.push(`${record.id}: chain list not cited at its commit`);
      }
    }
    expect(problems).toEqual([]);
    expect(stored.records.length).toBeGreaterThan(40);
    // Solana, Terra Luna Classic (issue 31) and Optimism, a layer 2's coin (built on Ethereum).
    const layer1Of = (id: string) => paragraph(report(SNAPSHOT_ASSETS.find((a) => a.id === id)!), 'layer1');
    expect(layer1Of('solana')).toMatch(/^Layer 1 — 5\/5 .*the Solana chain\./);
    expect(layer1Of('terra-luna')).toMatch(/^Layer 1 — 5\/5 .*the Terra Classic chain\./);
    expect(layer1Of('optimism')).toMatch(/^Layer 1 — 4\/5 .*the Optimism chain, built on Ethereum\./);
  });

  it('says a gap beside a peer group from our catalogue is the catalogue’s classification, stated by no dataset', () => {
    const problems: string[] = [];
    let gaps = 0;
    for (const asset of SNAPSHOT_ASSETS) {
      const layer1 = paragraph(report(asset), 'layer1');
      const gap = layer1.match(
        /(?:No evidence found: chain information|Missing: what kind of token it is)[^.]*\./,
      )?.[0];
      if (!gap || asset.kind === 'token') continue;
      gaps += 1;
      if (!gap.includes("the peer group follows our catalogue's classification as "))
        problems.push(`${asset.id}: ${gap}`);
    }
    expect(problems).toEqual([]);
    expect(gaps).toBeGreaterThan(0);
    const layer1Of = (id: string) => paragraph(report(SNAPSHOT_ASSETS.find((a) => a.id === id)!), 'layer1');
    expect(layer1Of('pepe')).toContain(
      "No evidence found: chain information (the peer group follows our catalogue's classification as a meme coin, which no dataset here states).",
    );
    // Lido DAO's contract is tagged only "lido": no kind. Lido Staked Ether's "liquid-staking" says
    // DeFi (decision 0279), so its report states the kind instead of the gap.
    expect(layer1Of('lido-dao')).toContain(
      "Missing: what kind of token it is (the peer group follows our catalogue's classification as a DeFi token, which no dataset here states; its contract is tagged lido, which names no kind).",
    );
    expect(layer1Of('staked-ether')).toContain(
      'Lido Staked Ether is classified as a DeFi token, as its contract’s tags say.',
    );
    // The kind is a fact inside Layer 1, not a category of its own: the categories with evidence
    // are Layer 1 and those with records of their own (Team from the public-code map, Use Case
    // from the liquid-staking tag, Existence/Growth from its first listing; decisions 0330, 0331, 0340).
    expect(report(SNAPSHOT_ASSETS.find((a) => a.id === 'staked-ether')!)).toMatch(
      /Data coverage: of Lido Staked Ether's twelve categories, six rest on dated public datasets; Market Cap, Volume, Circulating Supply, Total Supply, Social Metrics and Dex Holders have no evidence/,
    );
  });

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
      // The newest by the last day its date can stand for: "2026-01" may be later than 2026-01-13.
      const newest = independent
        .map((r) => r.date)
        .sort((a, b) => (auditDateEnd(a) ?? '').localeCompare(auditDateEnd(b) ?? ''))
        .at(-1);
      // By its own date, as precise as the record gives it (the age counts from it).
      if (
        newest &&
        !audits.includes(newest.length === 10 ? `the latest dated ${newest}` : `the latest from ${newest}`)
      )
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
        const depegOnRecord = line.includes('not assessed. A depeg is on record');
        if (
          (MISSING.test(line) && !depegOnRecord) ||
          !line.includes(`$${worst.low.toFixed(3)} on ${worst.date}`)
        )
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
        // The heading says the category is not assessed; the text after it must not call the figure missing.
        if (
          MISSING.test(line.replace(/^[^.]*? — [^(]*\(weight \d\)\. /, '')) ||
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
      readFileSync(new URL('./datasets/public/client-diversity.json', import.meta.url), 'utf8'),
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
      readFileSync(new URL('./datasets/public/token-contracts.json', import.meta.url), 'utf8'),
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
