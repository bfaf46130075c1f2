import { NOT_COUNTED_TEXT, REPORT_HEADINGS } from '../../../contract/reports';

// How a reader's eye reads a report text, for the tests of its prose: its sentences, and the
// grammar slips readers reported.

/** Headings, tables and references are not prose: these sections are laid out as tables. */
const TABLE_SECTIONS = new Set<string>([
  REPORT_HEADINGS.changes,
  REPORT_HEADINGS.coverage,
  REPORT_HEADINGS.arithmetic,
  REPORT_HEADINGS.kindChecks,
]);
export const HEADINGS = new Set<string>(Object.values(REPORT_HEADINGS));

/**
 * The sentences of a report text: the summary, key risks, peer comparison and each category's
 * findings and analysis. Left out: headings, the two table sections, the numbered source list,
 * citations "(Sources: …)", the "Name — n/5 (weight w)." label of a category and the disclaimer.
 */
export function reportSentences(text: string): string[] {
  const prose: string[] = [];
  for (const paragraph of text.split('\n\n')) {
    const [first = '', ...rest] = paragraph.split('\n');
    if (paragraph.startsWith(`${REPORT_HEADINGS.sources}:`)) continue;
    if (paragraph.startsWith('This report is informational')) continue;
    if (HEADINGS.has(first)) {
      if (!TABLE_SECTIONS.has(first)) prose.push(...rest);
      continue;
    }
    prose.push(
      paragraph
        .replace(new RegExp(`^${REPORT_HEADINGS.summary}: `), '')
        .replace(new RegExp(`^[^.]*? — (?:\\d\\/5|${NOT_COUNTED_TEXT}) \\(weight \\d\\)\\. `), '')
        .replace(/ Sources: (\[\d+\] ?)+\.$| Sources: none found\.$/, ''),
    );
  }
  return prose
    .map((p) => p.replace(/\s*\(Sources: [^)]*\)/g, ''))
    .flatMap((p) => p.split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The grammar slips a reader would notice, each with the words that show it. */
export function grammarSlips(text: string): string[] {
  const slips: string[] = [];
  const find = (pattern: RegExp, what: string) => {
    for (const match of text.matchAll(pattern)) slips.push(`${what}: "${match[0]}"`);
  };
  // "a" before a vowel sound, "an" before a consonant sound (allowing "a use", "a one-…", "an hour").
  find(/\b[Aa] (?!u[sn]i?|use|uti|one|Uni|US\b|eu)[aeiouAEIOU]\w*/g, 'a before a vowel');
  find(/\b[Aa]n (?!hour|honest|[A-Z]{2,})[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]\w*/g, 'an before a consonant');
  // One of something is singular: "1 commits", "1 exchanges", "one categories" (a verb agreeing
  // with one, "1 scores lower", is not a plural noun).
  // "No one wants" (a quoted title) is no count.
  find(
    /(?<![\d.,$-])(?<!\b[Nn]o )\b(1|one) (?!of\b|scores\b|matches\b)[a-z]+s\b(?<!ss|us|is|as)/g,
    'one with a plural',
  );
  // A count above one with a singular verb, or one with a plural verb: "1 score lower", "3 scores lower".
  find(
    /(?<![\d.,$-])\b1 score (?:lower|higher)\b|\b(?:[2-9]|\d{2,}) scores (?:lower|higher)\b/g,
    'count and verb disagree',
  );
  // A capital after a word that does not end a sentence: "Below A market …", "of The …".
  find(
    /\b(?:[a-z]{2,}|[a-z]+[,;]) (?:A|An|The|Below|Above|Its|It)\b (?=[a-z])/g,
    'capital inside a sentence',
  );
  // Doubled words.
  find(/\b([a-z]+) \1\b/g, 'doubled word');
  return slips;
}
