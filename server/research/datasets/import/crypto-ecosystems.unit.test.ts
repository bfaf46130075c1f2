import { describe, expect, it } from 'vitest';
import { ecosystemRecordsOf, replayMigrations, wordsOf } from './crypto-ecosystems';

// Migrations as electric-capital/crypto-ecosystems writes them: one command a line, quoted names
// with spaces (either quote), `--` comments, files named by their date (with or without a time),
// and commands that name what an earlier file removed.
const MIGRATIONS = [
  {
    name: '2015-07-31T235959_mutations',
    text: [
      '-- bootstrap',
      'ecoadd Ethereum',
      'ecoadd "Lido Finance"',
      'repadd Ethereum https://github.com/ethereum/go-ethereum #protocol',
      'repadd Ethereum https://github.com/ethereum/solidity',
      'repadd Ethereum https://github.com/Ethereum/EIPs/',
      'repadd Ethereum https://github.com/someone/tutorial',
      "repadd 'Lido Finance' https://github.com/lidofinance/core",
      'ecocon Ethereum "Lido Finance"',
    ].join('\n'),
  },
  {
    name: '2020-01-31_renames',
    text: [
      'ecomov "Lido Finance" Lido',
      'repmov https://github.com/lidofinance/core https://github.com/lidofinance/lido-dao',
      'reprem Ethereum https://github.com/someone/tutorial',
      'repadd Unknown https://github.com/x/y',
    ].join('\n'),
  },
  {
    name: '2026-01-02T115812_mutations',
    text: 'ecoadd Later\nrepadd Later https://github.com/later/one\necorem Lido',
  },
];

describe('crypto-ecosystems migrations', () => {
  it('split a command into words, keeping quoted names whole', () => {
    expect(wordsOf(`repadd "Arbi's Finance" https://github.com/a/b #dex`)).toEqual([
      'repadd',
      "Arbi's Finance",
      'https://github.com/a/b',
      '#dex',
    ]);
  });

  it('replay the files in date order up to a day: additions, renames, moves, removals', () => {
    const early = replayMigrations(MIGRATIONS, '2020-12-31');
    expect(early.asOf).toBe('2020-01-31');
    expect([...early.ecosystems.keys()]).toEqual(['Ethereum', 'Lido']);
    expect([...early.ecosystems.get('Ethereum')!.children]).toEqual(['Lido']);
    expect([...early.ecosystems.get('Lido')!.repositories]).toEqual([
      'https://github.com/lidofinance/lido-dao',
    ]);
    // Repository names ignore case and a trailing slash; the removed tutorial is gone.
    expect([...early.ecosystems.get('Ethereum')!.repositories]).toEqual([
      'https://github.com/ethereum/go-ethereum',
      'https://github.com/ethereum/solidity',
      'https://github.com/ethereum/eips',
    ]);
    // An ecosystem no migration added cannot take a repository.
    expect(early.skipped).toBe(1);

    const all = replayMigrations([...MIGRATIONS].reverse());
    expect(all.asOf).toBe('2026-01-02');
    expect(all.ecosystems.has('Lido')).toBe(false);
    expect(all.ecosystems.get('Ethereum')!.children.size).toBe(0);
  });

  it("give each mapped asset its ecosystem's repositories and leading owners, none for an unknown or empty ecosystem", () => {
    const map = replayMigrations(MIGRATIONS, '2020-12-31');
    map.ecosystems.set('Empty', {
      name: 'Empty',
      addedOn: '2020-01-31',
      repositories: new Set(),
      children: new Set(),
    });
    const records = ecosystemRecordsOf(map, {
      ethereum: 'Ethereum',
      'lido-dao': 'Lido',
      other: 'Empty',
      gone: 'Nope',
    });
    expect(records).toEqual([
      {
        id: 'ethereum',
        ecosystem: 'Ethereum',
        addedOn: '2015-07-31',
        repositories: 3,
        organisations: [{ name: 'ethereum', repositories: 3 }],
        subEcosystems: 1,
      },
      {
        id: 'lido-dao',
        ecosystem: 'Lido',
        addedOn: '2015-07-31',
        repositories: 1,
        organisations: [{ name: 'lidofinance', repositories: 1 }],
        subEcosystems: 0,
      },
    ]);
  });
});
