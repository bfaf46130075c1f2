// Reads the Blockchain Technology Lab's EDI block-production files
// (Blockchain-Technology-Lab/edi-frontend, public/output/consensus/<ledger>/output_clustered.csv;
// decision 0333): per ledger and month, how many entities produced a majority of the blocks (the
// Nakamoto coefficient), the shares of the largest and the three largest, and how many entities
// produced blocks. Block producers are clustered into entities (pools) by the lab. Only these
// figures are kept; the repository declares no license, so they are facts only.

export interface BlockProductionReading {
  date: string;
  nakamotoCoefficient: number;
  top1Share: number;
  top3Share: number;
  entities: number;
}

/** The EDI ledger names, to the catalogue's CoinGecko ids (the same chains, by name). */
export const EDI_LEDGERS: Readonly<Record<string, string>> = {
  bitcoin: 'bitcoin',
  bitcoin_cash: 'bitcoin-cash',
  cardano: 'cardano',
  dogecoin: 'dogecoin',
  ethereum: 'ethereum',
  litecoin: 'litecoin',
  tezos: 'tezos',
  zcash: 'zcash',
};

const COLUMNS = [
  'date',
  'nakamoto_coefficient',
  'concentration_ratio=1',
  'concentration_ratio=3',
  'total_entities',
];

/** Every reading of one ledger's file, oldest first; refuses a file without the columns it reads. */
export function parseEdiConsensusCsv(text: string, ledger: string): BlockProductionReading[] {
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const names = header!.split(',');
  const at = Object.fromEntries(COLUMNS.map((column) => [column, names.indexOf(column)]));
  const lacking = COLUMNS.filter((column) => at[column]! < 0);
  if (lacking.length) throw new Error(`EDI ${ledger}: columns missing: ${lacking.join(', ')}`);
  const readings = rows.map((row) => {
    const cells = row.split(',');
    if (cells[names.indexOf('ledger')] !== ledger)
      throw new Error(`EDI ${ledger}: a row of another ledger: ${row}`);
    const number = (column: string) => {
      const value = Number(cells[at[column]!]);
      if (!Number.isFinite(value)) throw new Error(`EDI ${ledger}: ${column} is not a number: ${row}`);
      return value;
    };
    const date = cells[at.date!]!;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`EDI ${ledger}: date ${date}`);
    return {
      date,
      nakamotoCoefficient: number('nakamoto_coefficient'),
      top1Share: number('concentration_ratio=1'),
      top3Share: number('concentration_ratio=3'),
      entities: number('total_entities'),
    };
  });
  return readings.sort((a, b) => a.date.localeCompare(b.date));
}
