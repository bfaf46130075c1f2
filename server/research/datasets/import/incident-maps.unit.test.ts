import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HACK_ALIAS_EXCLUSIONS, HACK_ASSET_MAP, HACK_PROTOCOL_ALIASES } from './hack-asset-map';
import { SEC_ASSET_MAP } from './sec-asset-map';
import { parseSecEnforcementCsv } from './sec-enforcement';

// The reviewed maps behind the incident links (decision 0311): every DeFiHackLabs entry a protocol
// alias matches is either linked to that asset or left out with its reason, so no entry of an
// asset's own protocol goes unlinked; the stored SEC file's links are the reviewed map's.

const readPublic = (name: string) =>
  JSON.parse(readFileSync(new URL(`../public/${name}`, import.meta.url), 'utf8')) as {
    records: { key: string; name?: string; assets: string[] }[];
  };
const simple = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

describe('the DeFiHackLabs protocol aliases', () => {
  it('leave no entry an alias matches unreviewed', () => {
    const unreviewed: string[] = [];
    for (const record of readPublic('hacks.json').records) {
      for (const [id, aliases] of Object.entries(HACK_PROTOCOL_ALIASES)) {
        if (!aliases.some((alias) => simple(record.name!).startsWith(alias))) continue;
        if (!HACK_ASSET_MAP[record.key]?.includes(id) && !HACK_ALIAS_EXCLUSIONS[record.key])
          unreviewed.push(`${record.key} (${id})`);
      }
    }
    expect(unreviewed).toEqual([]);
  });

  it('exclude only entries the list holds', () => {
    const keys = new Set(readPublic('hacks.json').records.map((r) => r.key));
    expect(Object.keys(HACK_ALIAS_EXCLUSIONS).filter((key) => !keys.has(key))).toEqual([]);
  });
});

describe('the SEC enforcement file', () => {
  it('links each action to exactly the assets the reviewed map gives it', () => {
    const differing = readPublic('sec-enforcement.json').records.filter(
      (record) => JSON.stringify(record.assets) !== JSON.stringify(SEC_ASSET_MAP[record.key] ?? []),
    );
    expect(differing.map((record) => record.key)).toEqual([]);
  });

  it('reads the dates, the amounts and the "N/A" of the CSV as the database writes them', () => {
    const [row] = parseSecEnforcementCsv(
      '\uFEFFDate,Case,Description,Outcome,Cause of Action,Civil or Criminal,Token,Project Name,Blockchain, Amount ,Securities Act of 1933,Securities Exchange Act of 1934,SEC Office\n' +
        '12/22/20,"SEC v. Ripple Labs, Inc., et al.","The Securities and Exchange Commission filed an action against Ripple Labs,\u00a0Inc.",Ongoing,Unregistered Offering,Civil,XRP,Ripple,Ripple," $1,300,000,000.00 ",1,0,New York\n' +
        '7/23/13,SEC v. Shavers,A Ponzi scheme.,Ongoing,Unregistered Offering,Civil,N/A,Bitcoin Savings and Trust,Bitcoin, $0.00 ,1,0,Chicago\n',
    );
    expect(row).toMatchObject({
      key: '2020-12-22 SEC v. Ripple Labs, Inc., et al.',
      date: '2020-12-22',
      token: 'XRP',
      amountUsd: 1_300_000_000,
      description: 'The Securities and Exchange Commission filed an action against Ripple Labs, Inc.',
    });
  });
});
