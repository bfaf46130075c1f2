import { describe, expect, it } from 'vitest';
import { buildScores, CATEGORIES, type CategoryKey, type CategoryScores } from '../../contract/methodology';
import { peerLines, REPORT_HEADINGS, type Source } from '../../contract/reports';
import {
  buildKeyRisks,
  buildReportText,
  buildSummary,
  type CategoryResult,
  coverageOf,
  extremes,
  type PeerStanding,
  sectionsFromStored,
} from './report-text';

// The text rules of the buyer-first report, on fabricated assessments.

const live: Source = {
  title: 'CoinGecko coin data',
  url: 'https://example.test/coin',
  retrievedAt: '2026-11-20T10:00:00Z',
};
const snapshot: Source = {
  title: 'Snapshot',
  dataset: { name: 'crow-offline-snapshot', version: '2026-11-01', license: '', url: '' },
  live: false,
  retrievedAt: '2026-11-01T00:00:00.000Z',
};

function resultsWith(scores: Partial<Record<CategoryKey, number>>, base = 3): CategoryResult[] {
  return CATEGORIES.map((c) => ({
    key: c.key,
    score: scores[c.key] ?? base,
    findings: `${c.name} findings.`,
    analysis: 'Analysis.',
    sources: [live],
    facts: [`Fact about ${c.name}.`],
  }));
}

const noPeers: PeerStanding = null;

function input(results: CategoryResult[]) {
  const scores = buildScores(Object.fromEntries(results.map((r) => [r.key, r.score])) as CategoryScores);
  return {
    assetName: 'bitcoin',
    asset: { id: 'bitcoin', name: 'Bitcoin', symbol: 'BTC' },
    scores,
    results,
    dataNote: 'Data: live.',
    methodologyVersion: 'v2',
    peers: noPeers,
  };
}

const names = (groups: ReturnType<typeof extremes>['strongest']) =>
  groups.flatMap((g) => g.members.map((m) => m.key));

describe('executive summary', () => {
  it('calls a full tie a tie and names no category as strongest or weakest', () => {
    const summary = buildSummary(input(resultsWith({}, 1)));
    expect(summary).toContain('All twelve categories tie at 1/5');
    expect(summary).not.toMatch(/strongest categor(y|ies) (is|are)/);
    expect(extremes(resultsWith({}, 1))).toMatchObject({ allTiedAt: 1, strongest: [], weakest: [] });
  });

  it('never puts a category in both lists, even with only two score levels', () => {
    for (const scores of [
      { marketCap: 5 } as const,
      { marketCap: 5, team: 1 } as const,
      { marketCap: 1 } as const,
      { marketCap: 5, team: 4, audits: 2, layer1: 1 } as const,
    ]) {
      const { strongest, weakest } = extremes(resultsWith(scores));
      const strong = new Set(names(strongest));
      expect(names(weakest).filter((key) => strong.has(key))).toEqual([]);
      expect(strongest.length).toBeGreaterThan(0);
      expect(weakest.length).toBeGreaterThan(0);
    }
  });

  it('names the strongest and the weakest level, quoting the fact of a single category', () => {
    const results = resultsWith({ marketCap: 5, team: 4, audits: 2, layer1: 1 });
    const { strongest, weakest } = extremes(results);
    expect(strongest.flatMap((g) => g.members.map((r) => r.key))).toEqual(['marketCap']);
    expect(weakest.flatMap((g) => g.members.map((r) => r.key))).toEqual(['layer1']);
    const summary = buildSummary(input(results));
    expect(summary).toContain('its weakest is Layer 1 at 1/5 (Fact about Layer 1).');
    expect(summary).toContain("Bitcoin's strongest category is Market Cap at 5/5 (Fact about Market Cap).");
    // The next levels are left to the categories: the summary names what decides the total.
    expect(summary).not.toContain('Fact about Audits');
  });

  it('calls a tie a tie and names all its members, without their facts', () => {
    const results = resultsWith({ marketCap: 5, volumeX2: 5, team: 5, audits: 5, layer1: 5, dexHolders: 1 });
    const summary = buildSummary(input(results));
    expect(summary).toContain(
      "Bitcoin's strongest categories are a tie at 5/5 between Volume, Market Cap, Team, Audits and Layer 1.",
    );
    expect(summary).not.toMatch(/Fact about (Volume|Market Cap|Team|Audits|Layer 1)/);
  });

  it('names a tie of nearly every category by the few outside it', () => {
    const summary = buildSummary(input(resultsWith({ totalSupply: 3 }, 5)));
    expect(summary).toContain(
      "Bitcoin's strongest categories are a tie at 5/5 between the eleven categories other than Total Supply.",
    );
  });

  it('ends with the data coverage (live, snapshot, none)', () => {
    const results = resultsWith({ audits: 1 });
    results[0] = { ...results[0]!, sources: [snapshot] };
    results[8] = { ...results[8]!, sources: [], coverage: { kind: 'none' } };
    const summary = buildSummary(input(results));
    expect(summary).toMatch(
      /Data coverage: of Bitcoin's twelve categories, ten rest on live sources and one on dated public datasets; Audits has no evidence and counts as 1; Data: live\.$/,
    );
  });

  it('says what each verdict measures when a Good rating meets Potential Risk, and not when they agree', () => {
    // All at 3: 46.20 of 77, a composite of 3.0 (Good) but below the 51 points of Likely Safe.
    const disagreeing = buildSummary(input(resultsWith({}, 3)));
    expect(disagreeing).toContain(
      'scores 46.20 of 77 under methodology v2, a composite of 3.0 of 5.0: rated Good (from 3.0), risk level Potential Risk (Likely Safe from 51), rated on 12 of 12 categories.',
    );
    const agreeing = buildSummary(input(resultsWith({ volumeX2: 5, socialMetricsX2: 5 }, 3)));
    expect(agreeing).toContain(
      'rated Good, risk level Likely Safe, rated on 12 of 12 categories; nothing scores below 3/5',
    );
    expect(agreeing).not.toContain('from 51');
  });

  it('says an unknown asset lacks evidence', () => {
    const summary = buildSummary({ ...input(resultsWith({}, 1)), asset: null, assetName: 'Zorbcoin' });
    expect(summary).toContain('Our data sources do not know "Zorbcoin"');
  });
});

describe('coverage', () => {
  it('is live when any source is live, snapshot when only datasets, none without evidence', () => {
    expect(coverageOf([live, snapshot], true)).toEqual({ kind: 'live', retrievedAt: live.retrievedAt });
    expect(coverageOf([snapshot], true)).toEqual({ kind: 'snapshot', retrievedAt: snapshot.retrievedAt });
    expect(coverageOf([], false)).toEqual({ kind: 'none' });
  });
});

describe('key risks', () => {
  it('lists named risks and every score of 2 or below, lowest first, each with its category', () => {
    const results = resultsWith({ audits: 2, hacksScandals: 1 });
    results[0] = { ...results[0]!, keyRisk: 'Market cap risk from the evidence.' };
    const risks = buildKeyRisks(results);
    expect(risks.map((r) => r.category_key)).toEqual(['hacksScandals', 'audits', 'marketCap']);
    expect(risks[1]).toMatchObject({
      category: 'Audits',
      score: 2,
      text: 'Fact about Audits.',
    });
  });
});

describe('the verdict and an empty key risks section say what holds the total down', () => {
  const keyRisksLine = (results: CategoryResult[]) => {
    const text = buildReportText(input(results));
    return text
      .split('\n\n')
      .find((p) => p.startsWith(`${REPORT_HEADINGS.keyRisks}\n`))!
      .split('\n')[1];
  };

  it('says, when there is none, why no category is one and how low the lowest goes', () => {
    const results = resultsWith({ volumeX2: 4, existenceGrowthX2: 4 }, 5);
    results[8] = { ...results[8]!, sources: [], coverage: { kind: 'none' } };
    expect(keyRisksLine(results)).toBe(
      'No category holds evidence of a specific risk: none of the categories with evidence names one or scores 2/5 or less; the lowest, Volume and Existence/Growth, score 4/5.',
    );
    // The lowest of a category without evidence is no score: it is not counted.
    const allTop = resultsWith({ audits: 1 }, 5);
    allTop[8] = { ...allTop[8]!, sources: [], coverage: { kind: 'none' } };
    expect(keyRisksLine(allTop)).toMatch(/; all eleven score 5\/5\.$/);
  });

  it('states the verdict with its reason: the weakest categories and the facts behind them', () => {
    const summary = buildSummary(input(resultsWith({ marketCap: 5, audits: 3 }, 4)));
    expect(summary).toMatch(
      /rated Excellent, risk level Likely Safe, rated on 12 of 12 categories; nothing scores below 3\/5, the lowest being Audits at 3\/5 \(Fact about Audits\)/,
    );
  });
});

describe('report text', () => {
  it('has the new sections in order before the categories and the sources', () => {
    const results = resultsWith({ audits: 1 });
    results[8] = { ...results[8]!, nextUp: 'One audit would score 3', keyRisk: 'No audit.' };
    const text = buildReportText({
      ...input(results),
      peers: {
        assetName: 'Bitcoin',
        kind: 'layer1',
        kindLabel: 'Layer 1',
        basis: 'dated public datasets under methodology 2026.11-3',
        compared: 10,
        rated: 4,
        total: 50,
        below: 3,
        named: [
          {
            id: 'ethereum',
            name: 'Ethereum',
            symbol: 'ETH',
            rated: true,
            total: 55.5,
            riskLevel: 'Likely Safe',
          },
          { id: 'xrp', name: 'XRP', symbol: 'XRP', rated: false, total: null, riskLevel: null },
        ],
      },
    });
    const order = [
      `${REPORT_HEADINGS.summary}:`,
      `\n\n${REPORT_HEADINGS.keyRisks}\n`,
      `\n\n${REPORT_HEADINGS.changes}\n`,
      `\n\n${REPORT_HEADINGS.coverage}\n`,
      `\n\n${REPORT_HEADINGS.peers}\n`,
      '\n\nMarket Cap — 3/5',
      `\n\n${REPORT_HEADINGS.sources}:\n`,
    ].map((marker) => text.indexOf(marker));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain(
      'Audits (1/5). One band up: One audit would score 3. One band down: Already at the lowest band.',
    );
    expect(text).toContain(
      'Peer group: the 10 other layer-1 coins in the dataset (Layer 1), scored from the dated public datasets under methodology 2026.11-3.',
    );
    expect(text).toContain('Standing among rated peers: 50.00 of 77, higher than 3 of the 4.');
    expect(text).toContain('Named peers: Ethereum (ETH): 55.50 of 77, Likely Safe; XRP: Not rated.');
    expect(text).toContain('Market Cap: Live sources, retrieved 2026-11-20.');
  });

  it('reads a report stored before named peers: its sections render and say the peers were not recorded', () => {
    const stored = { summary: 'Old summary.', summaryWriter: 'rules', keyRisks: [] };
    const sections = sectionsFromStored(stored, [{ key: 'marketCap', score: 3, data: null }])!;
    expect(sections.summary).toBe('Old summary.');
    expect(sections.peers).toBeNull();
    expect(peerLines(sections.peers)).toEqual([
      'Named peers were not recorded for this report: it was researched before they were stored.',
    ]);
  });

  it('gives no sections for a report stored before they existed', () => {
    expect(sectionsFromStored({ asset: null, sources: [] }, [])).toBeNull();
  });
});
