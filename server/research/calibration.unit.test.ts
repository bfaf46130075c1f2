import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  METHODOLOGY_VERSION,
  RISK_LEVELS,
  type RiskLevel,
  type Scores,
} from '../../contract/methodology';
import { assessEvidence, assessSnapshotAsset } from './peers';
import { SCORERS } from './scoring';
import { snapshotSecurityEvidence } from './sources/snapshot';
import { SNAPSHOT_ASSETS, type SnapshotAsset } from './sources/snapshot-data';
import {
  CALIBRATION_DATE,
  CALIBRATION_PROFILES,
  type CalibrationProfile,
  calibrationEvidence,
  findCalibrationProfile,
} from './testing/calibration-evidence';

/** The offline data readers get (public datasets), scored as the research job scores it. */
const scoreOffline = (asset: SnapshotAsset): Scores => assessSnapshotAsset(asset, AS_OF).scores;

// Calibration of the methodology: the real scorers run on hand-written evidence profiles (a test
// fixture, never shown to readers), and well-known
// assets must land in the band a careful analyst would expect. When this fails, the rules are
// recalibrated (contract/scoring-rules.ts), never this table. The table and the distribution
// over all the profiles are printed on every run.

type Expectation = RiskLevel | 'not Likely Safe';
const levelText = (level: RiskLevel | null) => level ?? 'Not rated';

const EXPECTED: readonly { symbol: string; expect: Expectation; why: string }[] = [
  // Majors: large, liquid, long-lived, audited, no collapse.
  { symbol: 'BTC', expect: 'Likely Safe', why: 'largest, most liquid, 16 years' },
  { symbol: 'ETH', expect: 'Likely Safe', why: 'largest smart contract platform' },
  { symbol: 'SOL', expect: 'Likely Safe', why: 'top-10 layer 1' },
  { symbol: 'ADA', expect: 'Likely Safe', why: 'top-10 layer 1, peer-reviewed' },
  { symbol: 'XRP', expect: 'Likely Safe', why: 'top-5, 13 years' },
  { symbol: 'BNB', expect: 'Likely Safe', why: 'top-5 despite regulator actions' },
  { symbol: 'USDC', expect: 'Likely Safe', why: 'fully reserved, regulated issuer' },
  { symbol: 'USDT', expect: 'Likely Safe', why: 'largest stablecoin' },
  { symbol: 'DAI', expect: 'Likely Safe', why: 'over-collateralised, long track record' },
  { symbol: 'LINK', expect: 'Likely Safe', why: 'main oracle network' },
  { symbol: 'AVAX', expect: 'Likely Safe', why: 'top-20 layer 1' },
  { symbol: 'LTC', expect: 'Likely Safe', why: '13 years, proof of work' },
  { symbol: 'DOT', expect: 'Likely Safe', why: 'established layer 0' },
  { symbol: 'AAVE', expect: 'Likely Safe', why: 'largest lending protocol, heavily audited' },
  { symbol: 'UNI', expect: 'Likely Safe', why: 'largest DEX' },
  // Collapsed, rugged or fraudulent.
  { symbol: 'LUNC', expect: 'Not Safe', why: 'Terra collapse, May 2022' },
  { symbol: 'USTC', expect: 'Not Safe', why: 'depegged algorithmic stablecoin' },
  { symbol: 'FTT', expect: 'Not Safe', why: 'FTX collapse and fraud' },
  { symbol: 'CEL', expect: 'Not Safe', why: 'Celsius bankruptcy and fraud' },
  { symbol: 'SFM', expect: 'Not Safe', why: 'SafeMoon fraud and bankruptcy' },
  { symbol: 'SQUID', expect: 'Not Safe', why: 'Squid Game rug pull' },
  { symbol: 'BCC', expect: 'Not Safe', why: 'BitConnect Ponzi scheme' },
  { symbol: 'TITAN', expect: 'Not Safe', why: 'Iron Finance bank run' },
  { symbol: 'MULTI', expect: 'Not Safe', why: 'Multichain drained and shut down' },
  { symbol: 'TIME', expect: 'Not Safe', why: 'Wonderland treasury scandal' },
  { symbol: 'LIBRA', expect: 'Not Safe', why: 'insider rug pull' },
  { symbol: 'HAWK', expect: 'Not Safe', why: 'launch dump' },
  { symbol: 'SRM', expect: 'Not Safe', why: 'abandoned after FTX collapse' },
  // Fresh memes: attention without a track record.
  { symbol: 'PEPE', expect: 'not Likely Safe', why: 'meme, 2 years old' },
  { symbol: 'BONK', expect: 'not Likely Safe', why: 'meme, 2.5 years old' },
  { symbol: 'WIF', expect: 'not Likely Safe', why: 'meme, 1.6 years old' },
  { symbol: 'TRUMP', expect: 'not Likely Safe', why: 'meme, months old, insider supply' },
  { symbol: 'FARTCOIN', expect: 'not Likely Safe', why: 'pump.fun meme' },
  { symbol: 'PENGU', expect: 'not Likely Safe', why: 'meme, months old' },
  { symbol: 'POPCAT', expect: 'not Likely Safe', why: 'meme' },
  { symbol: 'BRETT', expect: 'not Likely Safe', why: 'meme' },
  { symbol: 'PNUT', expect: 'not Likely Safe', why: 'pump.fun meme' },
  { symbol: 'MELANIA', expect: 'not Likely Safe', why: 'celebrity meme, insider selling' },
];

/** The profiles describe the market on their date, so ages and recency are measured from it. */
const AS_OF = new Date(`${CALIBRATION_DATE}T00:00:00Z`);

/** The research job's verdict (verdictOf through assessEvidence) on a profile's evidence. */
const scoreAsset = (asset: CalibrationProfile): Scores =>
  assessEvidence(calibrationEvidence(asset), AS_OF).scores;

const matches = (level: RiskLevel | null, expectation: Expectation) =>
  expectation === 'not Likely Safe' ? level !== 'Likely Safe' : level === expectation;

describe(`methodology ${METHODOLOGY_VERSION} calibration on the ${CALIBRATION_DATE} evidence profiles`, () => {
  const rows = EXPECTED.map((row) => {
    const asset = findCalibrationProfile(row.symbol);
    if (!asset) throw new Error(`calibration asset ${row.symbol} is not among the profiles`);
    const scores = scoreAsset(asset);
    return { ...row, name: asset.name, scores, ok: matches(scores.riskLevel, row.expect) };
  });

  it('puts every well-known asset in the band a careful analyst expects', () => {
    const table = rows.map(
      (row) =>
        `${row.ok ? 'ok      ' : 'MISMATCH'} ${row.symbol.padEnd(9)} ${row.scores.totalScore.toFixed(2).padStart(6)}/77  ${levelText(row.scores.riskLevel).padEnd(11)} expected ${row.expect.padEnd(15)} ${row.why}`,
    );
    console.info(
      `Calibration table (${rows.filter((r) => r.ok).length}/${rows.length} as expected):\n${table.join('\n')}`,
    );
    expect(
      rows.filter((row) => !row.ok).map((row) => `${row.symbol}: ${levelText(row.scores.riskLevel)}`),
    ).toEqual([]);
  });

  it('states at least two facts in every category of every profile', () => {
    const thin: string[] = [];
    for (const asset of CALIBRATION_PROFILES) {
      const evidence = calibrationEvidence(asset);
      for (const category of CATEGORIES) {
        const { facts, evidenceFound } = SCORERS[category.key](evidence, AS_OF);
        if (evidenceFound && facts.length < 2)
          thin.push(`${asset.symbol} ${category.key}: ${facts.join(' ')}`);
      }
    }
    expect(thin).toEqual([]);
  });

  it('spreads all the profiles over all three bands and prints the distribution', () => {
    const scored = CALIBRATION_PROFILES.map((asset) => ({ asset, scores: scoreAsset(asset) }));
    const byLevel = Object.fromEntries(
      RISK_LEVELS.map((level) => [level, scored.filter((s) => s.scores.riskLevel === level)]),
    ) as Record<RiskLevel, typeof scored>;
    const totals = scored.map((s) => s.scores.totalScore).sort((a, b) => a - b);
    const quantile = (q: number) => totals[Math.min(totals.length - 1, Math.floor(q * totals.length))]!;
    const buckets = [15, 25, 35, 45, 55, 65, 75].map((from) => {
      const count = totals.filter((total) => total >= from && total < from + 10).length;
      return `${String(from).padStart(2)}-${from + 10}: ${'#'.repeat(count)} ${count}`;
    });
    console.info(
      [
        `Score distribution over ${scored.length} calibration profiles:`,
        ...RISK_LEVELS.map((level) => `  ${level.padEnd(11)} ${byLevel[level].length}`),
        `  min ${totals[0]}  p25 ${quantile(0.25)}  median ${quantile(0.5)}  p75 ${quantile(0.75)}  max ${totals.at(-1)}`,
        ...buckets.map((line) => `  ${line}`),
        `  Not Safe: ${byLevel['Not Safe'].map((s) => s.asset.symbol).join(', ')}`,
      ].join('\n'),
    );
    for (const level of RISK_LEVELS) expect(byLevel[level].length).toBeGreaterThan(0);
    // Collapsed assets (curated collapse incident) must never read as Likely Safe.
    const collapsed = scored.filter((s) =>
      calibrationEvidence(s.asset).incidents?.value.some((incident) => incident.collapse),
    );
    expect(collapsed.length).toBeGreaterThanOrEqual(10);
    expect(collapsed.filter((s) => s.scores.riskLevel === 'Likely Safe').map((s) => s.asset.symbol)).toEqual(
      [],
    );
  });

  it('gives an asset without enough evidence no score and no band (Not rated), never Not Safe', () => {
    const { scores } = assessEvidence({}, AS_OF);
    expect(scores.rated).toBe(false);
    expect(scores.riskLevel).toBeNull();
    // Every calibration profile has enough evidence to be rated.
    expect(
      CALIBRATION_PROFILES.filter((asset) => scoreAsset(asset).rated === false).map((a) => a.symbol),
    ).toEqual([]);
  });

  it('rates every asset with a documented knockout (fraud, bankruptcy, collapse, lost peg) Not Safe', () => {
    const knockedOut = SNAPSHOT_ASSETS.filter((asset) =>
      snapshotSecurityEvidence(asset).incidents?.value.some((incident) => incident.knockout),
    );
    console.info(
      `Knockout-marked snapshot assets: ${knockedOut.map((a) => a.symbol).join(', ') || 'none yet'}`,
    );
    expect(knockedOut.map((asset) => asset.symbol)).toEqual(
      expect.arrayContaining(['FTT', 'CEL', 'LUNC', 'USTC']),
    );
    expect(
      knockedOut.filter((asset) => scoreOffline(asset).riskLevel !== 'Not Safe').map((asset) => asset.symbol),
    ).toEqual([]);
  });
});
