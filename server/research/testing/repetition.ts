import { figureOf } from '../../../contract/reports';
import { offlineReportInput } from '../offline-report';
import type { PeerReports } from '../peers';
import { buildReportText, buildSections, type ReportTextInput } from '../report-text';
import { SNAPSHOT_ASSETS } from '../sources/snapshot-data';
import { escapeRegExp } from '../writer';
import { reportSentences } from './report-prose';

// How much of a report is boilerplate, with what a template fills in taken out: the asset's
// name and symbol, its peers' names, and every number become placeholders, so a template
// sentence counts as repeated even though each report puts its own name and figures in it.

export interface RepetitionReport {
  id: string;
  /** The sentences a reader reads (see buyerSentences, analyticSentences). */
  sentences: string[];
  /** Names to take out: the asset's name and symbol, its peers' names. */
  names: string[];
}

/** Fifteen reports of different kinds, by id (bench:research and the repetition test read these). */
export const REPETITION_SAMPLE = [
  'bitcoin',
  'ethereum',
  'solana',
  'tether',
  'usd-coin',
  'dai',
  'uniswap',
  'aave',
  'curve-dao-token',
  'dogecoin',
  'shiba-inu',
  'chainlink',
  'binancecoin',
  'ftx-token',
  'celsius-degree-token',
];

/** A sentence with names, symbols and numbers replaced by placeholders. */
export function normalizeSentence(sentence: string, names: readonly string[]): string {
  let out = sentence;
  for (const name of [...names].filter(Boolean).sort((a, b) => b.length - a.length))
    out = out.replace(new RegExp(`(?<![\\w])${escapeRegExp(name)}(?![\\w])`, 'g'), '<name>');
  return out
    .replace(/\$?\d[\d,]*(?:\.\d+)?%?/g, '<n>')
    .replace(/\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/gi, '<n>');
}

/**
 * Label lines, not prose: "No evidence found: team information.", "Missing: order-book depth.",
 * "Needed: audit records." (a gap stated as a list entry; what a gap means is said once, on the
 * methodology page and in the summary's coverage sentence). The measure leaves them out, and
 * the labelled figures of a category's findings ("24-hour trading volume: $118.76 million."),
 * which the page and the PDF print as a table of label and value (contract/reports.ts
 * FIGURE_LABELS, decision 0256).
 */
export const LABEL_LINE = /^(?:No evidence found|Missing|Needed): [^:;]*\.$/;

/** Per report: the share of its sentences that appear (normalised) in at least `minReports` reports. */
export function repetitionShares(reports: RepetitionReport[], minReports = 4) {
  const normalised = reports.map((r) => ({
    id: r.id,
    sentences: r.sentences
      .filter((s) => !LABEL_LINE.test(s) && !figureOf(s))
      .map((s) => normalizeSentence(s, r.names)),
  }));
  const reportsWith = new Map<string, Set<string>>();
  for (const report of normalised)
    for (const sentence of new Set(report.sentences))
      reportsWith.set(sentence, (reportsWith.get(sentence) ?? new Set()).add(report.id));
  return normalised.map((report) => {
    const repeated = report.sentences.filter((s) => reportsWith.get(s)!.size >= minReports);
    return {
      id: report.id,
      share: report.sentences.length ? repeated.length / report.sentences.length : 0,
      repeated,
    };
  });
}

/** Sentences of one paragraph or line, as reportSentences splits them. */
const splitSentences = (text: string) =>
  text
    .replace(/\s*\(Sources: [^)]*\)/g, '')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Every sentence a buyer reads on the report page and in the PDF: the prose of the report text
 * (summary, key risks, peers, each category's findings and analysis) and the findings of the
 * "Checks for its kind" section. Left out as labels, not prose: the "What would change this
 * score" table, whose cells are labelled thresholds ("Market capitalisation: below $1 billion",
 * decision 0256), a category's labelled figures (FIGURE_LABELS), headings, the data-coverage rows
 * ("Market Cap: dated public dataset, as of …"), the arithmetic rows, the numbered source list,
 * citations, a category's "Name — n/5 (weight w)." label and the disclaimer, which is the same
 * in every report by law, not by template.
 */
export function buyerSentences(input: ReportTextInput): string[] {
  const sections = buildSections(input);
  const checks = (sections.kindChecks ?? []).flatMap((c) => splitSentences(c.finding));
  return [...reportSentences(buildReportText(input)), ...checks];
}

/**
 * The analysis alone: the executive summary and each category's analysis paragraph. The
 * summary's closing data note (which datasets, under which licences) is attribution, not
 * analysis: it is counted in buyerSentences, not here.
 */
export function analyticSentences(input: ReportTextInput): string[] {
  const summary = buildSections(input).summary.replace(input.dataNote, '');
  return [summary, ...input.results.map((r) => r.analysis)].flatMap(splitSentences);
}

/** The report inputs of the fifteen sample reports, as a buyer gets them (kind checks included). */
export async function repetitionSample(
  now: Date,
  /** A store where none of the peers has a report yet: what the first buyers of a new store read. */
  options: { freshStore?: boolean } = {},
): Promise<{ id: string; input: ReportTextInput; names: string[] }[]> {
  const peerReports: PeerReports | undefined = options.freshStore ? { get: () => undefined } : undefined;
  const sample = [];
  for (const id of REPETITION_SAMPLE) {
    const asset = SNAPSHOT_ASSETS.find((a) => a.id === id);
    if (!asset) throw new Error(`the repetition sample names ${id}, which the snapshot does not hold`);
    const input = await offlineReportInput(asset, now, undefined, {
      kindChecks: true,
      ...(peerReports ? { peerReports } : {}),
    });
    const names = [
      asset.name,
      asset.symbol,
      ...(input.peers?.named.flatMap((p) => [p.name, p.symbol]) ?? []),
    ];
    sample.push({ id, input, names });
  }
  return sample;
}
