import { CATEGORIES, type CategoryKey, isRated } from '../../contract/methodology';
import { citedSources } from './assessment';
import type { AssetEvidence, AssetRef } from './evidence';
import { assessEvidence } from './peers';
import { dataAsOfDates } from './report-text';
import type { ResearchSources } from './sources/types';

// What a report on an asset would hold, told before it is bought: how many of the twelve
// categories have evidence, whether it would be rated, and the date of its data. The same
// evidence, scorers and coverage rule as the research pipeline, so the answer is the report's.

export interface AssetCoverage {
  assetId: string;
  categoriesWithEvidence: number;
  /** The categories with evidence, in the methodology's order. */
  categories: CategoryKey[];
  rated: boolean;
  /** The date of the oldest evidence the report would cite (its "Data as of"), or null. */
  dataAsOf: string | null;
  /** False when a live source failed to answer: the report, researched later, may hold more. */
  complete: boolean;
}

/** The market and security evidence of an asset, merged as the pipeline merges it. */
export async function evidenceOf(sources: ResearchSources, asset: AssetRef): Promise<AssetEvidence> {
  const [market, security] = await Promise.all([sources.market(asset), sources.security(asset)]);
  return { ...market, ...security };
}

export function coverageOfEvidence(assetId: string, evidence: AssetEvidence, now: Date): AssetCoverage {
  const { categories, scores } = assessEvidence(evidence, now);
  const withEvidence = CATEGORIES.filter((c) => categories[c.key].status === 'scored').map((c) => c.key);
  return {
    assetId,
    categoriesWithEvidence: withEvidence.length,
    categories: withEvidence,
    // The report's own verdict: a documented knockout rates it (Not Safe) whatever the coverage.
    rated: isRated(scores) && scores.riskLevel !== null,
    dataAsOf: dataAsOfDates(CATEGORIES.flatMap((c) => citedSources(categories[c.key]))),
    complete: !evidence.marketGaps?.length && !evidence.securityGaps?.length,
  };
}

export async function assetCoverage(
  sources: ResearchSources,
  asset: AssetRef,
  now: Date,
): Promise<AssetCoverage> {
  return coverageOfEvidence(asset.id, await evidenceOf(sources, asset), now);
}
