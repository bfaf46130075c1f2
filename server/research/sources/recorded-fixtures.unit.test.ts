import { describe, expect, it } from 'vitest';
import { recorded, recordedNames, recordedOrigin } from '../testing/recorded';

// Every recorded response the fakes serve says where it was found and when, holds a JSON body
// as found, and carries no key.

describe('recorded provider responses', () => {
  const names = recordedNames();

  it('are stored', () => {
    expect(names).toEqual([
      'coingecko-429-rate-limit',
      'coingecko-coin-bitcoin-200',
      'coingecko-coin-tether-200',
      'coingecko-coin-yearn-finance-200',
      'coingecko-market-chart-404',
      'coingecko-market-chart-bitcoin-90d-200',
      'coingecko-pro-coin-zksync-200',
      'coingecko-tickers-bitcoin-page1-200',
      'defillama-protocols-200-aave-subset',
      'ethplorer-429-request-limit',
      'ethplorer-getTokenInfo-200',
      'ethplorer-getTopTokenHolders-200',
      'github-commits-200-link',
      'github-commits-409-empty',
      'github-contributors-200',
      'github-contributors-403-too-large',
      'github-org-repos-200',
      'github-repo-200',
      'github-user-repos-200',
      'ollama-chat-completion-200-length',
      'openai-chat-400-temperature',
      'solana-getTokenLargestAccounts-32010',
    ]);
  });

  it.each(names)('%s names its origin, its stated date and what it does not record', (name) => {
    const origin = recordedOrigin(name);
    expect(origin.url).toMatch(/^https:\/\//);
    expect(origin.statedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(origin.foundIn.length).toBeGreaterThan(20);
    if (!origin.headersRecorded) expect(recorded(name).headers).toEqual({});
    // A recording taken from a repository's file names the commit and the repository's licence.
    if (origin.url.includes('/blob/')) {
      expect(origin.url).toMatch(/\/blob\/[0-9a-f]{40}\//);
      expect(origin.licence).toMatch(/\S/);
    }
  });

  it.each(names)('%s is a JSON body with a status, and no key', (name) => {
    const response = recorded(name);
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(() => JSON.parse(response.body)).not.toThrow();
    expect(JSON.stringify(response)).not.toMatch(
      /apiKey=|Bearer |x-cg-(pro|demo)-api-key|sk-[A-Za-z0-9]{8}/i,
    );
  });
});
