import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { offlineDemoEvidence, offlineReportInput } from './offline-report';
import { buildReportText } from './report-text';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';
import { MARKET_FIGURES_MAX_AGE_DAYS } from './sources/snapshot-market';

// Issue 42: every figure the cited files hold reaches the report, read through the offline
// report path (the same evidence, scorers, checks and text as a bought offline report).

const REPORT_DATE = new Date('2026-11-29T12:00:00Z');
const assetOf = (id: string) => SNAPSHOT_ASSETS.find((a) => a.id === id)!;
const reportOf = async (id: string) => {
  const input = await offlineReportInput(assetOf(id), REPORT_DATE, undefined, { kindChecks: true });
  return { input, text: buildReportText(input) };
};
const publicFile = (path: string) =>
  JSON.parse(readFileSync(new URL(`./datasets/public/${path}`, import.meta.url), 'utf8'));

interface MonthlySeries {
  id: string | null;
  key: string;
  sameAsset?: string;
  listings: { name: string; symbol: string }[];
  points: [number, number, number, number, number, number][];
}
const monthly = publicFile('market/market.json').cmcMonthly as { months: string[]; assets: MonthlySeries[] };
const newestMonth = monthly.months.at(-1)!;
const daysBefore = (day: string) => (Date.parse(newestMonth) - Date.parse(day)) / 86_400_000;

describe('one identity per asset across renames', () => {
  it('gives Maker the market cap of its newest listing, SKY’s of 2025-10-01, where CoinGecko’s row states none', async () => {
    const evidence = offlineDemoEvidence(assetOf('maker'));
    const sky = monthly.assets.find((series) => series.sameAsset === 'maker')!;
    expect(sky.listings).toEqual([{ name: 'Sky', symbol: 'SKY' }]);
    const newest = sky.points.at(-1)!;
    expect(monthly.months[newest[0]]).toBe('2025-10-01');
    expect(evidence.marketCapUsd?.value).toBe(newest[3]);
    expect(evidence.marketCapUsd?.source.title).toContain('Sky (SKY)');
    // Its own MKR supply of 2025-05-01 is stated, in MKR, never SKY's count of another token.
    expect(evidence.supply?.value.circulating).toBe(
      monthly.assets.find((series) => series.id === 'maker')!.points.at(-1)![4],
    );
    const { input } = await reportOf('maker');
    const marketCap = input.results.find((r) => r.key === 'marketCap')!;
    expect(marketCap.coverage?.kind).not.toBe('none');
  });

  it('reads Polygon’s MATIC, Fantom’s FTM, Klaytn’s KLAY and “Render Token” rows as POL, Sonic, Kaia and Render', () => {
    const seriesOf = (id: string) => monthly.assets.find((series) => series.id === id)!;
    const symbolsOf = (id: string) => seriesOf(id).listings.map((l) => l.symbol);
    expect(symbolsOf('polygon-ecosystem-token')).toContain('MATIC');
    expect(symbolsOf('sonic-3')).toContain('FTM');
    expect(symbolsOf('kaia')).toContain('KLAY');
    expect(seriesOf('render-token').listings).toContainEqual({ name: 'Render Token', symbol: 'RNDR' });
    // So the age runs from the first name's first month, not the rename's.
    expect(offlineDemoEvidence(assetOf('kaia')).pricedSince?.value).toBe('2020-03-30');
    expect(offlineDemoEvidence(assetOf('sonic-3')).pricedSince?.value).toBe('2018-10-30');
  });

  it('uses, for every catalogue asset, the market figures the monthly files hold within the window', () => {
    const unused: string[] = [];
    for (const asset of SNAPSHOT_ASSETS) {
      const series = monthly.assets.filter((s) => s.id === asset.id || s.sameAsset === asset.id);
      const recent = series.some((s) => {
        const last = s.points.at(-1);
        return last && last[3] > 0 && daysBefore(monthly.months[last[0]]!) <= MARKET_FIGURES_MAX_AGE_DAYS;
      });
      if (recent && !offlineDemoEvidence(asset).marketCapUsd) unused.push(asset.id);
    }
    expect(unused).toEqual([]);
  });
});

describe('ages from the first listing', () => {
  it('dates Tether, USD Coin and Ethena USDe from CoinMarketCap’s first day of price data, not the first monthly file', async () => {
    const listings = publicFile('listings.json') as {
      dataset: { name: string; license: string };
      assets: Record<string, number>;
      coins: { cmcId: number; firstDate: string }[];
    };
    expect(listings.dataset).toMatchObject({ name: 'sstoeckl/crypto2', license: 'MIT' });
    for (const [id, day] of [
      ['tether', '2015-02-25'],
      ['usd-coin', '2018-10-08'],
      ['ethena-usde', '2024-02-20'],
    ] as const) {
      const coin = listings.coins.find((c) => c.cmcId === listings.assets[id]);
      expect(coin?.firstDate, id).toBe(day);
      const { input } = await reportOf(id);
      const existence = input.results.find((r) => r.key === 'existenceGrowthX2')!;
      expect(existence.facts?.[0], id).toBe(`Priced since: ${day} (sstoeckl/crypto2, MIT).`);
    }
  });

  it('says "at least since" where the list is silent, never a first month of the files as a listing', async () => {
    const { input, text } = await reportOf('hyperliquid');
    const existence = input.results.find((r) => r.key === 'existenceGrowthX2')!;
    expect(existence.facts?.[0]).toMatch(
      /^Priced at least since: 2025-01-01 \(smoothbrainquant\/trading-for-new-dads, .*\), its first month in the top-200 files\.$/,
    );
    expect(text).not.toMatch(/[Pp]riced since:? 2025-01-01/);
  });
});

describe('shares consistent within a report', () => {
  it('prints one issued share of the cap for Sui, Arbitrum and Avalanche in the Total Supply category and the issuance check', async () => {
    for (const [id, share] of [
      ['sui', '100.0%'],
      ['arbitrum', '100.0%'],
      ['avalanche-2', '63.9%'],
    ] as const) {
      const { text } = await reportOf(id);
      const issued = [
        ...text.matchAll(/(\d+(?:\.\d)?%)(?: of the [\d,]+ maximum supply is issued| issued\))/g),
      ].map((m) => m[1]);
      expect(issued.length, id).toBeGreaterThanOrEqual(2);
      expect(new Set(issued), id).toEqual(new Set([share]));
    }
  });
});

describe('attestations only from attestation documents', () => {
  it('does not count a smart-contract audit the registry lists as a reserve attestation', async () => {
    for (const id of ['ethena-usde', 'usdd']) {
      const { input } = await reportOf(id);
      const check = input.kindChecks?.find((c) => c.key === 'attestations');
      expect(check?.status, id).toBe('risk');
      expect(check?.finding, id).toMatch(
        /^The registry lists no reserve attestation: the link it gives \(.*audit/i,
      );
    }
    const tether = (await reportOf('tether')).input.kindChecks?.find((c) => c.key === 'attestations');
    expect(tether?.status).toBe('met');
  });
});
