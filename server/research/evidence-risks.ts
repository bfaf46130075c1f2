import {
  CATEGORIES,
  type CategoryKey,
  RISK_LEVEL_LABELS,
  riskLevel,
  type Scores,
  totalArithmetic,
} from '../../contract/methodology';
import { type KeyRisk, licenseText, type Source } from '../../contract/reports';
import { EVIDENCE_RISK_THRESHOLDS } from '../../contract/scoring-rules';
import type { AssetEvidence, Fact } from './evidence';

// Key risks read from the evidence itself (decision 0322): what a holder could lose that a 5/5
// category does not show, each stated with its figure, its date and its source. No evidence, no
// risk: nothing here is written from memory, and an asset without these facts names none of them.
// Monthly snapshot prices are not read here: the fall below the highest snapshot is stated, and
// penalised, under Existence/Growth.

const r = EVIDENCE_RISK_THRESHOLDS;
const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const count = (value: number) => Math.round(value).toLocaleString('en-US');

/** The label key risks read from the evidence carry where a category's name would stand. */
export const EVIDENCE_RISK_LABELS = {
  priceHistory: 'Price history',
  supply: 'Supply',
  network: 'Network',
  evidence: 'Evidence',
} as const;
type EvidenceRiskKey = keyof typeof EVIDENCE_RISK_LABELS;

/** "(CoinGecko, 2025-10-01)" or "(owner/dataset, CC BY 4.0, 2025-10-01)": where the figure is from. */
function cited(fact: Fact<unknown>): string {
  const { source } = fact;
  const date = (source.publishedAt ?? source.retrievedAt).slice(0, 10);
  return `(${sourceName(source)}, ${date})`;
}

const sourceName = (source: Source) =>
  source.dataset?.name
    ? `${source.dataset.name}${source.dataset.license ? `, ${licenseText(source.dataset.license)}` : ''}`
    : source.title;

const risk = (key: EvidenceRiskKey, text: string): KeyRisk => ({
  category_key: key,
  category: EVIDENCE_RISK_LABELS[key],
  // Not a category: no score of its own (the page and the PDF print none for it).
  score: 0,
  text,
});

/** The key risks the evidence itself shows, with their figures, dates and sources. */
export function evidenceKeyRisks(e: AssetEvidence, name = 'The asset'): KeyRisk[] {
  const risks: KeyRisk[] = [];
  if (e.athChangeRatio && Math.abs(e.athChangeRatio.value) >= r.belowHigh)
    risks.push(
      risk(
        'priceHistory',
        `${name}'s price is ${pct(Math.abs(e.athChangeRatio.value))} below its all-time high ${cited(e.athChangeRatio)}.`,
      ),
    );
  const history = e.priceHistory?.value;
  if (e.priceHistory && history?.maxDrawdown !== undefined && history.maxDrawdown >= r.largestFall)
    risks.push(
      risk(
        'priceHistory',
        `${name}'s price fell by as much as ${pct(history.maxDrawdown)} ${history.drawdownSampling ? `between ${history.drawdownSampling}` : `within ${history.days} days`}, with annualised volatility of ${pct(history.annualisedVolatility)} ${cited(e.priceHistory)}.`,
      ),
    );
  const supply = e.supply?.value;
  if (e.supply && supply?.total && supply.max && supply.max > supply.total) {
    const left = supply.max - supply.total;
    if (left / supply.total >= r.issuanceLeft)
      risks.push(
        risk(
          'supply',
          `${count(left)} more units can still be created under the cap of ${count(supply.max)}, ${pct(left / supply.total)} more than today's total supply of ${count(supply.total)} ${cited(e.supply)}.`,
        ),
      );
  }
  // Few producers making most blocks can censor or reorder transactions together (decision 0333's
  // readings; shown, not scored, under Layer 1).
  const blocks = e.blockProduction?.value;
  if (e.blockProduction && blocks && blocks.nakamotoCoefficient <= r.blockMajorityProducers)
    risks.push(
      risk(
        'network',
        `${blocks.nakamotoCoefficient === 1 ? 'One producer' : `${blocks.nakamotoCoefficient} producers`} made the majority of ${name}'s blocks in the reading of ${blocks.date}: the largest ${pct(blocks.top1Share)}, the three largest ${pct(blocks.top3Share)} of ${blocks.entities} ${cited(e.blockProduction)}.`,
      ),
    );
  return risks;
}

const isCategoryKey = (key: string): key is CategoryKey => CATEGORIES.some((c) => c.key === key);

const REFILED_UNDER: Partial<Record<CategoryKey, EvidenceRiskKey>> = {
  circulatingSupply: 'supply',
  totalSupply: 'supply',
  layer1: 'network',
  existenceGrowthX2: 'priceHistory',
};

/**
 * A category scored 5/5 is never itself a key risk (decision 0322): a risk filed under one (a
 * check or a scheduled unlock that reads its evidence) is listed under what the evidence shows.
 */
export function refiledFromTopScores(risks: KeyRisk[], topScored: ReadonlySet<string>): KeyRisk[] {
  return risks.map((entry) => {
    if (!isCategoryKey(entry.category_key) || !topScored.has(entry.category_key)) return entry;
    return risk(REFILED_UNDER[entry.category_key] ?? 'evidence', entry.text);
  });
}

const LEVEL_ORDER = ['Not Safe', 'Potential', 'Likely Safe'] as const;

/**
 * When categories not assessed, counted at 1 (decision 0320), pull a rated report's band below the
 * band its categories scored on evidence give, that is the verdict's reason: an "Evidence" key risk
 * says so, naming them, so a Not Safe or Potential Risk report never reads "no specific risk" as if
 * a risk had been found. A knockout decides its own verdict; a Likely Safe report has nothing pulled. A rated report has four or more categories with evidence.
 */
export function missingEvidenceRisk(
  scores: Scores,
  knockout: boolean,
  risksFound: boolean,
  name: string,
): KeyRisk[] {
  if (scores.riskLevel === null || scores.riskLevel === 'Likely Safe' || knockout || !scores.counted)
    return [];
  const gaps = CATEGORIES.filter((c) => !scores.counted!.includes(c.key));
  if (gaps.length === 0) return [];
  const onEvidence = riskLevel(totalArithmetic(scores, scores.counted, 'overEvidence').total);
  if (LEVEL_ORDER.indexOf(onEvidence) <= LEVEL_ORDER.indexOf(scores.riskLevel)) return [];
  const names = gaps.map((c) => c.name);
  const listed = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return [
    risk(
      'evidence',
      `${listed} ${gaps.length === 1 ? 'is' : 'are'} not assessed and count${gaps.length === 1 ? 's' : ''} as 1: ${name}'s ${RISK_LEVEL_LABELS[scores.riskLevel]} verdict rests on that missing evidence, ${risksFound ? 'not only on the risks found' : 'not on a risk found'}; its ${scores.counted.length} categories with evidence alone would rate it ${RISK_LEVEL_LABELS[onEvidence]}.`,
    ),
  ];
}
