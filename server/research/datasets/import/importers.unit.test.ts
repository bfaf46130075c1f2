import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dollarsOf, parseHackLabsReadme } from './defihacklabs';
import { peggedRecordsOf } from './pegged';

// The import of public datasets, on small excerpts cut from the real files (DeFiHackLabs
// past/2023/README.md and README.md; peggedassets-server's registry, as its entries parse).

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

describe('DeFiHackLabs list', () => {
  it('reads date, name, technique, loss and reference links of each entry', () => {
    const entries = parseHackLabsReadme(fixture('defihacklabs-past-2023.md'), 'past/2023/README.md');
    expect(entries.map((e) => e.key)).toEqual(['2023-07-30 Curve', '2023-03-28 SafeMoon Hack']);
    const [curve, safemoon] = entries;
    expect(curve).toMatchObject({
      date: '2023-07-30',
      name: 'Curve',
      technique: 'Vyper Compiler Bug && Reentrancy',
      lossText: '~ $41M',
      amountUsd: 41_000_000,
      links: ['https://hackmd.io/@LlamaRisk/BJzSKHNjn'],
      path: 'past/2023/README.md',
    });
    expect(safemoon?.amountUsd).toBe(8_900_000);
    expect(safemoon?.links.every((l) => l.startsWith('https://'))).toBe(true);
  });

  it('keeps a loss stated in tokens as text only, and reads the current-year list', () => {
    const entries = parseHackLabsReadme(fixture('defihacklabs-readme.md'), 'README.md');
    expect(entries.map((e) => e.name)).toEqual(['Atomic', 'UnistreetLaunchpad', 'PantherBase', 'SummerFi']);
    expect(entries[0]).toMatchObject({ lossText: '~29,984.27 USDC', links: [] });
    expect(entries[0]?.amountUsd).toBeUndefined();
    expect(entries[2]?.amountUsd).toBeUndefined();
    expect(entries[3]).toMatchObject({
      amountUsd: 6_000_000,
      links: ['https://etherscan.io/tx/0x0db528c44f23fc7fa4544684a2fab81096450a14aae8bc89f42cd0592d43da12'],
    });
  });

  it('reads the loss line in every heading form the list uses', () => {
    // Entries cut from past/2022, past/2024 and past/2025/README.md at commit b3719ce.
    const entries = parseHackLabsReadme(fixture('defihacklabs-loss-headings.md'), 'past/2022/README.md');
    expect(entries.map((e) => [e.name, e.lossText, e.amountUsd])).toEqual([
      ['Ronin Network', '$624 million', 624_000_000],
      ['MBC & ZZSH', '$5.9k', 5_900],
      ['P719Token', '547.18 BNB (~$312K USD)', 312_000],
      ['Unverified_35bc', '$6.7K', 6_700],
      ['HEALTH', '16 BNB', undefined],
    ]);
  });

  it('reads dollars only when the list states dollars', () => {
    expect(dollarsOf('$.2 million')).toBe(200_000);
    expect(dollarsOf('$8.2 million')).toBe(8_200_000);
    expect(dollarsOf('~$1,6M')).toBe(1_600_000);
    expect(dollarsOf('120M USD')).toBe(120_000_000);
    // Capitalised words, as the list writes them for Transit Swap, Yearn's yDAI and SocketGateway
    // (the cross-check against another exploit list found "over $21 Million" read as $21).
    expect(dollarsOf('over $21 Million')).toBe(21_000_000);
    expect(dollarsOf('11 Million $')).toBe(11_000_000);
    expect(dollarsOf('~3.3Million $')).toBe(3_300_000);
    expect(dollarsOf('500,000+ USD')).toBe(500_000);
    expect(dollarsOf('819 BNB (~224k$)')).toBe(224_000);
    expect(dollarsOf('~$2 $BNB')).toBeUndefined();
    expect(dollarsOf('~$56.9BNB')).toBeUndefined();
    expect(dollarsOf('~$0.5 ETH')).toBeUndefined();
    expect(dollarsOf('1.5B')).toBeUndefined();
  });
});

describe('DefiLlama stablecoin registry', () => {
  it('keeps CoinGecko id, peg type, mechanism, attestation links and how to mint and redeem, and skips entries without an id', () => {
    const records = peggedRecordsOf(JSON.parse(fixture('pegged-registry.json')));
    expect(records).toEqual([
      {
        geckoId: 'tether',
        name: 'Tether',
        symbol: 'USDT',
        pegType: 'peggedUSD',
        pegMechanism: 'fiat-backed',
        attestations: ['https://tether.to/en/transparency/#reports'],
        mintRedeem:
          'Tether customers who have undergone a verification process can exchange USD for USDT and redeem USDT for USD.',
      },
      {
        geckoId: 'terrausd',
        name: 'TerraClassicUSD',
        symbol: 'USTC',
        pegType: 'peggedUSD',
        pegMechanism: 'algorithmic',
        attestations: [],
        mintRedeem: 'Using Terra Station, $1 worth of LUNA can be burned to mint 1 UST, and vice-versa.',
      },
    ]);
    expect(() => peggedRecordsOf({})).toThrow(/expected an array/);
  });
});
