// The numbers a language model writes, checked against the evidence fact each one restates: the
// value with its scale ("$3.9 billion" is 3.9e9, not 3.9e6), its kind (money, percent, plain) and,
// for a count, the thing counted ("22 exchanges" needs a fact counting 22 exchanges, not a date
// holding 22). Spelled-out numbers before a scale or a counted thing are checked as well.

type NumberKind = 'usd' | 'percent' | 'plain';

interface NumberClaim {
  text: string;
  value: number;
  /** The smallest step the claim was written with (3.9 billion: 0.1e9): how close a fact must be. */
  step: number;
  kind: NumberKind;
  /** The thing counted ("exchange"), singular, when one follows the number. */
  unit?: string;
}

const SCALES: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  m: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
  t: 1e12,
};

const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
};

/** Things the reports count; a number before one of them is a count of it. */
const COUNTED = [
  'exchange',
  'market',
  'trading pair',
  'pair',
  'holder',
  'wallet',
  'address',
  'audit',
  'auditor',
  'review',
  'year',
  'month',
  'week',
  'day',
  'contributor',
  'developer',
  'commit',
  'incident',
  'hack',
  'exploit',
  'chain',
  'network',
  'star',
  'follower',
  'peer',
  'category',
  'categories',
  'repository',
  'repositories',
  'point',
];

const singular = (word: string) =>
  word
    .toLowerCase()
    .replace(/ies$/, 'y')
    .replace(/(ss|sh|ch|x)es$/, '$1')
    .replace(/s$/, '');

const NUMBER = String.raw`(\$|US\$|USD\s?)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|${Object.keys(
  WORD_NUMBERS,
)
  .map((word) => `[${word[0]}${word[0]?.toUpperCase()}]${word.slice(1)}`)
  .join('|')})`;
const SCALE = String.raw`(?:(\s?(?:thousand|million|billion|trillion)|bn|mn|[kmbtKMBT])\b)?`;
const AFTER = String.raw`(\s?(?:%|percent\b|per cent\b))?(?:\s+(?:[a-z-]+\s+){0,2}?(${COUNTED.map((w) => `${w}(?:e?s)?`).join('|')})\b)?`;
// Case matters: the words between a number and the thing it counts are lower-case adjectives
// ("22 centralised exchanges"), never a name ("2022 Ronin bridge hack").
// The "5" of a score "3/5" is the scale's top, not a claim.
const CLAIM_PATTERN = new RegExp(`(?<![\\w./])${NUMBER}${SCALE}${AFTER}`, 'g');

/** Every number in a text with its value, scale, kind and counted thing. */
function claimsIn(text: string): NumberClaim[] {
  const claims: NumberClaim[] = [];
  for (const match of text.matchAll(CLAIM_PATTERN)) {
    const [whole, currency, digits = '', scaleWord, percent, counted] = match;
    const word = WORD_NUMBERS[digits.toLowerCase()];
    // A spelled-out number is a claim only before a scale or a counted thing ("one of" is not).
    if (word !== undefined && !scaleWord && !counted) continue;
    const plain = word ?? Number(digits.replace(/,/g, ''));
    if (!Number.isFinite(plain)) continue;
    const scale = scaleWord ? (SCALES[scaleWord.trim().toLowerCase()] ?? 1) : 1;
    const decimals = word === undefined ? (digits.split('.')[1]?.length ?? 0) : 0;
    claims.push({
      text: whole.trim(),
      value: plain * scale,
      step: 10 ** -decimals * scale,
      kind: currency ? 'usd' : percent ? 'percent' : 'plain',
      ...(counted ? { unit: singular(counted) } : {}),
    });
  }
  return claims;
}

/** ISO dates and timestamps ("2026-11-22T00:00:00Z") and links: their digits are not facts. */
const DATE_OR_LINK = /https?:\/\/[^\s)"'\]]+|\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?\b/g;

interface PackNumbers {
  claims: NumberClaim[];
  /** Raw JSON numbers of the pack ("exchangeCount": 22) with the key that holds them. */
  fields: { key: string; value: number }[];
  dates: Set<string>;
}

function packNumbers(pack: string): PackNumbers {
  const dates = new Set((pack.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? []).map(String));
  const fields: { key: string; value: number }[] = [];
  const field = /"([A-Za-z0-9_]+)":\s?(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)(?=[,}\]])/g;
  for (const match of pack.matchAll(field)) {
    fields.push({ key: match[1] ?? '', value: Number(match[2]) });
  }
  // A raw field's number is judged by its key (below), not as a bare number of the prose.
  return { claims: claimsIn(pack.replace(DATE_OR_LINK, ' ').replace(field, ' ')), fields, dates };
}

/** True when the fact's value, written to the claim's precision, is the claim. */
const sameValue = (claim: NumberClaim, value: number) =>
  Math.abs(Math.abs(value) - claim.value) <= claim.step / 2 + 1e-9 * Math.max(1, claim.value);

/** Raw fields holding money, ratios or counts of a thing: never what a bare number restates. */
const MEASURED_KEY = new RegExp(
  `usd|price|tvl|volume|amount|depth|ratio|share|percent|pct|change|${COUNTED.map((w) => singular(w).replace(/y$/, '')).join('|')}`,
);

function supported(claim: NumberClaim, pack: PackNumbers): boolean {
  // A number without a unit ("ranks 22nd") restates only a number without one: not money, a
  // percent or a count of something, which share its digits by chance.
  const bare = claim.kind === 'plain' && !claim.unit;
  const facts = pack.claims.filter((fact) => {
    if (claim.kind !== fact.kind) return false;
    if (claim.unit && fact.unit !== claim.unit) return false;
    if (bare && fact.unit) return false;
    return sameValue(claim, fact.value);
  });
  if (facts.length) return true;
  // A raw field of the pack: a count needs a key naming what it counts; a percent may restate a
  // ratio (athChangeRatio -0.612 is "61%"); money needs a key about money; a bare number a key
  // that is none of these (a rank, a score).
  return pack.fields.some(({ key, value }) => {
    const name = key.toLowerCase();
    if (bare && !/rank|score/.test(name) && MEASURED_KEY.test(name)) return false;
    if (claim.unit && !name.includes(claim.unit.replace(/y$/, ''))) return false;
    if (claim.kind === 'percent')
      return sameValue(claim, value * 100) || (/percent|pct/.test(name) && sameValue(claim, value));
    if (claim.kind === 'usd' && !/usd|price|cap|tvl|volume|amount|depth/.test(name)) return false;
    return sameValue(claim, value);
  });
}

/** The numbers of a text that no fact of the pack restates, as "number $3.9 billion". */
export function unsupportedNumbers(text: string, pack: string): string[] {
  const numbers = packNumbers(pack);
  const problems: string[] = [];
  const withoutLinks = text.replace(/https?:\/\/[^\s)"'\]]+/g, ' ');
  // A date in the text must be one the pack holds; its parts are not numbers of their own.
  for (const date of withoutLinks.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? []) {
    if (!numbers.dates.has(date)) problems.push(`date ${date}`);
  }
  for (const claim of claimsIn(withoutLinks.replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' '))) {
    if (!supported(claim, numbers)) problems.push(`number ${claim.text}`);
  }
  return problems;
}
