import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

// DejaVu Sans (npm `dejavu-fonts-ttf`) covers Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew,
// Arabic and many symbols. pdfkit embeds only the glyphs a document uses. Characters neither
// weight has (emoji, CJK) are replaced before layout so they never turn into garbage glyphs.

export interface PdfFonts {
  /** Parsed once per process: parsing and shaping caches are the bulk of a render's cost. */
  regular: fontkit.Font;
  bold: fontkit.Font;
  /** Code points both weights can draw. */
  coverage: ReadonlySet<number>;
}

let loaded: PdfFonts | undefined;

export function pdfFonts(): PdfFonts {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const dir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  const regular = fontkit.create(readFileSync(path.join(dir, 'DejaVuSans.ttf')));
  const bold = fontkit.create(readFileSync(path.join(dir, 'DejaVuSans-Bold.ttf')));
  const boldSet = new Set(bold.characterSet);
  const coverage = new Set(regular.characterSet.filter((cp) => boldSet.has(cp)));
  loaded = { regular: withSharedLayoutCache(regular), bold: withSharedLayoutCache(bold), coverage };
  return loaded;
}

const LAYOUT_CACHE_LIMIT = 50_000;

/**
 * Shaping a word (GSUB/GPOS lookups) is most of a render's CPU time, and pdfkit caches it only
 * per document. This keeps shaped words for the process. pdfkit scales a run's positions in
 * place, so each caller gets its own copy of them; glyphs are shared read-only.
 */
function withSharedLayoutCache(font: fontkit.Font): fontkit.Font {
  const cache = new Map<string, fontkit.GlyphRun>();
  const layout = (text: string, features?: unknown): fontkit.GlyphRun => {
    if (features !== undefined) return font.layout(text, features);
    let run = cache.get(text);
    if (!run) {
      if (cache.size >= LAYOUT_CACHE_LIMIT) cache.clear();
      run = font.layout(text);
      cache.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, position) => sum + position.xAdvance, 0);
      },
    };
  };
  return new Proxy(font, {
    get(target, property) {
      if (property === 'layout') return layout;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Shown for a letter the fonts cannot draw (e.g. CJK): visibly a gap, never a wrong glyph. */
export const MISSING_GLYPH = '\u25A1';

// Emoji and their joiners, variation selectors, skin tones, flags and tags carry no text
// meaning in a report, so they are dropped rather than boxed.
/** Signs newer than the font that a crypto report does use, written out instead of boxed. */
const SUBSTITUTES = new Map<number, string>([[0x20bf, 'BTC ']]);
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
/** Invisible parts of emoji sequences: never drawn, even where the font has a glyph for them. */
const isEmojiJoiner = (cp: number) =>
  cp === 0x200d || // zero width joiner
  cp === 0xfe0e ||
  cp === 0xfe0f || // text / emoji presentation selectors
  cp === 0x20e3 || // combining keycap
  (cp >= 0x1f3fb && cp <= 0x1f3ff) || // skin tones
  (cp >= 0x1f1e6 && cp <= 0x1f1ff) || // regional indicators (flags)
  (cp >= 0xe0020 && cp <= 0xe007f); // tag characters
// Printable ASCII, tabs and newlines: DejaVu draws all of it, so most strings skip the scan.
const PLAIN_TEXT = /^[\x20-\x7e\n\t]*$/;
const KEPT_CONTROLS = new Set([0x0a, 0x09]);

/** Text the embedded fonts can draw: emoji removed, other unknown characters boxed. */
export function fitTextToFont(text: string, coverage: ReadonlySet<number>): string {
  if (PLAIN_TEXT.test(text)) return text;
  let out = '';
  let dropped = false;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    const substitute = SUBSTITUTES.get(cp);
    if (substitute !== undefined && !coverage.has(cp)) {
      out += substitute;
    } else if (isEmojiJoiner(cp)) {
      dropped = true;
    } else if (coverage.has(cp) || KEPT_CONTROLS.has(cp)) {
      out += char;
    } else if (PICTOGRAPHIC.test(char)) {
      dropped = true;
    } else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) {
      out += ' ';
    } else {
      out += MISSING_GLYPH;
    }
  }
  // A removed emoji leaves its surrounding spaces behind: tidy them up.
  return dropped
    ? out
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/ +([.,;:!?)])/g, '$1')
        .replace(/^ +| +$/gm, '')
    : out;
}
