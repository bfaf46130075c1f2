import { describe, expect, it } from 'vitest';
import { SCORING_RULES, THRESHOLDS } from '../../contract/scoring-rules';
import { offlineReportInput } from './offline-report';
import { buildReportText } from './report-text';
import { scoreUseCase } from './scoring';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// Use Case from what a cited listing says the asset is (decision 0331), read as a buyer reads the
// offline report: a chain list's coin or a token list's use tags are categories with their own
// records cited, never a described purpose; a tag naming only the project gives nothing.

const asOf = new Date('2026-11-26T00:00:00Z');
const useCaseOf = async (id: string) => {
  const asset = SNAPSHOT_ASSETS.find((a) => a.id === id)!;
  const input = await offlineReportInput(asset, asOf);
  const text = buildReportText(input);
  const start = text.indexOf('Use Case —');
  return {
    result: input.results.find((r) => r.key === 'useCase')!,
    section: text.slice(start, text.indexOf('\n', start)),
  };
};

describe('Use Case from listings', () => {
  it("assesses Algorand as the coin of its chain in DefiLlama's chain list, cited at its commit", async () => {
    const { result, section } = await useCaseOf('algorand');
    expect(result.coverage?.kind).toBe('snapshot');
    // 1 point and 2 for a utility category; no description, so not 4.
    expect(result.score).toBe(3);
    expect(section).toContain(
      "Listed use: layer 1 chain, the coin of the Algorand chain in DefiLlama's chain list.",
    );
    expect(result.sources.map((s) => s.url)).toContainEqual(
      expect.stringMatching(
        /^https:\/\/github\.com\/DefiLlama\/defillama-server\/blob\/[0-9a-f]{40}\/defi\/src\/utils\/normalizeChain\.ts$/,
      ),
    );
  });

  it("assesses Chainlink on its token list's oracle tag", async () => {
    const { result, section } = await useCaseOf('chainlink');
    expect(result.score).toBe(3);
    expect(section).toContain('Listed use: oracle, as its contract is tagged in the token list.');
    expect(result.sources.some((s) => s.dataset?.name === 'dawsbot/eth-labels')).toBe(true);
  });

  it("assesses Cardano as the coin of the chain whose blocks Coin Metrics' file counts", async () => {
    const { result, section } = await useCaseOf('cardano');
    expect(result.score).toBe(3);
    expect(section).toContain(
      'Listed use: layer 1 chain, the coin of its own chain, whose blocks coinmetrics/data counts.',
    );
  });

  it("assesses Arweave as a platform from the projects Electric Capital's map connects to its ecosystem, and Monero, below the threshold, not", async () => {
    const arweave = await useCaseOf('arweave');
    expect(arweave.result.score).toBe(3);
    expect(arweave.section).toMatch(
      /Listed use: platform, with \d+ projects' ecosystems connected to the Arweave ecosystem in Open Dev Data by Electric Capital \(electric-capital\/crypto-ecosystems, CC BY 4\.0\) as of 2026-01-02\./,
    );
    const projects = Number(/with (\d+) projects/.exec(arweave.section)![1]);
    expect(projects).toBeGreaterThanOrEqual(THRESHOLDS.platformMinProjects);
    // Monero's ecosystem has fewer connected projects than the rule asks: no listed use.
    const monero = await useCaseOf('monero');
    expect(monero.result.coverage?.kind).toBe('none');
  });

  it('reads no use from tags that only name the project, nor from a token with no listing', () => {
    const tagged = (labels: string[]) =>
      scoreUseCase({
        tokenContracts: {
          value: {
            chainId: 1,
            chain: 'Ethereum',
            contracts: [{ address: `0x${'1'.repeat(40)}`, name: 'X', symbol: 'X', labels }],
          },
          source: { title: 'token list', url: 'https://example.org/tokens.csv', retrievedAt: '2026-01-01' },
        },
      });
    expect(tagged(['ens']).evidenceFound).toBe(false);
    expect(tagged(['ens', 'meme']).score).toBe(1);
    expect(tagged(['ens', 'meme']).facts.join(' ')).toContain('meme');
  });

  it('publishes the listing rule', () => {
    expect(SCORING_RULES.useCase.notes!.join(' ')).toContain(
      'Listed use, where no source describes the asset',
    );
  });
});
