// The few parts of fontkit (pdfkit's own font engine) that the PDF code reads.
declare module 'fontkit' {
  export interface Font {
    /** Every Unicode code point the font's cmap maps to a glyph. */
    readonly characterSet: number[];
    /** pdfkit accepts a parsed font wherever it takes font bytes. */
    layout(text: string, features?: unknown): GlyphRun;
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: unknown[];
    positions: GlyphPosition[];
    readonly advanceWidth: number;
  }
  export function create(buffer: Buffer): Font;
}
