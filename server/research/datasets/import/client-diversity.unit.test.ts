import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseClientDiversityFile } from './client-diversity';

// etheralpha/clientdiversity-org _data/migalabs.json (commit 75e25d3): its first two readings and
// its last, as the file writes them.
const text = readFileSync(new URL('fixtures/clientdiversity-migalabs.json', import.meta.url), 'utf8');
const raw = JSON.parse(text) as { date: string; data: { distribution: { name: string; value: number }[] } }[];

describe('client-diversity files', () => {
  it('reads every reading of the file, to its newest, with every client share and the file’s flags', () => {
    const file = parseClientDiversityFile(text, '_data/migalabs.json');
    expect(file.layer).toBe('consensus');
    expect(file.source).toBe('Miga Labs');
    expect(file.readings.map((r) => r.date)).toEqual(raw.map((entry) => entry.date));
    const newest = file.readings.at(-1)!;
    expect(newest.date).toBe('2026-08-21');
    expect(newest.shares[0]).toEqual({ client: 'lighthouse', share: 0.5100196918799954 });
    expect(newest.hasMajority).toBe(true);
    expect(newest.hasSupermajority).toBe(false);
    // Every client the entry lists, largest first, none dropped.
    for (const [i, entry] of raw.entries()) {
      const shares = file.readings[i]!.shares;
      expect(shares).toHaveLength(entry.data.distribution.length);
      expect(shares.map((s) => s.share)).toEqual([...shares.map((s) => s.share)].sort((a, b) => b - a));
    }
    // The order follows the shares, not the file's lines.
    const reversed = JSON.parse(text);
    reversed[2].data.distribution.reverse();
    expect(parseClientDiversityFile(JSON.stringify(reversed), '_data/migalabs.json').readings[2]).toEqual(
      newest,
    );
  });

  it('refuses an entry it cannot read, naming the file and the entry', () => {
    const broken = JSON.parse(text);
    broken[2].data.distribution[0].value = 'n/a';
    expect(() => parseClientDiversityFile(JSON.stringify(broken), '_data/migalabs.json')).toThrow(
      /_data\/migalabs\.json entry 2: lighthouse's share "n\/a" is not a ratio/,
    );
    const unordered = JSON.parse(text).reverse();
    expect(() => parseClientDiversityFile(JSON.stringify(unordered), '_data/migalabs.json')).toThrow(
      /is not after/,
    );
    expect(() => parseClientDiversityFile(text, '_data/icons.json')).toThrow(/not a client-diversity file/);
  });
});
