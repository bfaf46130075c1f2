// Reads the exploit list of SunWeb3Sec/DeFiHackLabs (Apache-2.0): README.md (current year) and
// past/<year>/README.md. Each entry is a "### YYYYMMDD Name - Technique" heading, a loss line
// and the reference links of the entry (post-mortems, alerts, explorer pages). The loss line is a
// heading of level 3 or 4 and is spelt several ways ("### Lost: $8.9M", "#### Lost: $624 million",
// "### Lost 16 BNB", "### Lost : $6.7K", "### Total Lost : 5.8k USDT"): every form is read.

export interface HackLabsEntry {
  /** Stable key: date and name as the list spells them ("2022-03-29 Ronin Network"). */
  key: string;
  /** ISO date of the exploit. */
  date: string;
  name: string;
  technique?: string;
  /** The loss as the list words it ("~$625M", "~15.32 ETH"). */
  lossText?: string;
  /** The loss in US dollars, only when the list states it in dollars. */
  amountUsd?: number;
  /** Reference links of the entry (absolute http(s) URLs), in the order given. */
  links: string[];
  /** File of the dataset the entry was read from. */
  path: string;
}

const HEADING = /^###\s+(\d{4})(\d{2})(\d{2})\s*-?\s*(.+)$/;
const URL_PATTERN = /https?:\/\/[^\s)\]>"'`]+/g;
const SCALE: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9, thousand: 1e3, million: 1e6, billion: 1e9 };
/** The loss line in every heading form the list uses. */
const LOSS_LINE = /^#{2,6}\s*(?:Total\s+)?Lost\b\s*:?\s*(.+)$/i;

const DOLLAR_UNITS = /^(?:USDC|USDT|BUSD|DAI|USD)\b/i;
// The words in any case: "over $21 Million" is 21 million dollars, not 21.
const amount = String.raw`(\d[\d,]*(?:\.\d+)?|\.\d+)\s*([Tt]housand|[Mm]illion|[Bb]illion|THOUSAND|MILLION|BILLION|[kKmMbB])?`;
/**
 * "$1,6M", "~$625M", "$624 million", "120M USD", "~224k$" → dollars; a figure in another unit
 * (ETH, "$BNB") → undefined.
 */
export function dollarsOf(lossText: string): number | undefined {
  const candidates = [
    new RegExp(String.raw`\$\s?${amount}(?![A-Za-z$\d.,])`).exec(lossText),
    // "500,000+ USD": at least that many dollars.
    new RegExp(String.raw`${amount}\+?\s*(?:USD|US\$|\$)(?![A-Za-z])`).exec(lossText),
  ];
  for (const match of candidates) {
    if (!match) continue;
    const after = lossText.slice(match.index + match[0].length).trimStart();
    // "$2 $BNB", "$0.5 ETH": a dollar sign before a figure in another token.
    if (/^\$?[A-Z]{2,}/.test(after) && !DOLLAR_UNITS.test(after.replace(/^\$/, ''))) continue;
    const [, digits, suffix] = match;
    // "1,6M" uses a decimal comma; "17,743.91" a thousands separator.
    const normalized =
      suffix && /^\d+,\d{1,2}$/.test(digits!) ? digits!.replace(',', '.') : digits!.replace(/,/g, '');
    const value = Number(normalized) * (suffix ? SCALE[suffix.toLowerCase()]! : 1);
    if (Number.isFinite(value) && value > 0) return Math.round(value);
  }
  return undefined;
}

/** Parses one README of the list. `path` is the file's path in the repository. */
export function parseHackLabsReadme(markdown: string, path: string): HackLabsEntry[] {
  const entries: HackLabsEntry[] = [];
  let current: HackLabsEntry | undefined;
  for (const line of markdown.split('\n')) {
    const heading = HEADING.exec(line.trim());
    if (heading) {
      const [, year, month, day, rest] = heading;
      const title = rest!.trim();
      const split = title.indexOf(' - ');
      const name = (split > 0 ? title.slice(0, split) : title).trim();
      const technique = split > 0 ? title.slice(split + 3).trim() : undefined;
      const date = `${year}-${month}-${day}`;
      current = { key: `${date} ${name}`, date, name, ...(technique ? { technique } : {}), links: [], path };
      entries.push(current);
      continue;
    }
    if (!current) continue;
    const lost = LOSS_LINE.exec(line.trim());
    if (lost) {
      current.lossText = lost[1]!.trim();
      const usd = dollarsOf(current.lossText);
      if (usd !== undefined) current.amountUsd = usd;
      continue;
    }
    if (/^#{1,3}\s/.test(line) && !/^###\s+Link reference/i.test(line)) {
      // Any other heading of level 1-3 ends the entry's own text.
      if (!/^###\s/.test(line)) current = undefined;
      continue;
    }
    for (const url of line.match(URL_PATTERN) ?? []) {
      const clean = url.replace(/[.,;:]+$/, '');
      if (!current.links.includes(clean)) current.links.push(clean);
    }
  }
  return entries;
}
