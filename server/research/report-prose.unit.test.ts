import { beforeAll, describe, expect, it } from 'vitest';
import { FINANCIAL_DISCLAIMER } from '../../contract/constants';
import { figureOf } from '../../contract/reports';
import { offlineReportInput, snapshotReports } from './offline-report';
import { buildReportText } from './report-text';
import { SNAPSHOT_ASSETS, type SnapshotAsset } from './sources/snapshot-data';
import { CALIBRATION_PROFILES, calibrationEvidence } from './testing/calibration-evidence';
import { LABEL_LINE } from './testing/repetition';
import { grammarSlips, HEADINGS, reportSentences } from './testing/report-prose';

// The prose of every report the offline snapshot can produce, read as a reader reads it: no
// report may be mostly sentences that other reports repeat word for word, and none may carry
// the grammar slips readers found ("a exchange asset", "at least 1 commits", "Below A …").

const NOW = new Date('2026-11-24T00:00:00Z');

/** Per report: the share of its sentences found word for word in at least 3 other reports. */
function boilerplateShares(reports: { id: string; sentences: string[] }[]) {
  const reportsWith = new Map<string, Set<string>>();
  for (const report of reports)
    for (const sentence of new Set(report.sentences))
      reportsWith.set(sentence, (reportsWith.get(sentence) ?? new Set()).add(report.id));
  return reports.map((report) => {
    const repeated = report.sentences.filter((s) => reportsWith.get(s)!.size - 1 >= 3);
    return { id: report.id, share: repeated.length / report.sentences.length, repeated };
  });
}

describe('grammar check (the check itself)', () => {
  it('flags the slips readers reported and passes their corrections', () => {
    expect(grammarSlips('It is classified as a exchange asset.')).toHaveLength(1);
    expect(grammarSlips('More activity (at least 1 commits in 4 weeks).')).toHaveLength(1);
    expect(grammarSlips('It would lose a point below A market capitalisation of $1 billion.')).toHaveLength(
      1,
    );
    expect(grammarSlips('It scores the the same.')).toHaveLength(1);
    expect(grammarSlips('Of them, 1 score lower than Bitcoin and 3 scores higher.')).toHaveLength(2);
    expect(grammarSlips('Total supply has no cap; A hard cap would score 2.')).toHaveLength(1);
    expect(
      grammarSlips(
        'It is an exchange token with a use, 1 commit and 3 commits; one of them is a unit. Below a market capitalisation of $1 billion it loses a point.',
      ),
    ).toEqual([]);
  });
});

describe('the reports of the whole offline snapshot', () => {
  let reports: { asset: SnapshotAsset; text: string }[];
  beforeAll(async () => {
    reports = await snapshotReports(NOW);
  });

  it('covers every asset of the snapshot', () => {
    expect(reports).toHaveLength(SNAPSHOT_ASSETS.length);
    expect(SNAPSHOT_ASSETS.length).toBeGreaterThan(100);
  });

  it('has at most 10% of any report’s sentences word for word in 3 or more other reports', () => {
    const shares = boilerplateShares(
      // Label lines ("No evidence found: team information.") are list entries, and labelled
      // figures ("Total supply: 1,000.") a table's rows, not sentences.
      reports.map((r) => ({
        id: r.asset.id,
        sentences: reportSentences(r.text).filter((s) => !LABEL_LINE.test(s) && !figureOf(s)),
      })),
    );
    const worst = [...shares].sort((a, b) => b.share - a.share)[0]!;
    expect(worst.share, `${worst.id}: ${worst.repeated.join(' | ')}`).toBeLessThanOrEqual(0.1);
    // The measure reads real prose: every report has a body of sentences.
    expect(Math.min(...reports.map((r) => reportSentences(r.text).length))).toBeGreaterThan(15);
  });

  it('has no grammar slips', () => {
    const slips = reports.flatMap((r) => grammarSlips(r.text).map((slip) => `${r.asset.id}: ${slip}`));
    expect(slips).toEqual([]);
  });

  it('names peers of the same kind, with their scores, and no disclaimer or heading counts as prose', () => {
    const bitcoin = reports.find((r) => r.asset.id === 'bitcoin')!.text;
    expect(bitcoin).toMatch(/Peer group: the \d+ other layer-1 coins in the dataset \(Layer 1\)/);
    expect(bitcoin).toMatch(
      /Named peers: Ethereum \(ETH\): (Not rated|[\d.]+ of 77, [A-Za-z ]+) \(its report of \d{4}-\d\d-\d\d\);/,
    );
    const sentences = reportSentences(bitcoin);
    expect(sentences.some((s) => s.includes(FINANCIAL_DISCLAIMER.slice(0, 30)))).toBe(false);
    expect(sentences.some((s) => HEADINGS.has(s))).toBe(false);
  });
});

describe('reports written from rich evidence (the calibration profiles)', () => {
  it('have no grammar slips in the sentences of market, supply, social, audit and holder figures', async () => {
    const slips: string[] = [];
    for (const profile of CALIBRATION_PROFILES) {
      const asset = {
        id: profile.id,
        name: profile.name,
        symbol: profile.symbol,
        kind: profile.kind,
        ...(profile.platform ? { platform: profile.platform } : {}),
      };
      const text = buildReportText(await offlineReportInput(asset, NOW, calibrationEvidence(profile)));
      slips.push(...grammarSlips(text).map((slip) => `${profile.id}: ${slip}`));
    }
    expect(CALIBRATION_PROFILES.length).toBeGreaterThan(5);
    expect(slips).toEqual([]);
  });
});
