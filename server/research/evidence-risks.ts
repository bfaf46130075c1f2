import { CATEGORIES, type CategoryKey } from '../../contract/methodology';
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
