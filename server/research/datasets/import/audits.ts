// Reads the public report listings that audit firms keep in their own repositories: the README
// tables of trailofbits/publications, sigp/public-audits, Certora/SecurityReports and
// Cyfrin/cyfrin-audit-reports. Only facts are kept (auditor, the project and scope as the table
// names them, the date, the kind, the report's path); no report text is copied.

import type { AuditKind } from '../../evidence';
import type { AuditAssetEntry } from './audit-asset-map';

export interface ListedAudit {
  auditor: string;
  /** The audited project as the listing names it ("Uniswap", "Offchain Labs"…). */
  project: string;
  /** What was reviewed, when the listing says more than the project's name. */
  scope?: string;
  /** "YYYY-MM" or "YYYY-MM-DD", as precise as the listing's date. */
  date: string;
  /** Where the date was read: the listing's README table (the report files carry no date field). */
  dateFrom: 'readme-table';
  kind: AuditKind;
  /** The report file inside the repository. */
  path: string;
}

/** One listing: its repository, the auditor's name, and how its README reads. */
export interface AuditListing {
  repo: string;
  auditor: string;
  parse(readme: string): ListedAudit[];
}

interface Cell {
  /** The cell as written, links and all. */
  raw: string;
  text: string;
  links: { text: string; href: string }[];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

/** "May 2023", "September 2025", "March 6th, 2026" → "2023-05", "2025-09", "2026-03-06". */
export function listingDate(text: string): string | null {
  const match = /^([A-Za-z]+)\.?\s+(?:(\d{1,2})(?:st|nd|rd|th)?,?\s+)?(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = MONTHS.indexOf(match[1]!.slice(0, 3).toLowerCase() as (typeof MONTHS)[number]);
  if (month < 0) return null;
  const yearMonth = `${match[3]}-${String(month + 1).padStart(2, '0')}`;
  if (!match[2]) return yearMonth;
  const day = Number(match[2]);
  return day >= 1 && day <= 31 ? `${yearMonth}-${String(day).padStart(2, '0')}` : null;
}

const LINK = /\[((?:[^[\]]|\[[^\]]*\])*)\]\(([^)\s]+)\)/g;

function cellOf(raw: string): Cell {
  const links = [...raw.matchAll(LINK)].map((m) => ({ text: m[1]!.trim(), href: m[2]! }));
  const text = raw
    .replace(LINK, '$1')
    .replace(/<br\s*\/?>/g, ' ')
    .replace(/\\([[\]|#&])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return { raw: raw.trim(), text, links };
}

/** The rows of every Markdown table, each with the headings above it by level (index 0: `#`). */
export function markdownTableRows(markdown: string): { headings: (string | undefined)[]; cells: Cell[] }[] {
  const rows: { headings: (string | undefined)[]; cells: Cell[] }[] = [];
  const headings: (string | undefined)[] = [];
  let inTable = false;
  for (const line of markdown.split('\n')) {
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      headings.length = heading[1]!.length - 1;
      headings[heading[1]!.length - 1] = heading[2]!.trim();
      inTable = false;
      continue;
    }
    if (!line.trim().startsWith('|')) {
      inTable = false;
      continue;
    }
    const cells = line
      .trim()
      .replace(/^\|/, '')
      .replace(/\|\s*$/, '')
      .split(/(?<!\\)\|/)
      .map(cellOf);
    if (!inTable) {
      inTable = true; // the header row
      continue;
    }
    if (cells.every((c) => /^:?-+:?$/.test(c.text))) continue; // the separator row
    rows.push({ headings: [...headings], cells });
  }
  return rows;
}

/** A link of the README as a path inside the repository, or null when it points elsewhere. */
export function repositoryPath(href: string, repo: string): string | null {
  const absolute = new RegExp(`^https://github\\.com/${repo}/(?:blob|raw|tree)/[^/]+/(.+)$`, 'i').exec(href);
  const relative = absolute ? absolute[1]! : /^[a-z]+:/i.test(href) ? null : href;
  if (!relative) return null;
  const path = decodeURIComponent(relative.replace(/^\.?\//, '').replace(/[#?].*$/, ''));
  return path.toLowerCase().endsWith('.pdf') || path.toLowerCase().endsWith('.md') ? path : null;
}

// Trail of Bits: "Security Reviews" tables of Product | Date | Level of Effort | Announcement |
// Report; the report cell marks the security assessment with 📄 (✅ alone is a fix review, 🔖 a
// letter of attestation, 📛 a threat model: those are not listed as separate audits).
const trailOfBits: AuditListing = {
  repo: 'trailofbits/publications',
  auditor: 'Trail of Bits',
  parse(readme) {
    return markdownTableRows(readme).flatMap(({ headings, cells }): ListedAudit[] => {
      if (headings[1] !== 'Security Reviews' || cells.length < 5) return [];
      const date = listingDate(cells[1]!.text);
      const report = cells[cells.length - 1]!.links.find((link) => link.text.includes('📄'));
      const path = report && repositoryPath(report.href, this.repo);
      if (!date || !path) return [];
      return [
        {
          auditor: this.auditor,
          project: cells[0]!.text,
          date,
          dateFrom: 'readme-table',
          kind: 'code-audit',
          path,
        },
      ];
    });
  },
};

// Sigma Prime: one table of Project | Date | Target Commit | Description | Report.
const sigmaPrime: AuditListing = {
  repo: 'sigp/public-audits',
  auditor: 'Sigma Prime',
  parse(readme) {
    return markdownTableRows(readme).flatMap(({ cells }): ListedAudit[] => {
      if (cells.length < 5) return [];
      const date = listingDate(cells[1]!.text);
      const report = cells[4]!.links[0];
      const path = report && repositoryPath(report.href, this.repo);
      if (!date || !path) return [];
      const scope = cells[3]!.text.replace(/^Review of (the )?/i, '');
      return [
        {
          auditor: this.auditor,
          project: cells[0]!.text,
          // "Review of Pectra Systems Contracts": every description opens with the same words.
          ...(scope ? { scope } : {}),
          date,
          dateFrom: 'readme-table',
          kind: 'code-audit',
          path,
        },
      ];
    });
  },
};

// Certora: Protocol | Date | Project | Platform | FV | Audit | Report; a ticked FV column is a
// formal verification (with or without a manual review), otherwise a ticked Audit column is a
// manual code review.
const certora: AuditListing = {
  repo: 'Certora/SecurityReports',
  auditor: 'Certora',
  parse(readme) {
    return markdownTableRows(readme).flatMap(({ cells }): ListedAudit[] => {
      if (cells.length < 7) return [];
      const date = listingDate(cells[1]!.text);
      const report = cells[6]!.links[0];
      const path = report && repositoryPath(report.href, this.repo);
      const formal = cells[4]!.text.includes('✅');
      const manual = cells[5]!.text.includes('✅');
      if (!date || !path || !(formal || manual)) return [];
      const scope = cells[2]!.text;
      return [
        {
          auditor: this.auditor,
          project: cells[0]!.text,
          ...(scope && scope !== '-' ? { scope } : {}),
          date,
          dateFrom: 'readme-table',
          kind: formal ? 'formal-verification' : 'code-audit',
          path,
        },
      ];
    });
  },
};

// Cyfrin: the first table, Audit Start | Audit End | Report | Tech | findings; one row can link
// several reports, and a "(AI Formal Verf.)" or "(Human Formal Verf.)" link is the formal
// verification of the report linked before it. The date is the end of the audit. The tables
// by topic further down repeat the same reports without dates and are not read.
const cyfrin: AuditListing = {
  repo: 'Cyfrin/cyfrin-audit-reports',
  auditor: 'Cyfrin',
  parse(readme) {
    return markdownTableRows(readme).flatMap(({ cells }): ListedAudit[] => {
      if (cells.length < 4 || !/^\d{4}-\d{2}-\d{2}$/.test(cells[1]!.text)) return [];
      const date = cells[1]!.text;
      // "Myriad [[CLOB](…), [PR145](…)]": the name before the links is the project.
      const prefix = /^([^[]+?)\s*\[\[/.exec(cells[2]!.raw)?.[1];
      let project = '';
      return cells[2]!.links.flatMap((link): ListedAudit[] => {
        const formal = /formal verf/i.test(link.text);
        if (!formal) project = prefix ? `${prefix} ${link.text}` : link.text;
        const path = repositoryPath(link.href, this.repo);
        if (!path || !project) return [];
        return [
          {
            auditor: this.auditor,
            project,
            date,
            dateFrom: 'readme-table',
            kind: formal ? 'formal-verification' : 'code-audit',
            path,
          },
        ];
      });
    });
  },
};

export const AUDIT_LISTINGS: readonly AuditListing[] = [trailOfBits, sigmaPrime, certora, cyfrin];

/** The record key the reviewed asset map uses: repository and report path. */
export const auditKey = (repo: string, path: string) => `${repo}/${path}`;

export interface AuditDataset {
  name: string;
  version: string;
  committedAt: string;
  license: string;
  url: string;
}

export type AuditRecord = ListedAudit & {
  key: string;
  /** The report at the listing's commit. */
  url: string;
  dataset: AuditDataset;
  /** CoinGecko ids of the snapshot assets the audit concerns (reviewed mapping). */
  assets: string[];
  auditorIsDeveloper?: true;
};

/**
 * The listing's audits as records: only reports whose file is in the commit read (a README row
 * can point at a file that was moved or never added), each path once (a report listed under two
 * headings is one audit), the assets from the reviewed map.
 */
export function auditRecordsOf(
  listing: AuditListing,
  readme: string,
  files: ReadonlySet<string>,
  dataset: AuditDataset,
  assetMap: Record<string, AuditAssetEntry>,
): { records: AuditRecord[]; missing: string[] } {
  const seen = new Set<string>();
  const missing: string[] = [];
  const records: AuditRecord[] = [];
  for (const audit of listing.parse(readme)) {
    if (!files.has(audit.path)) {
      missing.push(audit.path);
      continue;
    }
    const key = auditKey(listing.repo, audit.path);
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = assetMap[key] ?? [];
    records.push({
      key,
      ...audit,
      url: `https://github.com/${listing.repo}/blob/${dataset.version}/${audit.path
        .split('/')
        .map(encodeURIComponent)
        .join('/')}`,
      dataset,
      assets: Array.isArray(entry) ? entry : entry.assets,
      ...(!Array.isArray(entry) && entry.auditorIsDeveloper ? { auditorIsDeveloper: true as const } : {}),
    });
  }
  return { records, missing };
}
