import type { BacktestBand, StudyFigures } from './backtest';
import type { RiskLevel } from './methodology';

// The public track record: what happened to assets after their reports, by the band they got.

/** Below this many reports in a group, the page shows counts only, never percentages. */
export const TRACK_RECORD_MIN_FOR_PERCENT = 20;

export interface BandOutcome {
  riskLevel: RiskLevel;
  reports: number;
  /** Reports dated before the incident list was compiled: the only ones it can speak about. */
  observable: number;
  /** Observable reports whose asset had at least one recorded incident after the report's date. */
  withIncident: number;
  incidents: number;
}

export interface MethodologyDistribution {
  methodologyVersion: string;
  reports: number;
  byBand: Record<RiskLevel, number>;
}

export interface TrackRecord {
  computedAt: string;
  publicReports: number;
  incidentList: { dataset: string; compiled: string; incidents: number };
  outcomes: BandOutcome[];
  distribution: MethodologyDistribution[];
  /** Consecutive versions of one asset's report: how often the later one gave another band. */
  laterVersions: { pairs: number; bandChanged: number };
}

/** "7 of 12" below the threshold, "7 of 40 (18%)" at or above it. */
export function shareText(count: number, of: number): string {
  if (of < TRACK_RECORD_MIN_FOR_PERCENT) return `${count} of ${of}`;
  return `${count} of ${of} (${Math.round((count / of) * 100)}%)`;
}

/** The current version's back-test in brief, as the methodology page shows it. */
export interface BacktestFigures {
  methodologyVersion: string;
  firstAsOf: string;
  lastAsOf: string;
  ratings: number;
  assets: number;
  accuracy: { days: number; ratio: number | null }[];
  bands365: {
    band: BacktestBand;
    observable: number;
    failures: number;
    low: number | null;
    high: number | null;
  }[];
  rankOrder365: { days: number; holds: boolean; breaks: string[] };
  /** The default study: development and hold-out samples, baselines, outcome types (issue 43). */
  study: StudyFigures;
}
