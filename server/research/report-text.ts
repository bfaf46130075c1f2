import {
  CATEGORIES,
  type CategoryKey,
  compositeOutOfFive,
  RISK_LEVEL_LABELS,
  ratingBand,
  type Scores,
} from '../../contract/methodology';
import type { Source } from '../../contract/reports';
import type { AssetRef } from './evidence';

export interface CategoryResult {
  key: CategoryKey;
  score: number;
  findings: string;
  analysis: string;
  scoreNote?: string;
  sources: Source[];
}

export interface ReportTextInput {
  assetName: string;
  asset: AssetRef | null;
  scores: Scores;
  results: CategoryResult[];
  dataNote: string;
  methodologyVersion: string;
}

export function sourceKey(source: Source): string {
  return `${source.url ?? source.dataset ?? ''}|${source.title}`;
}

/** Strongest and weakest categories by score (ties keep methodology order). */
export function extremes(results: CategoryResult[]): {
  strongest: CategoryResult[];
  weakest: CategoryResult[];
} {
  const max = Math.max(...results.map((r) => r.score));
  const min = Math.min(...results.map((r) => r.score));
  return {
    strongest: results.filter((r) => r.score === max).slice(0, 3),
    weakest: results.filter((r) => r.score === min).slice(0, 3),
  };
}

const nameOf = (key: CategoryKey) => CATEGORIES.find((c) => c.key === key)!.name;

/**
 * The report text: paragraphs separated by blank lines. The first is the executive summary
 * (composite, risk level, strongest and weakest categories); then one section per category;
 * then the numbered list of sources.
 */
export function buildReportText(input: ReportTextInput): string {
  const { scores, results, asset } = input;
  const composite = compositeOutOfFive(scores.totalScore);
  const title = asset ? `${asset.name} (${asset.symbol})` : input.assetName;
  const { strongest, weakest } = extremes(results);
  const list = (items: CategoryResult[]) => items.map((r) => `${nameOf(r.key)} (${r.score}/5)`).join(', ');
  const summary = [
    `Executive summary: ${title} scores ${scores.totalScore.toFixed(2)}/77 on the Crow Research methodology (${input.methodologyVersion}), a composite of ${composite.toFixed(1)}/5.0 rated ${ratingBand(composite)}.`,
    `Risk level: ${RISK_LEVEL_LABELS[scores.riskLevel]}.`,
    `Strongest: ${list(strongest)}. Weakest: ${list(weakest)}.`,
    asset
      ? input.dataNote
      : `The data sources do not know "${input.assetName}": categories without evidence score 1 ("No evidence found"), because absence of data is itself a risk.`,
  ].join(' ');

  const allSources = new Map<string, Source>();
  for (const result of results) for (const s of result.sources) allSources.set(sourceKey(s), s);
  const numbered = [...allSources.values()];
  const numberOf = new Map(numbered.map((s, i) => [sourceKey(s), i + 1]));

  const sections = results.map((result) => {
    const category = CATEGORIES.find((c) => c.key === result.key)!;
    const refs = result.sources.map((s) => `[${numberOf.get(sourceKey(s))}]`).join(' ');
    return [
      `${category.name} — ${result.score}/5 (weight ${category.weight}).`,
      result.findings,
      result.analysis,
      result.scoreNote ?? '',
      refs ? `Sources: ${refs}.` : 'Sources: none found.',
    ]
      .filter(Boolean)
      .join(' ');
  });

  const sourcesList = numbered.length
    ? `Sources:\n${numbered
        .map(
          (s, i) =>
            `[${i + 1}] ${s.title}${s.url ? ` — ${s.url}` : ''}${s.dataset ? ` — dataset ${s.dataset}` : ''} (retrieved ${s.retrievedAt})`,
        )
        .join('\n')}`
    : 'Sources: none — no source held evidence on this asset.';

  const disclaimer =
    'This report is informational and educational only and is not financial advice. AI-assisted analysis has limits and can be wrong or out of date.';
  return [summary, ...sections, sourcesList, disclaimer].join('\n\n');
}
