import { describe, expect, it } from 'vitest';
import {
  buildScores,
  CATEGORIES,
  type CategoryKey,
  type CategoryScores,
  METHODOLOGY_CHANGELOG,
  METHODOLOGY_VERSION,
} from '../../contract/methodology';
import { NOT_COUNTED_TEXT, nameWithSymbols, type PeerGroup, type Source } from '../../contract/reports';
import { loadBacktest } from './backtest/artefact';
import { offlineDemoEvidence, offlineReportInput } from './offline-report';
import { offlinePeerReports, type PeerReports } from './peers';
import { buildReportText, type CategoryResult, type ReportTextInput } from './report-text';
import { PUBLIC_DATA, SNAPSHOT_ASSETS } from './sources/snapshot-data';
import { deterministicWriter } from './writer';

// The grammar slips buyers found in issue 32, each rendered through the report text a buyer
// reads: a name said twice, counts that do not agree, a weak score called a strength, "0 more",
// and a rank "higher than 0 of 18".

const NOW = new Date('2026-11-24T00:00:00Z');
const assetById = (id: string) => SNAPSHOT_ASSETS.find((a) => a.id === id)!;
const reportOf = async (id: string) => buildReportText(await offlineReportInput(assetById(id), NOW));

const source: Source = {
  title: 'CoinGecko coin data',
  url: 'https://example.test/coin',
  retrievedAt: '2026-11-20T10:00:00Z',
};

/** A report on Bitcoin whose categories have the given scores; the others have no evidence. */
function inputWith(
  scores: Partial<Record<CategoryKey, number>>,
  peers: PeerGroup | null = null,
): ReportTextInput {
  const results: CategoryResult[] = CATEGORIES.map((c) => {
    const score = scores[c.key];
    return {
      key: c.key,
      score: score ?? 1,
      findings: `${c.name} findings.`,
      analysis: '',
      sources: score === undefined ? [] : [source],
      facts: [`Fact about ${c.name}.`],
      coverage: score === undefined ? { kind: 'none' } : { kind: 'live', retrievedAt: source.retrievedAt },
    };
  });
  return {
    assetName: 'Bitcoin',
    asset: { id: 'bitcoin', name: 'Bitcoin', symbol: 'BTC' },
    scores: buildScores(Object.fromEntries(results.map((r) => [r.key, r.score])) as CategoryScores),
    results,
    dataNote: 'Data: live.',
    methodologyVersion: 'v2',
    peers,
  };
}

const summaryOf = (text: string) => text.split('\n\n')[0]!;

describe('the report text says a name once when it is its own symbol', () => {
  it('USDC is "USDC", not "USDC (USDC)", in its own summary and in the peer lines of other reports', async () => {
    const usdc = await reportOf('usd-coin');
    expect(usdc).not.toContain('USDC (USDC)');
    expect(summaryOf(usdc)).toMatch(/^Executive summary: USDC (scores|is) /);
    // Bitcoin keeps its ticker beside its name.
    expect(summaryOf(await reportOf('bitcoin'))).toMatch(/^Executive summary: Bitcoin \(BTC\) scores /);
    const tether = await reportOf('tether');
    expect(tether).not.toMatch(/\b(\w+) \(\1\)/);
    expect(tether).toMatch(/Named peers: .*\bUSDC: /);
  });
});

describe('counts agree with the number of categories', () => {
  it('says "both" for two tied categories with evidence and "all three" for three', () => {
    const two = summaryOf(buildReportText(inputWith({ marketCap: 4, volumeX2: 4 })));
    expect(two).toContain('Both categories with evidence score 4/5');
    expect(two).not.toMatch(/two categories with evidence all score/i);
    const three = summaryOf(buildReportText(inputWith({ marketCap: 4, volumeX2: 4, audits: 4 })));
    expect(three).toContain('All three categories with evidence score 4/5');
  });

  it('names the categories without evidence once, with the verb agreeing with their count', () => {
    const all = CATEGORIES.map((c) => c.key).filter((key) => key !== 'layer1');
    const elevenOfTwelve = summaryOf(
      buildReportText(inputWith(Object.fromEntries(all.map((key, i) => [key, 1 + (i % 5)])))),
    );
    expect(elevenOfTwelve).toContain(
      "of Bitcoin's twelve categories, eleven rest on live sources; Layer 1 has no evidence and counts as 1",
    );
    expect(elevenOfTwelve).not.toMatch(/the one without count\b/);
  });
});

describe('the data coverage sentence, in each of its forms', () => {
  // The sentence closing every summary: which categories have evidence, which do not, and where
  // the data came from. Issue 32: "of Bitcoin's twelve categories, seven on dated public datasets"
  // had no verb.
  const coverageOf = (input: ReportTextInput) =>
    /Data coverage: .*$/.exec(summaryOf(buildReportText(input)))![0];
  const withKinds = (input: ReportTextInput, snapshotKeys: CategoryKey[]): ReportTextInput => ({
    ...input,
    results: input.results.map((r) =>
      snapshotKeys.includes(r.key)
        ? { ...r, coverage: { kind: 'snapshot', retrievedAt: '2026-08-22T00:00:00Z' } }
        : r,
    ),
  });
  const every = Object.fromEntries(CATEGORIES.map((c, i) => [c.key, 1 + (i % 5)]));

  it('all twelve with evidence, from one kind of source', () => {
    expect(coverageOf(inputWith(every))).toBe(
      "Data coverage: all twelve of Bitcoin's categories rest on live sources; Data: live.",
    );
  });

  it('all twelve with evidence, from both kinds: the verb once, agreeing with the first count', () => {
    expect(coverageOf(withKinds(inputWith(every), ['marketCap']))).toBe(
      "Data coverage: of Bitcoin's twelve categories, eleven rest on live sources and one on dated public datasets; none lacks evidence; Data: live.",
    );
    const oneLive = withKinds(
      inputWith(every),
      CATEGORIES.map((c) => c.key).filter((k) => k !== 'audits'),
    );
    expect(coverageOf(oneLive)).toContain(
      "of Bitcoin's twelve categories, one rests on live sources and eleven on dated public datasets;",
    );
  });

  it('a few without evidence are named, with a verb of their number', () => {
    const { layer1: _one, dexHolders: _two, ...ten } = every;
    expect(coverageOf(inputWith(ten))).toBe(
      "Data coverage: of Bitcoin's twelve categories, ten rest on live sources; Dex Holders and Layer 1 have no evidence and count as 1; Data: live.",
    );
  });

  it('most without evidence: the few with evidence are the list, "only … rest(s) on"', () => {
    expect(coverageOf(inputWith({ audits: 3, marketCap: 4 }))).toBe(
      // The verdict already says the ten not assessed count as 1 (its clause on the lowest score).
      "Data coverage: only Market Cap and Audits of Bitcoin's twelve categories rest on live sources; the other ten have no evidence; Data: live.",
    );
    expect(coverageOf(inputWith({ audits: 3 }))).toContain(
      "only Audits of Bitcoin's twelve categories rests on live sources; the other eleven have",
    );
  });

  it('none with evidence', () => {
    expect(coverageOf(inputWith({}))).toBe(
      "Data coverage: none of Bitcoin's twelve categories has evidence in the sources, so none is assessed; Data: live.",
    );
  });

  it("a gap every peer of its kind shares is said to be the dataset's: all of them, some, or all but one", () => {
    const sharing = (input: ReportTextInput, shared: CategoryKey[]): ReportTextInput => ({
      ...input,
      results: input.results.map((r) => ({
        ...r,
        peerEvidence: {
          kindPlural: 'layer-1 coins',
          compared: 51,
          withEvidence: shared.includes(r.key) ? 0 : 12,
        },
      })),
    });
    const { socialMetricsX2: _a, team: _b, dexHolders: _c, ...nine } = every;
    expect(coverageOf(sharing(inputWith(nine), ['socialMetricsX2', 'team', 'dexHolders']))).toContain(
      'Social Metrics, Team and Dex Holders have no evidence and count as 1, as for every other layer-1 coin researched; Data: live.',
    );
    expect(coverageOf(sharing(inputWith(nine), ['socialMetricsX2', 'dexHolders']))).toContain(
      'and count as 1; all but Team are missing for every other layer-1 coin researched too;',
    );
    expect(coverageOf(sharing(inputWith(nine), ['dexHolders']))).toContain(
      'count as 1; Dex Holders is missing for every other layer-1 coin researched too;',
    );
  });

  it("closes with where an offline report's data came from, in a few words", async () => {
    const bitcoin = await offlineReportInput(SNAPSHOT_ASSETS.find((a) => a.id === 'bitcoin')!, NOW);
    expect(coverageOf(bitcoin)).toMatch(
      /; the evidence is the offline snapshot's public datasets of \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d, each credited under Data coverage and Sources\.$/,
    );
  });
});

describe('a reference list is dated by the day it was read, and dates no evidence', () => {
  it("prints the chain list's retrieval day as \"read on\", never as a dataset's date or the span's end", async () => {
    const read = PUBLIC_DATA.chains.dataset.retrievedAt;
    const solana = await reportOf('solana');
    expect(solana).toMatch(
      new RegExp(`^Layer 1: Dated dataset, read on ${read} \\(DefiLlama/defillama-server`, 'm'),
    );
    expect(solana).toMatch(new RegExp(`^\\[\\d+\\] DefiLlama chain list: .*\\(read on ${read}\\)$`, 'm'));
    expect(solana).not.toContain(`as of ${read}`);
    const span = /public datasets of (\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)/.exec(summaryOf(solana));
    expect(span?.[2]).toBeDefined();
    expect(span![2]! < read).toBe(true);
  });
});

describe('the summary words the best and worst categories by the level they reach', () => {
  it('quotes a fact that opens with a label in lower case mid-sentence: "(priced since …)"', async () => {
    // Bonk, a meme coin like Pepe, whose weakest now ties with Hacks/Scandals (its team's dump of
    // 2023-08-24, decision 0312). CoinMarketCap's first day of price data for Bonk (decision 0340),
    // not its first monthly file.
    const bonk = summaryOf(await reportOf('bonk'));
    expect(bonk).toContain('its weakest is Existence/Growth at 2/5 (priced since 2022-12-30)');
    expect(bonk).not.toMatch(/\((Priced|Circulating|Total|Hacks|Market) /);
  });

  it('does not call a 2/5 the strongest category', () => {
    const weak = summaryOf(buildReportText(inputWith({ marketCap: 2, volumeX2: 1, audits: 1, team: 2 })));
    expect(weak).not.toMatch(/strongest/);
    expect(weak).toContain("Even Bitcoin's highest scores are weak ones: a tie at 2/5 between");
    // The weakest are the rated verdict's reason, a clause of its sentence.
    expect(weak).toContain(
      'rated Poor, risk level Not Safe, rated on 4 of 12 categories; its weakest are a tie at 1/5',
    );
  });

  it('does not call a 4/5 a weakness, and says a best of 3/5 is no higher', () => {
    const strong = summaryOf(buildReportText(inputWith({ marketCap: 5, volumeX2: 4, audits: 5 })));
    expect(strong).toContain("Bitcoin's strongest categories are");
    // Nine categories without evidence count as 1 (decision 0320): the clause says the score is on evidence.
    expect(strong).toContain(
      '; even its lowest score on evidence is good: Volume at 4/5 (Fact about Volume); the nine not assessed count as 1.',
    );
    expect(strong).not.toMatch(/weakest/);
    const middling = summaryOf(buildReportText(inputWith({ marketCap: 3, volumeX2: 1 })));
    expect(middling).toContain('No category of Bitcoin scores above 3/5; the highest is Market Cap at 3/5');
  });

  it('names only the lowest level as "the lowest": the next level follows it, not joined to it', () => {
    // Issue 32: "the lowest are a tie at 3/5 between … and a tie at 4/5 between …".
    const summary = summaryOf(
      buildReportText(
        inputWith({ layer1: 5, audits: 5, dexHolders: 5, marketCap: 4, volumeX2: 3, useCase: 3 }),
      ),
    );
    // A tie is named without its members' facts (each is in its category): the summary stays short.
    expect(summary).toContain(
      'nothing scored on evidence is below 3/5, the lowest being a tie at 3/5 between Volume and Use Case; the six not assessed count as 1. ',
    );
    expect(summary).not.toMatch(/at 4\/5/);
    // One category at the bottom: the verb agrees with it, and its fact is quoted.
    const single = summaryOf(
      buildReportText(inputWith({ layer1: 5, audits: 5, dexHolders: 5, marketCap: 4, team: 4, volumeX2: 1 })),
    );
    expect(single).toContain('its weakest is Volume at 1/5 (Fact about Volume). ');
  });
});

describe('supply left under a cap: none, one or many', () => {
  it('says no more can be created when the whole cap exists, never "0 more"', async () => {
    const bitcoin = assetById('bitcoin');
    const evidence = offlineDemoEvidence(bitcoin);
    const supply = evidence.supply!;
    const full = {
      ...supply,
      value: { ...supply.value, circulating: 21_000_000, total: 21_000_000, max: 21_000_000 },
    };
    const text = buildReportText(await offlineReportInput(bitcoin, NOW, { ...evidence, supply: full }));
    expect(text).not.toMatch(/\b0 more\b/);
    expect(text).toContain('Still to be created under the cap: none.');
    const one = {
      ...supply,
      value: { ...supply.value, circulating: 20_999_999, total: 20_999_999, max: 21_000_000 },
    };
    const oneText = buildReportText(await offlineReportInput(bitcoin, NOW, { ...evidence, supply: one }));
    expect(oneText).toContain('Still to be created under the cap: 1 unit.');
  });
});

describe('rank among peers', () => {
  const peers = (below: number, rated: number): PeerGroup => ({
    assetName: 'Bitcoin',
    kind: 'layer1',
    kindLabel: 'Layer 1',
    basis: 'dated public datasets under methodology v2',
    compared: 18,
    rated,
    total: 40,
    below,
    named: [],
  });
  const scores = {
    marketCap: 3,
    volumeX2: 3,
    circulatingSupply: 3,
    totalSupply: 3,
    audits: 2,
    hacksScandals: 3,
    existenceGrowthX2: 3,
    team: 3,
  };

  it('says a total above no peer is not higher than any, never "higher than 0 of the 18"', () => {
    const text = buildReportText(inputWith(scores, peers(0, 18)));
    expect(text).not.toMatch(/higher than 0 of/);
    expect(text).toMatch(/Standing among rated peers: [\d.]+ of 77, not higher than any of the 18\./);
  });

  it('says "all" at the top and names the one rated peer when there is one', () => {
    expect(buildReportText(inputWith(scores, peers(18, 18)))).toMatch(/of 77, higher than all 18\./);
    expect(buildReportText(inputWith(scores, peers(0, 1)))).toMatch(
      /of 77, not higher than its one rated peer's\./,
    );
    expect(buildReportText(inputWith(scores, peers(7, 18)))).toMatch(/of 77, higher than 7 of the 18\./);
  });

  it('agrees "1 scores lower" in a category comparison', async () => {
    const category = CATEGORIES.find((c) => c.key === 'marketCap')!;
    const written = await deterministicWriter.write({
      asset: { id: 'bitcoin', name: 'Bitcoin', symbol: 'BTC' },
      assetName: 'Bitcoin',
      category,
      assessment: { status: 'scored', score: 3, facts: ['Fact.'], rationale: '', sources: [source] },
      peers: {
        kindPlural: 'layer-1 coins',
        compared: 5,
        ofKind: 5,
        withEvidence: [
          { name: 'Cardano', score: 2 },
          { name: 'Solana', score: 4 },
        ],
      },
    });
    expect(written.analysis).toContain('1 scores lower than Bitcoin and 1 higher');
  });
});

// The second read of issue 32 (18 reports): each slip rendered through the report a buyer reads,
// with only some peers researched, as in a store where few reports are published yet.

/** The offline peer reports, with only the given assets researched. */
const onlyResearched = (...ids: string[]): PeerReports => {
  const all = offlinePeerReports(NOW);
  return { get: (id) => (ids.includes(id) ? all.get(id) : undefined) };
};
const reportWithPeers = async (id: string, peerReports: PeerReports) =>
  buildReportText(await offlineReportInput(assetById(id), NOW, undefined, { peerReports }));

describe('peer sentences agree with how many peers there are', () => {
  it('says one peer with evidence is that peer, never "1 has … the nearest are Pyth Network 3/5"', async () => {
    const chainlink = await reportOf('chainlink');
    expect(chainlink).toContain(
      'only Pyth Network has Audits evidence: it scores 3/5, lower than Chainlink.',
    );
    expect(chainlink).not.toMatch(/the nearest are [^;,.]+ \d\/5\./);
  });

  it('names the one other researched peer: "The one other meme coin…, Dogecoin, has…", never "Of the one other …, 1 has"', async () => {
    const brett = await reportWithPeers('based-brett', onlyResearched('dogecoin'));
    expect(brett).not.toMatch(/Of the one other/);
    expect(brett).not.toMatch(/\b1 has\b/);
    expect(brett).toContain(
      'The one other meme coin researched so far, Dogecoin, has Market Cap evidence too: it scores 5/5, higher than Brett.',
    );
  });

  it('promises no figures below when no named peer has a report, and says zero in words', async () => {
    const brett = await reportWithPeers('based-brett', onlyResearched('dogecoin'));
    // The named peers, none researched, are one clause of the peer group line, not a line of
    // "not yet researched" each.
    expect(brett).toMatch(
      /^Peer group: the 22 other meme coins in the dataset \(Meme\), one with a published report; named peers, none researched yet: [^;]+ and [^;]+\.$/m,
    );
    expect(brett).not.toMatch(/figures from|not yet researched|^Named peers:/m);
    const alone = await reportWithPeers('based-brett', onlyResearched());
    expect(alone).not.toMatch(/\b0 with\b|figures from/);
    expect(alone).toMatch(
      /^Peer group: the 22 other meme coins in the dataset \(Meme\), none with a published report; named peers: [^;]+\.$/m,
    );
  });

  it('says "both" or "all three" when every researched peer has the evidence, never "only" of them all', async () => {
    const celsius = await reportWithPeers(
      'celsius-degree-token',
      onlyResearched('chainlink', 'axie-infinity'),
    );
    expect(celsius).toMatch(
      /Of the 2 other tokens researched so far, both have Total Supply evidence: Chainlink 5\/5 and Axie Infinity 5\/5; Celsius Network has none\./,
    );
    expect(celsius).not.toMatch(/only Chainlink \d\/5 and Axie Infinity/);
    const three = await reportWithPeers(
      'celsius-degree-token',
      onlyResearched('chainlink', 'axie-infinity', 'render-token'),
    );
    expect(three).toMatch(/Of the 3 other tokens researched so far, all 3 have Total Supply evidence: /);
  });

  it('names the few rated peers it is ranked against, their count in words', async () => {
    const celsius = await reportWithPeers(
      'celsius-degree-token',
      onlyResearched('chainlink', 'pyth-network'),
    );
    expect(celsius).toMatch(
      /Standing among rated peers: [\d.]+ of 77, not higher than either of the two \(Chainlink and Pyth Network\)\./,
    );
    const popcat = await reportWithPeers('popcat', onlyResearched('dogecoin'));
    expect(popcat).toMatch(/[\d.]+ of 77, not higher than that of its one rated peer, Dogecoin\./);
    expect(summaryOf(celsius)).toContain('not higher than either of the two other rated tokens');
    expect(celsius).not.toMatch(/any of the 2 /);
  });
});

describe('what would change a score says it the right way round', () => {
  it('says the price that lifts a penalty, never "recovering more than 90% below"', async () => {
    const oneInch = await reportOf('1inch');
    expect(oneInch).not.toMatch(/Recover(ing|y from) more than/);
    expect(oneInch).toContain(
      'One band up: A price no more than 90% below its highest snapshot price (removes the one-point penalty).',
    );
  });
});

/** The deepest nesting of parentheses in a line: "(a (b))" is 2. */
function parenthesisDepth(line: string): number {
  let depth = 0;
  let deepest = 0;
  for (const char of line) {
    if (char === '(') deepest = Math.max(deepest, ++depth);
    else if (char === ')') depth -= 1;
  }
  return deepest;
}

describe('no parentheses inside parentheses', () => {
  it('prints a licence as "none declared, facts only" and quotes dated facts without nesting', async () => {
    const aave = await reportOf('aave');
    expect(aave).toContain('none declared, facts only');
    expect(aave).not.toMatch(/\([^()]*\([^()]*\)\)/);
    expect(await reportOf('based-brett')).not.toMatch(/\([^()]*\([^()]*\)\)/);
    // A clean record in a covering list says why it covers the asset with no title nested inside,
    // in its category and in the summary's quote of it (Raydium's strongest category).
    for (const id of ['uniswap', 'raydium']) {
      const nested = (await reportOf(id)).split('\n').filter((line) => parenthesisDepth(line) > 1);
      expect(nested, id).toEqual([]);
    }
  });
});

describe('classification', () => {
  it('does not call a native layer-1 coin unclassified, and says what a token lacks', async () => {
    const ethereum = await reportOf('ethereum');
    expect(ethereum).toContain('Chain: native coin of its own layer-1 blockchain.');
    expect(ethereum).not.toMatch(/Missing: asset classification/);
    // Chainlink's contract is tagged only "oracle": no kind of ours, but a stated tag, which the gap
    // names rather than reading as if the record were silent. Uniswap's tags say "dex".
    expect(await reportOf('chainlink')).toContain(
      'Missing: what kind of token it is (stablecoin, DeFi, meme or exchange token): its contract is tagged oracle, which names none of these.',
    );
    expect(await reportOf('uniswap')).toContain(
      'Uniswap is classified as a DeFi token, as its contract’s tags say.',
    );
  });
});

describe('an asset without a hard cap', () => {
  it('calls future issuance "still to be issued", not locked, and names the schedule start it does not count from', async () => {
    const dogecoin = await reportOf('dogecoin');
    expect(dogecoin).toContain('Maximum supply: none (no hard cap).');
    expect(dogecoin).not.toMatch(/still locked|scheduled tokens are unlocked/);
    expect(dogecoin).toMatch(/% are still to be issued: this is new issuance, not locked supply/);
    expect(dogecoin).toContain(
      'Launch date: not in the sources; the emission schedule in DefiLlama/emissions-adapters starts on 2013-12-01, but a modelled schedule is not a record of the launch',
    );
  });
});

describe('the back-test history names an asset once', () => {
  it('is "USDC" for USDC and "Tether (USDT)" for Tether, from the stored back-test', () => {
    const backtest = loadBacktest()!;
    const usdc = backtest.historyOf('usd-coin')!;
    expect(nameWithSymbols(usdc.name, usdc.symbols)).toBe('USDC');
    const tether = backtest.historyOf('tether')!;
    expect(nameWithSymbols(tether.name, tether.symbols)).toBe('Tether (USDT)');
  });
});

describe('the change log says what the current rule prints', () => {
  it('describes a category without evidence as the reports show it, not "shows 1"', async () => {
    const current = METHODOLOGY_CHANGELOG.find((c) => c.version === METHODOLOGY_VERSION)!.changes.join(' ');
    expect(current).not.toMatch(/shows 1\b/);
    expect(current).toContain(`“${NOT_COUNTED_TEXT}”`);
    expect(await reportOf('bitcoin')).toContain(`Social Metrics — ${NOT_COUNTED_TEXT}`);
  });
});
