import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { W3IGG_ALIAS_EXCLUSIONS, W3IGG_ASSET_ALIASES, W3IGG_ASSET_MAP } from './w3igg-asset-map';
import { aliasMatches, parseW3iggTsv, type W3iggEntry, w3iggIncidentKind } from './web3isgoinggreat';

// The reviewed map behind Web3 is Going Just Great's links (decision 0312): every incident entry
// an alias matches is either linked to that asset or left out with its reason, so no entry of an
// asset's own protocol, issuer or exchange goes unlinked; the committed file's links are the map's.

const file = JSON.parse(
  readFileSync(new URL('../public/web3isgoinggreat.json', import.meta.url), 'utf8'),
) as { records: (W3iggEntry & { assets: string[] })[] };
const incidentEntries = file.records.filter((entry) => w3iggIncidentKind(entry.themes));
const matches = incidentEntries.flatMap((entry) =>
  Object.entries(W3IGG_ASSET_ALIASES)
    .filter(([, alias]) => aliasMatches(entry, alias))
    .map(([id]) => `${entry.id} ${id}`),
);

describe('the Web3 is Going Just Great aliases', () => {
  it('leave no incident entry an alias matches unreviewed', () => {
    const unreviewed = matches.filter((pair) => {
      const [entry, asset] = pair.split(' ') as [string, string];
      return !W3IGG_ASSET_MAP[entry]?.includes(asset) && !W3IGG_ALIAS_EXCLUSIONS[pair];
    });
    expect(unreviewed).toEqual([]);
  });

  it('link and exclude only pairs an alias offers, each exclusion with its reason', () => {
    const offered = new Set(matches);
    const linked = Object.entries(W3IGG_ASSET_MAP).flatMap(([entry, assets]) =>
      assets.map((a) => `${entry} ${a}`),
    );
    expect(linked.filter((pair) => !offered.has(pair))).toEqual([]);
    expect(Object.keys(W3IGG_ALIAS_EXCLUSIONS).filter((pair) => !offered.has(pair))).toEqual([]);
    expect(Object.values(W3IGG_ALIAS_EXCLUSIONS).filter((reason) => reason.length < 20)).toEqual([]);
  });

  it('are the links of the committed file, entry by entry', () => {
    const differing = file.records.filter(
      (entry) => JSON.stringify(entry.assets) !== JSON.stringify(W3IGG_ASSET_MAP[entry.id] ?? []),
    );
    expect(differing.map((entry) => entry.id)).toEqual([]);
  });
});

describe('the transcription', () => {
  it('reads lists, both amounts and the first link, and names each theme set as the brief maps it', () => {
    const [entry] = parseW3iggTsv(
      '2022-08-09-0\tcurve-finance-frontend\thack,shady\tcurve-finance,domain-attack\tethereum\t0\t620000\tCurve Finance frontend compromised\thttps://example.org/post\n',
    );
    expect(entry).toEqual({
      id: '2022-08-09-0',
      readableId: 'curve-finance-frontend',
      date: '2022-08-09',
      themes: ['hack', 'shady'],
      collections: ['curve-finance', 'domain-attack'],
      blockchains: ['ethereum'],
      lossUsd: 0,
      lossBeforeRecoveryUsd: 620000,
      title: 'Curve Finance frontend compromised',
      sourceUrl: 'https://example.org/post',
    });
    expect(w3iggIncidentKind(['hack', 'shady'])).toBe('hack');
    expect(w3iggIncidentKind(['rugPull', 'hack'])).toBe('rug pull');
    expect(w3iggIncidentKind(['collapse'])).toBe('collapse');
    expect(w3iggIncidentKind(['law', 'shady'])).toBe('regulatory action');
    expect(w3iggIncidentKind(['shady'])).toBe('fraud');
    expect(w3iggIncidentKind(['hmm', 'bug', 'badIdea'])).toBeUndefined();
  });
});
