import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, totalScore, weightedSum } from '../../contract/methodology';
import { sampleReportRows } from '../testing/sample-report';
import { PdfByteCache } from './byte-cache';
import { buildReportDocument } from './document';
import { contentDisposition, reportPdfFileName } from './file-name';
import { fitTextToFont, MISSING_GLYPH, pdfFonts } from './fonts';
import { pdfIsStale } from './store';

const { coverage } = pdfFonts();
const fitted = (text: string) => fitTextToFont(text, coverage);

describe('text fitted to the embedded fonts', () => {
  it('keeps Latin with accents, Greek, Cyrillic and common symbols as they are', () => {
    for (const text of [
      'Cardano (ADA) — 4.5/5 · ×2',
      'Ünïcødé Ελληνικά Токен',
      'Ærø ß ő ł ğ ş',
      '€ £ ¥ ≥ ≤ ±',
    ]) {
      expect(fitted(text)).toBe(text);
    }
  });

  it('drops emoji with their joiners, skin tones and flags, tidying the spaces they leave', () => {
    expect(fitted('Rocket 🚀 token')).toBe('Rocket token');
    expect(fitted('mood 👍🏽, family 👨‍👩‍👧 and flag 🇺🇸.')).toBe('mood, family and flag.');
    expect(fitted('🔥Hot')).toBe('Hot');
  });

  it('writes out the bitcoin sign, which the font predates', () => {
    expect(fitted('₿0.25')).toBe('BTC 0.25');
  });

  it('boxes letters no embedded font has (CJK), never passing them through to garble', () => {
    expect(fitted('比特币 coin')).toBe(`${MISSING_GLYPH.repeat(3)} coin`);
  });

  it('turns control characters into spaces and keeps line breaks', () => {
    expect(fitted('a\u0007b\nc')).toBe('a b\nc');
  });

  it('only ever returns characters the fonts can draw', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        for (const char of fitted(text)) {
          const cp = char.codePointAt(0)!;
          expect(coverage.has(cp) || cp === 0x0a || cp === 0x09).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('file name and Content-Disposition', () => {
  it('names the file without characters file systems reject', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (name) => {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters must not survive
        expect(reportPdfFileName(name)).toMatch(/^[^\\/:*?"<>|\u0000-\u001f]+-research-report\.pdf$/);
      }),
      { numRuns: 300 },
    );
    expect(reportPdfFileName('a/b:c')).toBe('a b c-research-report.pdf');
  });

  it('is a plain filename for an ASCII asset name', () => {
    expect(contentDisposition('Cardano')).toBe('attachment; filename="Cardano-research-report.pdf"');
  });

  it('adds an RFC 5987 filename* for a non-ASCII name and keeps the plain filename ASCII', () => {
    expect(contentDisposition('Ünïcødé Токен')).toBe(
      `attachment; filename="Unic_de-research-report.pdf"; filename*=UTF-8''${encodeURIComponent('Ünïcødé Токен-research-report.pdf')}`,
    );
    expect(contentDisposition('比特币')).toMatch(
      /^attachment; filename="report-research-report\.pdf"; filename\*=/,
    );
  });

  it('never lets a name break out of the header', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (name) => {
        const header = contentDisposition(name);
        expect(header).toMatch(
          /^attachment; filename="[\x20-\x7e]*"(; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+)?$/,
        );
        expect(header.match(/"/g)).toHaveLength(2);
      }),
      { numRuns: 300 },
    );
  });
});

describe('when a stored PDF is rendered again', () => {
  const report = { methodologyVersion: '2026.11-1', completedAt: new Date('2026-11-20T14:30:00Z') };
  it('renders when missing, when the methodology changed, or when the report completed after the file', () => {
    expect(pdfIsStale({ stored: null, report })).toBe(true);
    expect(
      pdfIsStale({ stored: { methodologyVersion: '2025.01-0', renderedAt: new Date('2026-11-21') }, report }),
    ).toBe(true);
    expect(
      pdfIsStale({
        stored: { methodologyVersion: '2026.11-1', renderedAt: new Date('2026-11-20T14:00:00Z') },
        report,
      }),
    ).toBe(true);
    expect(
      pdfIsStale({ stored: { methodologyVersion: '2026.11-1', renderedAt: new Date('2026-11-21') }, report }),
    ).toBe(false);
  });
});

describe('PDF byte cache', () => {
  it('evicts the least recently used files beyond its size', () => {
    const cache = new PdfByteCache(10);
    cache.set('a', Buffer.alloc(4));
    cache.set('b', Buffer.alloc(4));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', Buffer.alloc(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    cache.set('huge', Buffer.alloc(11));
    expect(cache.get('huge')).toBeUndefined();
  });
});

describe('document model', () => {
  it('matches the methodology: contributions, weighted sum, total and band', () => {
    const { report, progress } = sampleReportRows('Cardano');
    const document = buildReportDocument(report, progress);
    const scores = Object.fromEntries(document.categories.map((c) => [c.key, c.score!])) as Parameters<
      typeof weightedSum
    >[0];
    expect(document.categories.map((c) => c.name)).toEqual(CATEGORIES.map((c) => c.name));
    expect(document.arithmetic.weightedSum).toBeCloseTo(weightedSum(scores), 10);
    expect(document.arithmetic.total).toBe(document.total);
    expect(document.total).toBe(totalScore(scores));
    expect(document.compositeOutOf5.toFixed(1)).toBe('3.9');
    expect(document.band).toBe('Good');
    expect(document.paragraphs[0]).toMatch(/^Cardano scores well/);
  });

  it('numbers each source once, in the order the categories cite them', () => {
    const { report, progress } = sampleReportRows('Cardano');
    const document = buildReportDocument(report, progress);
    expect(document.sources.map((s) => s.number)).toEqual(document.sources.map((_, i) => i + 1));
    expect(document.sources).toHaveLength(24);
    expect(document.categories[1]!.sources.map((s) => s.number)).toEqual([3, 4]);
  });
});
