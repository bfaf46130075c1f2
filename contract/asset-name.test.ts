import { describe, expect, it } from 'vitest';
import { createCardanoPaymentRequestSchema } from './cardano';
import { ASSET_NAME_MESSAGES, researchRequestSchema } from './reports';

// One asset-name rule for both ways of buying a new report (card checkout / research request
// and Cardano payment): names that hide characters or turn text around are refused.

const HIDDEN = {
  'a control character (BEL)': 'Bit\u0007coin',
  'a newline inside the name': 'Bit\ncoin',
  'a zero-width space': 'Bit\u200Bcoin',
  'a zero-width joiner': 'Bit\u200Dcoin',
  'a soft hyphen': 'Bit\u00ADcoin',
  'a right-to-left override': 'Bitcoin \u202Eniocti',
  'a left-to-right isolate': 'Bit\u2066coin\u2069',
  'a right-to-left mark': 'Bitcoin\u200F Cash',
  'a line separator': 'Bit\u2028coin',
};

const viaResearch = (name: string) => researchRequestSchema.safeParse({ asset_name: name });
const viaCardano = (name: string) =>
  createCardanoPaymentRequestSchema.safeParse({
    amount: 9.98,
    currency: 'ADA',
    description: 'New report',
    researchAsset: name,
  });

describe('asset names', () => {
  for (const [what, name] of Object.entries(HIDDEN)) {
    it(`refuses ${what} with a clear message, on both payment paths`, () => {
      for (const result of [viaResearch(name), viaCardano(name)]) {
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(ASSET_NAME_MESSAGES.hiddenCharacters);
      }
    });
  }

  const BLANK_OR_IGNORABLE = {
    'a combining grapheme joiner (U+034F)': 'Bitcoin\u034F',
    'a Hangul filler (U+3164)': 'Bitcoin\u3164',
    'a variation selector (U+FE0F)': 'Bitcoin\uFE0F',
    'a braille blank (U+2800)': 'Bitcoin\u2800',
    'an unassigned code point (U+0378)': 'Bitcoin\u0378',
  };
  for (const [what, name] of Object.entries(BLANK_OR_IGNORABLE)) {
    it(`refuses ${what} with a clear message, on both payment paths`, () => {
      for (const result of [viaResearch(name), viaCardano(name)]) {
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(ASSET_NAME_MESSAGES.ignorableCharacters);
      }
    });
  }

  it('normalises names to NFKC: full-width and compatibility letters become plain, spaces one', () => {
    expect(viaResearch('ＢＩＴＣＯＩＮ').data?.asset_name).toBe('BITCOIN');
    expect(viaCardano('ℬitcoin  Cash').data?.researchAsset).toBe('Bitcoin Cash');
  });

  it('accepts ordinary names in any script, with spaces, dots and dashes', () => {
    for (const name of [
      'Bitcoin',
      'Wrapped Ether (wETH)',
      'Café Coin',
      'ビットコイン',
      'Ether.fi-2',
      '  Cardano  ',
    ]) {
      expect(viaResearch(name).success, name).toBe(true);
      expect(viaCardano(name).success, name).toBe(true);
    }
    expect(viaCardano('  Cardano  ').data?.researchAsset).toBe('Cardano');
  });

  it('keeps the required and length messages on both paths', () => {
    expect(viaCardano('  ').error?.issues[0]?.message).toBe(ASSET_NAME_MESSAGES.required);
    expect(viaResearch('x'.repeat(101)).error?.issues[0]?.message).toBe(ASSET_NAME_MESSAGES.tooLong);
    expect(viaCardano('x'.repeat(101)).error?.issues[0]?.message).toBe(ASSET_NAME_MESSAGES.tooLong);
  });
});
