import { describe, expect, it } from 'vitest';
import { offlineReportInput } from './offline-report';
import { buildReportText } from './report-text';
import { scoreDexHolders, scoreSocial } from './scoring';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// Where no public dataset holds a category's figures, the offline report says what is missing and
// why in one sentence (decision 0332); live, a missing figure is a source's gap and says so itself.

const sectionOf = (text: string, heading: string) => {
  const start = text.indexOf(`${heading} —`);
  return text.slice(start, text.indexOf('\n', start));
};

describe('categories no public dataset can fill', () => {
  it("say why in Polygon's offline report: followers after 2021 and top-holder shares are in no public dataset", async () => {
    const asset = SNAPSHOT_ASSETS.find((a) => a.id === 'polygon-ecosystem-token')!;
    const text = buildReportText(await offlineReportInput(asset, new Date('2026-11-26T00:00:00Z')));
    expect(sectionOf(text, 'Social Metrics')).toContain(
      'No evidence found: community data, which no public dataset reachable offline holds (followers after 2021, recent commits), read only live from CoinGecko and GitHub.',
    );
    expect(sectionOf(text, 'Dex Holders')).toContain(
      'No evidence found: holder distribution data, which no public dataset reachable offline holds (top-holder shares of ERC-20 tokens and native coins), read only live from chain explorers.',
    );
  });

  it('leave a live gap to the source that failed', () => {
    expect(scoreSocial({}).facts.join(' ')).not.toContain('offline');
    expect(scoreDexHolders({}).facts.join(' ')).not.toContain('offline');
  });
});
