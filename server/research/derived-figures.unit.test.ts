import { describe, expect, it } from 'vitest';
import type { ValuationFacts } from './evidence';
import { scoreMarketCap } from './scoring';
import { checkedReport } from './testing/checked-report';

// The fully diluted value is the cited market record's own figure, printed with the parts of that
// record that give it, so a reader's multiplication reproduces it (decision 0258). Issue 32: the
// printed price was market cap ÷ circulating supply, not the record's price; Curve's maximum supply
// gave 30% more than the record's own figure; Axie's $1.42 × 270,000,000 is not $384.72 million.

const NOW = new Date('2026-11-26T00:00:00Z');
const reportOf = async (id: string) => {
  const { text, mismatches } = await checkedReport(id, /fully diluted/, NOW);
  const fact = /Fully diluted value: [^\n]*?\.(?= \(Sources)/.exec(text)![0];
  return { text, fact, fullyDiluted: mismatches };
};

describe('the fully diluted value', () => {
  it("is the market record's own figure, with its price and the arithmetic that gives it", async () => {
    const chainlink = await reportOf('chainlink');
    expect(chainlink.fact).toBe(
      "Fully diluted value: $17.07 billion on 2025-11-03 (total supply 1,000,000,000 × $17.07, the market capitalisation per circulating token; the record's price that day: $17.04).",
    );
    // Curve's record values its total supply, not its maximum: $1.07 billion, as the record says.
    const curve = await reportOf('curve-dao-token');
    expect(curve.fact).toContain('Fully diluted value: $1.07 billion on 2025-11-03');
    expect(curve.fact).toContain("(total supply 2,319,411,017 × $0.462681, the record's price that day).");
    // Enough digits that the product is the printed figure: 1.4249 × 270,000,000 = $384.72 million.
    const axie = await reportOf('axie-infinity');
    expect(axie.fact).toContain('$384.72 million on 2025-11-03');
    expect(axie.fact).toContain(
      '(total supply 270,000,000 × $1.4249, the market capitalisation per circulating token;',
    );
    // The record's own price, when it gives the figure.
    const pepe = await reportOf('pepe');
    expect(pepe.fact).toContain(
      "(total supply 420,690,000,000,000 × $0.00000649, the record's price that day).",
    );
    for (const report of [chainlink, curve, axie, pepe]) expect(report.fullyDiluted(report.text)).toEqual([]);
  });

  it('takes every part from one record of one date: Bitcoin’s from its 2025-11-03 record, beside a newer market cap', async () => {
    const bitcoin = await reportOf('bitcoin');
    expect(bitcoin.text).toMatch(/Market capitalisation: \$1\.30 trillion on 2026-07-18/);
    expect(bitcoin.fact).toMatch(
      /^Fully diluted value: \$2\.19 trillion on 2025-11-03 \(total supply [\d,]+ × \$/,
    );
    // Of another day than the market cap above it: that day's market cap goes with it, so the
    // reader's ratio is of one date.
    expect(bitcoin.fact).toMatch(/; that day's market capitalisation: \$2\.19 trillion\)\.$/);
    expect(bitcoin.fullyDiluted(bitcoin.text)).toEqual([]);
    // Of the same day as the market cap, nothing is added.
    const chainlink = await reportOf('chainlink');
    expect(chainlink.text).toMatch(/Market capitalisation: \$[\d.]+ billion on 2025-11-03/);
    expect(chainlink.fact).not.toContain("that day's market capitalisation");
  });

  it('the claim checker finds each defect of the old texts', async () => {
    const cases = [
      [
        'chainlink',
        "Fully diluted value: $17.07 billion on 2025-11-03 (maximum supply 1,000,000,000 × $17.07, the record's price that day).",
        ["fully diluted value printed with a price of $17.07, the market record's price is 17.04"],
      ],
      [
        'curve-dao-token',
        "Fully diluted value: $1.40 billion on 2025-11-03 (maximum supply 3,030,303,031 × $0.4627, the record's price that day).",
        ['fully diluted value printed $1.40 billion, the market record states $1.07 billion'],
      ],
      [
        'axie-infinity',
        "Fully diluted value: $384.72 million on 2025-11-03 (maximum supply 270,000,000 × $1.42, the record's price that day).",
        [
          'fully diluted value printed $384.72 million, its printed parts give $383.40 million ($1.42 × 270,000,000)',
        ],
      ],
      [
        'bitcoin',
        "Fully diluted value: $1.36 trillion on 2026-07-18 (maximum supply 21,000,000 × $64,795.70, the record's price that day).",
        [
          'fully diluted value $1.36 trillion dated 2026-07-18, its market record is of 2025-11-03',
          'fully diluted value printed $1.36 trillion, the market record states $2.19 trillion',
          "fully diluted value printed with a price of $64,795.70, the market record's price is 109560",
        ],
      ],
      // The analyst's copy: a value of 2025-11-03 under a market cap of 2026-07-18, alone.
      [
        'bitcoin',
        "Fully diluted value: $2.19 trillion on 2025-11-03 (total supply 19,943,675 × $109,560.00, the record's price that day).",
        [
          "fully diluted value $2.19 trillion of 2025-11-03 printed under a market capitalisation of 2026-07-18 without that day's market capitalisation",
        ],
      ],
      [
        'bitcoin',
        "Fully diluted value: $2.19 trillion on 2025-11-03 (total supply 19,943,675 × $109,560.00, the record's price that day; that day's market capitalisation: $1.30 trillion).",
        [
          "fully diluted value printed with that day's market capitalisation $1.30 trillion, the market record states $2.19 trillion",
        ],
      ],
      // The old wording, whose parts the checker no longer reads, is not passed over.
      [
        'chainlink',
        'Fully diluted value: $17.07 billion on 2025-11-03, as the market record states it: its total supply of 1,000,000,000 at $17.07 a token, its market capitalisation over its circulating supply (its price that day: $17.04).',
        ['fully diluted value $17.07 billion printed without the supply and price that give it'],
      ],
    ] as const;
    for (const [id, old, expected] of cases) {
      const report = await reportOf(id);
      const found = report.fullyDiluted(report.text.replace(report.fact, old));
      expect(found.map((m) => m.replace(/^[^:]+: /, ''))).toEqual(expected);
    }
  });

  it('derives it within a record that states none (price × maximum supply), and states none that its record cannot give', () => {
    const source = {
      title: 'CoinGecko coin data: Example',
      url: 'https://example.test/coin',
      retrievedAt: '2026-11-26T00:00:00Z',
      live: true,
    };
    const factsOf = (valuation: ValuationFacts) =>
      scoreMarketCap({ marketCapUsd: { value: 1.5e9, source }, valuation: { value: valuation, source } })
        .facts;
    const record = { priceUsd: 2.5, marketCapUsd: 1.5e9, circulating: 6e8, total: 8e8, max: 1e9 };
    expect(factsOf({ ...record, fullyDilutedUsd: null })).toContain(
      "Fully diluted value: $2.50 billion (maximum supply 1,000,000,000 × $2.50, the record's price that day; derived, as the record states none).",
    );
    // $3.10 billion: neither its price nor its cap per circulating token, times either supply, gives it.
    expect(factsOf({ ...record, fullyDilutedUsd: 3.1e9 }).join(' ')).not.toContain('Fully diluted value');
  });
});
