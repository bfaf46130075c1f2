import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { offlineDemoEvidence, offlineReportInput } from './offline-report';
import { buildReportText } from './report-text';
import { formatUsd } from './scoring';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';
import { formatShare } from './supply-shares';

// The analyst's notes on Stellar: a market cap built on every unit issued (Coin Metrics'
// CapMrktCurUSD, 104.9B XLM with the burned coins) is three times the circulating value, sits
// above the report's own fully diluted value, and was divided into a volume of another day.

const REPORT_DATE = new Date('2026-11-29T12:00:00Z');
const reportOf = async (id: string) => {
  const asset = SNAPSHOT_ASSETS.find((a) => a.id === id)!;
  const input = await offlineReportInput(asset, REPORT_DATE, undefined, { kindChecks: true });
  return { input, text: buildReportText(input) };
};
const stellarFile = JSON.parse(
  readFileSync(new URL('./datasets/public/coinmetrics/stellar.json', import.meta.url), 'utf8'),
) as { columns: string[]; rows: string[][] };
const newest = stellarFile.rows.at(-1)!;
const column = (name: string) => Number(newest[stellarFile.columns.indexOf(name)]);
const printed = /\$([\d,.]+)(?: (billion|million|thousand))?/;
const usd = (text: string) => {
  const [, amount, unit] = text.match(printed)!;
  return (
    Number(amount!.replace(/,/g, '')) * (unit ? { billion: 1e9, million: 1e6, thousand: 1e3 }[unit]! : 1)
  );
};

describe('market capitalisation from the supply in circulation', () => {
  it('prices Stellar on Coin Metrics’ estimate of its circulating supply, never on every XLM issued', async () => {
    const { input, text } = await reportOf('stellar');
    const marketCap = input.results.find((r) => r.key === 'marketCap')!;
    expect(newest[0]).toBe('2026-01-27');
    expect(marketCap.facts?.[0]).toContain(
      `Market capitalisation: ${formatUsd(column('CapMrktEstUSD'))} on 2026-01-27`,
    );
    expect(text).not.toContain(formatUsd(column('CapMrktCurUSD')));
    // $6.76B is in the $1B–$10B band: 4, not the top band's 5.
    expect(marketCap.score).toBe(4);
  });

  it('divides a volume only by a market capitalisation of the same day', async () => {
    const { input } = await reportOf('stellar');
    const evidence = offlineDemoEvidence(SNAPSHOT_ASSETS.find((a) => a.id === 'stellar')!);
    const volume = input.results.find((r) => r.key === 'volumeX2')!;
    const turnover = volume.facts?.find((fact) => fact.startsWith('Turnover'));
    // The volume is CoinGecko's of 2025-11-03, the market cap Coin Metrics' of 2026-01-27: the
    // volume's own row's market capitalisation goes with it.
    const day = evidence.volume24hUsd!.source.publishedAt!.slice(0, 10);
    expect(evidence.valuation!.source.publishedAt!.slice(0, 10)).toBe(day);
    const sameDayCap = evidence.valuation!.value.marketCapUsd!;
    expect(turnover).toBe(
      `Turnover (24-hour volume / market capitalisation of ${formatUsd(sameDayCap)} that day): ${formatShare(evidence.volume24hUsd!.value / sameDayCap)}.`,
    );
  });

  it('never prints a fully diluted value below the market capitalisation without saying why', async () => {
    const unexplained: string[] = [];
    let compared = 0;
    for (const asset of SNAPSHOT_ASSETS) {
      const { input } = await reportOf(asset.id);
      const facts = input.results.find((r) => r.key === 'marketCap')?.facts ?? [];
      const cap = facts[0]?.startsWith('Market capitalisation:') ? facts[0] : undefined;
      const fdvFact = facts.find((fact) => fact.startsWith('Fully diluted value:'));
      const fdv = fdvFact;
      if (cap && fdv) compared++;
      if (
        cap &&
        fdv &&
        usd(fdv) < usd(cap) &&
        !fdvFact!.includes('is below the market capitalisation stated above because')
      )
        unexplained.push(asset.id);
    }
    expect(unexplained).toEqual([]);
    expect(compared).toBeGreaterThan(50);
  }, 120_000);
});
