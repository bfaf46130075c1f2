import { RISK_LEVELS, type RiskLevel } from '../../contract/methodology';
import type { BandOutcome, MethodologyDistribution, TrackRecord } from '../../contract/track-record';
import type { DbExecutor } from '../db/client';
import type { IncidentTimeline } from '../research/sources/incidents';
import { allSeries, type SeriesVersion } from './report-series';

// The track record is computed, never written: from the stored public reports and the incident
// datasets (DeFiHackLabs and the curated list; the older date bounds what it can say: a report dated after it has no
// observable future in it yet).

const emptyBands = () =>
  Object.fromEntries(RISK_LEVELS.map((level) => [level, 0])) as Record<RiskLevel, number>;

export function computeTrackRecord(
  series: SeriesVersion[][],
  incidentList: IncidentTimeline,
  dataset: string,
  now: Date,
): TrackRecord {
  const visible = series.map((versions) => versions.filter((v) => v.isPublic)).filter((v) => v.length > 0);
  const reports = visible.flat();
  const compiled = new Date(`${incidentList.compiled}T23:59:59.999Z`);
  const incidentsByAsset = new Map<string, Date[]>();
  for (const incident of incidentList.incidents) {
    for (const asset of incident.assets) {
      incidentsByAsset.set(asset, [
        ...(incidentsByAsset.get(asset) ?? []),
        new Date(`${incident.date}T00:00:00Z`),
      ]);
    }
  }

  const outcomes: BandOutcome[] = RISK_LEVELS.map((riskLevel) => {
    const inBand = reports.filter((r) => r.riskLevel === riskLevel);
    const observable = inBand.filter((r) => r.completedAt < compiled);
    const later = observable.map(
      (r) =>
        (r.assetId ? (incidentsByAsset.get(r.assetId) ?? []) : []).filter((date) => date > r.completedAt)
          .length,
    );
    return {
      riskLevel,
      reports: inBand.length,
      observable: observable.length,
      withIncident: later.filter((n) => n > 0).length,
      incidents: later.reduce((sum, n) => sum + n, 0),
    };
  });

  const byVersion = new Map<string, MethodologyDistribution>();
  for (const report of reports) {
    const key = report.methodologyVersion ?? 'unknown';
    const entry = byVersion.get(key) ?? { methodologyVersion: key, reports: 0, byBand: emptyBands() };
    entry.reports += 1;
    if (report.riskLevel) entry.byBand[report.riskLevel] += 1;
    byVersion.set(key, entry);
  }

  let pairs = 0;
  let bandChanged = 0;
  for (const versions of visible) {
    for (let i = 1; i < versions.length; i += 1) {
      pairs += 1;
      if (versions[i]!.riskLevel !== versions[i - 1]!.riskLevel) bandChanged += 1;
    }
  }

  return {
    computedAt: now.toISOString(),
    publicReports: reports.length,
    incidentList: { dataset, compiled: incidentList.compiled, incidents: incidentList.incidents.length },
    outcomes,
    distribution: [...byVersion.values()].sort((a, b) =>
      b.methodologyVersion.localeCompare(a.methodologyVersion),
    ),
    laterVersions: { pairs, bandChanged },
  };
}

export async function loadTrackRecord(
  db: DbExecutor,
  incidentList: IncidentTimeline,
  dataset: string,
  now = new Date(),
): Promise<TrackRecord> {
  return computeTrackRecord(await allSeries(db), incidentList, dataset, now);
}
