import { beforeAll, describe, expect, it } from 'vitest';
import { FIGURE_LABELS, figureOf, splitFindings } from '../../contract/reports';
import {
  analyticSentences,
  buyerSentences,
  LABEL_LINE,
  normalizeSentence,
  REPETITION_SAMPLE,
  repetitionSample,
  repetitionShares,
} from './testing/repetition';

// Issue 32's prose target: with names, symbols and numbers normalised, at most 20% of any of 15
// reports of different kinds may appear in 4 or more of them. The whole text a buyer reads on the
// page and in the PDF (summary, key risks, peers, findings, analysis, kind-check findings) reached
// 13.3% worst (shiba-inu) and moves by a sentence as datasets grow (14.3% for binancecoin after the
// March 2023 depegs were added; 10.5% since the verdict, coverage and key-risk lines say what is
// particular to the asset, decision 0265), so it is held at the 20%; the analytic prose
// (summary and each category's analysis) reached 8.3% worst (bitcoin), held at 9%.
// A category's labelled figures, the thresholds table and the peer group and standing are data,
// printed as tables and lists, and not counted (decision 0256).

const NOW = new Date('2026-11-24T00:00:00Z');
const ANALYTIC_REACHED = 0.09;
const BUYER_TEXT_TARGET = 0.2;

type Sample = Awaited<ReturnType<typeof repetitionSample>>;

const worstOf = (sample: Sample, sentences: typeof buyerSentences) => {
  const shares = repetitionShares(
    sample.map((s) => ({ id: s.id, names: s.names, sentences: sentences(s.input) })),
    4,
  );
  return [...shares].sort((a, b) => b.share - a.share)[0]!;
};

describe('repetition across the fifteen sample reports', () => {
  let sample: Sample;
  beforeAll(async () => {
    sample = await repetitionSample(NOW);
  });

  it('measures real reports of different kinds, each with a body of sentences', () => {
    expect(sample.map((s) => s.id)).toEqual(REPETITION_SAMPLE);
    for (const report of sample) {
      expect(buyerSentences(report.input).length, report.id).toBeGreaterThan(20);
      expect(analyticSentences(report.input).length, report.id).toBeGreaterThan(2);
    }
  });

  it(`keeps the analytic prose of every report at most ${ANALYTIC_REACHED * 100}% repeated`, () => {
    const worst = worstOf(sample, analyticSentences);
    expect(worst.share, `${worst.id}: ${worst.repeated.join(' | ')}`).toBeLessThanOrEqual(ANALYTIC_REACHED);
  });

  it(`keeps the whole page and PDF text of every report at most ${BUYER_TEXT_TARGET * 100}% repeated`, () => {
    const worst = worstOf(sample, buyerSentences);
    expect(worst.share, `${worst.id}: ${worst.repeated.join(' | ')}`).toBeLessThanOrEqual(BUYER_TEXT_TARGET);
  });
});

// A new store, where no peer has a report yet (what the first buyers read): the peer comparisons
// are empty, so a report is its figures and its verdict, coverage, key-risk and peer lines. Those
// say what is particular to the asset (decision 0265): the verdict gives its weakest categories
// as its reason, the coverage sentence closes with which datasets each category rests on, an
// empty key risks section says how low the lowest category goes, and peers none of which is
// researched are a clause of the peer group line. Measured 11.1% worst (binancecoin), 3.7%
// median (before: 37.5%, solana); held at the 20%, as the page moves by a sentence when
// datasets grow.
describe('repetition in a new store, no peer researched', () => {
  it(`keeps the whole page and PDF text of every report at most ${BUYER_TEXT_TARGET * 100}% repeated`, async () => {
    const sample = await repetitionSample(NOW, { freshStore: true });
    expect(sample.every((s) => !s.input.peers?.named.some((p) => p.report))).toBe(true);
    const worst = worstOf(sample, buyerSentences);
    expect(worst.share, `${worst.id}: ${worst.repeated.join(' | ')}`).toBeLessThanOrEqual(BUYER_TEXT_TARGET);
  });
});

describe('the measure itself', () => {
  it('counts a template sentence as repeated whatever name and numbers fill it', () => {
    const report = (id: string, name: string, figure: string) => ({
      id,
      names: [name],
      sentences: [`${name}'s market capitalisation was ${figure} on 2025-11-03.`, `Only ${name} says ${id}.`],
    });
    const shares = repetitionShares(
      [
        report('a', 'Alpha', '$1.2 billion'),
        report('b', 'Beta', '$3 billion'),
        report('c', 'Gamma', '$40 billion'),
        report('d', 'Delta', '$5.5 billion'),
      ],
      4,
    );
    expect(shares.map((s) => s.share)).toEqual([0.5, 0.5, 0.5, 0.5]);
    expect(normalizeSentence('Bitcoin (BTC) scores 77.00 of 77.', ['Bitcoin', 'BTC'])).toBe(
      '<name> (<name>) scores <n> of <n>.',
    );
  });

  it('leaves out only the three label forms of one clause, not a sentence that merely starts like one', () => {
    expect(LABEL_LINE.test('No evidence found: team information.')).toBe(true);
    expect(LABEL_LINE.test('Missing: order-book depth or bid-ask spread.')).toBe(true);
    expect(LABEL_LINE.test('Needed: audit records.')).toBe(true);
    expect(LABEL_LINE.test('The sources hold no team information for Bitcoin.')).toBe(false);
    expect(LABEL_LINE.test('Missing: the sources hold no data; a gap: it is left out.')).toBe(false);
  });

  it('leaves out as figures only "Label: value." lines of the fixed labels, which the page and PDF print as a table', () => {
    expect(figureOf('24-hour trading volume: $118.76 million.')).toEqual({
      label: '24-hour trading volume',
      value: '$118.76 million',
    });
    expect(figureOf('Hacks database: no hack or exploit recorded.')?.label).toBe('Hacks database');
    // A sentence that merely starts with a colon clause is not a figure.
    expect(figureOf('Stated purpose: a network for payments.')).toBeNull();
    expect(figureOf('The 24-hour trading volume: it fell.')).toBeNull();
    expect(FIGURE_LABELS).not.toContain('Stated purpose');
    // The page and the PDF split a category's findings the same way: figures, then the prose.
    const { figures, prose } = splitFindings(
      'Market capitalisation: $5.88 billion on 2025-11-03 (a/b, CC BY 4.0). It ranks among the oldest. (Sources: https://x.test/a)',
    );
    expect(figures).toEqual([
      { label: 'Market capitalisation', value: '$5.88 billion on 2025-11-03 (a/b, CC BY 4.0)' },
    ]);
    expect(prose).toBe('It ranks among the oldest. (Sources: https://x.test/a)');
  });

  it('counts every figure a repeated template sentence would have hidden, as the page prints it', async () => {
    // Every labelled figure of the sample reports is a table row on the page: its value carries a
    // figure, a date or a short data phrase, never a second sentence.
    const sample = await repetitionSample(NOW);
    for (const report of sample)
      for (const result of report.input.results)
        for (const figure of splitFindings(result.findings).figures)
          expect(figure.value, `${report.id} ${figure.label}`).not.toMatch(/\. [A-Z]/);
  });
});
