import { describe, expect, it } from 'vitest';
import { offlineReportInput } from '../offline-report';
import { buildReportText } from '../report-text';
import { SNAPSHOT_ASSETS } from '../sources/snapshot-data';
import { checkedReport } from '../testing/checked-report';
import { checkReportText, verifyOfflineReports } from './claim-check';

// The claim checker runs in the suite: every offline report, every printed total recomputed
// from its printed parts, every figure that cites a record checked against that record.

const NOW = new Date('2026-11-26T00:00:00Z');

describe('the claim checker', () => {
  it('finds no mismatch in any of the offline reports, and checks their figures', async () => {
    const started = performance.now();
    const result = await verifyOfflineReports(NOW);
    console.info(
      `Claim checker: ${result.reports} reports, ${result.checked} figures checked, ${result.mismatches.length} mismatches, ${Math.round(performance.now() - started)} ms`,
    );
    expect(result.reports).toBe(SNAPSHOT_ASSETS.length);
    expect(result.mismatches).toEqual([]);
    expect(result.byKind.total).toBeGreaterThan(0);
    expect(result.byKind.peer).toBeGreaterThan(100);
    expect(result.byKind.date).toBeGreaterThan(50);
  });

  it('catches a total that its printed parts do not give, a wrong peer value and a wrong incident date', async () => {
    const celsius = SNAPSHOT_ASSETS.find((a) => a.id === 'celsius-degree-token')!;
    const input = await offlineReportInput(celsius, NOW);
    const text = buildReportText(input);
    const own = new Map<string, { total: number | null; level: string | null }>();
    const empty = checkReportText(text, input, own, new Map());
    expect(empty.mismatches.filter((m) => !m.includes('has no report of its own'))).toEqual([]);

    const byLink = new Map([
      [
        'https://www.justice.gov/usao-sdny/pr/founder-celsius-sentenced-12-years-fraud-and-market-manipulation',
        JSON.stringify({ date: '2025-05-09', publishedAt: '2025-05-09', summary: 'sentenced to 12 years' }),
      ],
    ]);
    const wrongDate = checkReportText(text, input, own, byLink);
    expect(wrongDate.mismatches.some((m) => m.includes('2025-05-08 is not in the cited record'))).toBe(true);

    // A sentence that names several categories, Team's clause with its court document (as the
    // summary's examples once did): that document vouches for Team's date, not for the figures
    // of Existence/Growth's clause.
    const court =
      'https://www.justice.gov/usao-sdny/pr/founder-celsius-sentenced-12-years-fraud-and-market-manipulation';
    const clauses = `${text}\nIts weakest: Existence/Growth: Priced since 2020-03-01, 2.9 years; Team: Knockout, 2025-05-08 — ${court}.`;
    const rightRecord = new Map([
      [
        'https://www.justice.gov/usao-sdny/pr/founder-celsius-sentenced-12-years-fraud-and-market-manipulation',
        JSON.stringify({ date: '2025-05-08', publishedAt: '2025-05-08', summary: 'sentenced to 12 years' }),
      ],
    ]);
    const attributed = checkReportText(clauses, input, own, rightRecord).mismatches;
    expect(
      checkReportText(
        clauses,
        input,
        own,
        new Map([[court, rightRecord.get(court)!.replaceAll('2025-05-08', '2025-05-09')]]),
      ).mismatches.join('\n'),
    ).toMatch(/2025-05-08 is not in the cited record/);
    expect(attributed.filter((m) => /2020-03-01|2023-02-01|\b2\.9\b/.test(m))).toEqual([]);

    const printedTotal = /= (\d+\.\d\d)\b/.exec(text)![1]!;
    const tampered = text.replace(`= ${printedTotal}`, '= 77.00');
    expect(checkReportText(tampered, input, own, new Map()).mismatches.join('\n')).toMatch(
      /total printed 77\.00, arithmetic gives/,
    );
  });

  it('checks the named peers of a new store, printed in one clause of the peer group line', async () => {
    const solana = SNAPSHOT_ASSETS.find((a) => a.id === 'solana')!;
    const input = await offlineReportInput(solana, NOW, undefined, { peerReports: { get: () => undefined } });
    const text = buildReportText(input);
    expect(text).toMatch(/^Peer group: .*; named peers: Ethereum \(ETH\), XRP, BNB/m);
    expect(text).not.toMatch(/not yet researched/);
    const none = checkReportText(text, input, new Map(), new Map());
    expect(none.mismatches.filter((m) => m.includes('peer'))).toEqual([]);
    expect(none.checked.peer).toBe(5);
    // A named peer with a report of its own may not be printed among the unresearched.
    const ethereum = new Map([['Ethereum|ETH', { total: 69.3, level: 'Likely Safe' }]]);
    expect(checkReportText(text, input, ethereum, new Map()).mismatches).toContain(
      'Solana: peer Ethereum printed as not yet researched, but it has a report of its own',
    );
    const added = text.replace('named peers: Ethereum (ETH),', 'named peers: Ethereum (ETH), Bitcoin (BTC),');
    expect(checkReportText(added, input, new Map(), new Map()).mismatches.join('\n')).toMatch(
      /names what is not a peer/,
    );
  });
});

describe('money figures', () => {
  it("prints Aave's exploit loss with its unit, and catches the bare figure the list gives", async () => {
    const { text, mismatches } = await checkedReport('aave', /money figure/, NOW);
    // DeFiHackLabs writes "Lost: 52000", no currency: the report says so rather than guess dollars.
    expect(text).toContain('Loss as the list states it: 52,000 (the list names no currency).');
    expect(mismatches(text)).toEqual([]);
    // Issue 32: the report printed the bare "52000".
    const old = text.replace('52,000 (the list names no currency)', '52000');
    expect(mismatches(old)).toEqual([
      expect.stringContaining('money figure 52000 printed without a currency'),
    ]);
  });
});

describe('ages and their bands', () => {
  it('scores Uniswap\'s "5.0 years" in the band from 5 years, and catches the old band below it', async () => {
    const { text, mismatches } = await checkedReport('uniswap', /years/, NOW);
    // 2020-09-18 (Coin Metrics) to 2025-10-01 (the monthly file): five years, printed and scored as 5.0.
    expect(text).toContain(
      'Age, lower bound: 5.0 years to 2025-10-01, the day it is still priced in smoothbrainquant/trading-for-new-dads.',
    );
    expect(text).toMatch(/^Existence\/Growth — 4\/5 \(weight 2\)/m);
    expect(text).toContain('Existence/Growth (4/5). One band up: Operation: 8 years.');
    expect(mismatches(text)).toEqual([]);
    // Issue 32: the same 5.0 years printed at 3/5, one band up "Operation: 5 years".
    const old = text
      .replace('Existence/Growth — 4/5 (weight 2)', 'Existence/Growth — 3/5 (weight 2)')
      .replace(
        'Existence/Growth (4/5). One band up: Operation: 8 years.',
        'Existence/Growth (3/5). One band up: Operation: 5 years.',
      );
    expect(mismatches(old)).toEqual([
      'Uniswap: Existence/Growth: 5.0 years printed, yet one band up asks for 5 years of operation',
      'Uniswap: Existence/Growth prints 3/5 without a penalty, but 5.0 years is in the 4/5 band',
    ]);
  });
});

describe('incident dates', () => {
  it("dates Terra Luna Classic's collapse by the collapse (May 2022), naming the SEC's release that records it", async () => {
    const { text, mismatches } = await checkedReport('terra-luna', /collapse dated|printed with \d/, NOW);
    const verdict = 'Terraform and Do Kwon to pay $4.5 billion following a fraud verdict';
    expect(text).toContain(
      "Terra Luna Classic collapsed in May 2022, as the SEC's release of 2024-06-12 records, so the score is capped at 2.",
    );
    // The headline is the source's title, not prose.
    expect(text).not.toContain(`as recorded in ${verdict}`);
    expect(text).toContain(`Knockout, collapse in May 2022: ${verdict} (2024-06-12, https://`);
    expect(mismatches(text)).toEqual([]);
    // Issue 32: the verdict's date printed as the collapse's.
    const old = text.replace(
      "collapsed in May 2022, as the SEC's release of 2024-06-12 records, so",
      "collapsed on 2024-06-12, as the SEC's release of 2024-06-12 records, so",
    );
    expect(mismatches(old)).toEqual([
      "Terra Luna Classic: collapse dated 2024-06-12 beside the SEC's release, whose record dates it 2022-05",
    ]);
    // The document keeps its own date in prose too.
    expect(
      mismatches(
        text.replace(
          "the SEC's release of 2024-06-12 records, so",
          "the SEC's release of 2022-05-09 records, so",
        ),
      ),
    ).toEqual([
      expect.stringContaining("the SEC's release printed with 2022-05-09, the document is dated 2024-06-12"),
    ]);
    // And the verdict keeps its own date wherever its title is dated.
    expect(mismatches(text.replace(`${verdict} (2024-06-12)`, `${verdict} (2022-05-09)`))).toEqual([
      expect.stringContaining(`${verdict} printed with 2022-05-09, its record's date is 2024-06-12`),
    ]);
  });

  it("says FTX Token's collapse date is its issuer's chapter 11 filing, and checks that date", async () => {
    const { text, mismatches } = await checkedReport(
      'ftx-token',
      /collapse dated|dated \d|printed with \d/,
      NOW,
    );
    expect(text).toContain(
      'FTX Token collapsed: its issuer filed for chapter 11 on 2022-11-11, so the score is capped at 2.',
    );
    expect(text).not.toContain('collapsed on 2022-11-11');
    expect(mismatches(text)).toEqual([]);
    expect(
      mismatches(
        text.replace('filed for chapter 11 on 2022-11-11, so', 'filed for chapter 11 on 2022-11-08, so'),
      ),
    ).toEqual([
      'FTX Token: "its issuer filed for chapter 11" dated 2022-11-08, its record dates it 2022-11-11',
    ]);
  });
});

describe('audit dates and staleness', () => {
  const checked = async (id: string) => {
    const input = await offlineReportInput(SNAPSHOT_ASSETS.find((a) => a.id === id)!, NOW);
    const text = buildReportText(input);
    return {
      text,
      mismatches: (changed: string) =>
        checkReportText(changed, input, new Map(), new Map(), NOW).mismatches.filter((m) =>
          /latest audit/.test(m),
        ),
    };
  };

  it("catches Beanstalk's audit of 2023-11-20 left unmarked on 2026-11-26, and Dai's stale audit offered 'older than 3 years'", async () => {
    const beanstalk = await checked('bean');
    expect(beanstalk.mismatches(beanstalk.text)).toEqual([]);
    // Issue 32: calendar years only, so 2023 was not yet "more than 3 years" before 2026.
    const unmarked = beanstalk.text.replace(
      /The latest audit \(2023-11-20\) is [^:]+: older than 3 years, which costs a point\. /,
      '',
    );
    expect(unmarked).not.toBe(beanstalk.text);
    expect(beanstalk.mismatches(unmarked)).toEqual([
      'Beanstalk: latest audit 2023-11-20 is more than 3 years old on 2026-11-26 but not marked down',
    ]);
    const dai = await checked('dai');
    expect(dai.mismatches(dai.text)).toEqual([]);
    const oldStep = dai.text.replace(
      /^(Audits \(4\/5\)\..*One band down: ).*$/m,
      '$1Latest audit: older than 3 years.',
    );
    expect(dai.mismatches(oldStep)).toEqual([
      'Dai: latest audit 2019-09-08 is stale, yet one band down asks for it to be older than 3 years',
    ]);
  });
});
