// Reads the SEC's blockchain enforcement actions as ChoiceCoin/Solana-Compliance collected them
// (Database/Enforcement/SecuritiesEnforcement.csv, Apache-2.0): one row per action, dated
// "M/D/YY", with the case name, the Commission's own description, the outcome, the cause of
// action, the token and the project as the database names them, and an amount (raised or alleged,
// not a loss to holders).
import { parse } from 'csv-parse/sync';

export interface SecEnforcementRow {
  /** Date and case as the file spells them ("2020-12-22 SEC v. Ripple Labs, Inc., et al."). */
  key: string;
  /** ISO date of the action. */
  date: string;
  case: string;
  description: string;
  outcome: string;
  cause: string;
  proceeding: string;
  /** The token as the database names it, absent for "N/A". */
  token?: string;
  project?: string;
  /** The amount the database records for the action (raised or alleged), in dollars. */
  amountUsd?: number;
}

const named = (text: string | undefined) => {
  const trimmed = (text ?? '').replace(/\u00a0/g, ' ').trim();
  return trimmed && trimmed !== 'N/A' ? trimmed : undefined;
};

/** "12/22/20" → "2020-12-22" (every action in the file is of this century). */
export function isoDateOfSecRow(text: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`SEC enforcement: "${text}" is not a M/D/YY date`);
  const [, month, day, year] = match;
  return `20${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

/** " $1,300,000,000.00 " → 1300000000; anything else → undefined. */
function dollars(text: string | undefined): number | undefined {
  const match = /^\$\s*([\d,]+(?:\.\d+)?)$/.exec((text ?? '').trim());
  const value = match ? Number(match[1]!.replace(/,/g, '')) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

export function parseSecEnforcementCsv(text: string): SecEnforcementRow[] {
  const rows: Record<string, string>[] = parse(text.replace(/^\uFEFF/, ''), {
    columns: (header: string[]) => header.map((h) => h.trim()),
    skip_empty_lines: true,
  });
  return rows.map((row) => {
    const date = isoDateOfSecRow(row.Date ?? '');
    const caseName = named(row.Case);
    const description = named(row.Description);
    if (!caseName || !description)
      throw new Error(`SEC enforcement: a row of ${date} has no case or description`);
    const token = named(row.Token);
    const project = named(row['Project Name']);
    const amountUsd = dollars(row.Amount);
    return {
      key: `${date} ${caseName}`,
      date,
      case: caseName,
      description,
      outcome: named(row.Outcome) ?? 'not stated',
      cause: named(row['Cause of Action']) ?? 'not stated',
      proceeding: named(row['Civil or Criminal']) ?? 'not stated',
      ...(token ? { token } : {}),
      ...(project ? { project } : {}),
      ...(amountUsd !== undefined ? { amountUsd } : {}),
    };
  });
}
