import { reportSentences } from './report-prose';

// How much of a report is boilerplate, with what a template fills in taken out: the asset's
// name and symbol, its peers' names, and every number become placeholders, so a template
// sentence counts as repeated even though each report puts its own name and figures in it.

export interface RepetitionReport {
  id: string;
  text: string;
  /** Names to take out: the asset's name and symbol, its peers' names. */
  names: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A sentence with names, symbols and numbers replaced by placeholders. */
export function normalizeSentence(sentence: string, names: readonly string[]): string {
  let out = sentence;
  for (const name of [...names].filter(Boolean).sort((a, b) => b.length - a.length))
    out = out.replace(new RegExp(`(?<![\\w])${escapeRegExp(name)}(?![\\w])`, 'g'), '<name>');
  return out
    .replace(/\$?\d[\d,]*(?:\.\d+)?%?/g, '<n>')
    .replace(/\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/gi, '<n>');
}

/** Per report: the share of its sentences that appear (normalised) in at least `minReports` reports. */
export function repetitionShares(reports: RepetitionReport[], minReports = 4) {
  const normalised = reports.map((r) => ({
    id: r.id,
    sentences: reportSentences(r.text).map((s) => normalizeSentence(s, r.names)),
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
