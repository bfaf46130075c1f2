// Reads the Ethereum client-diversity files of etheralpha/clientdiversity-org (`_data/*.json`,
// MIT), whole: every dated reading of each file, with each client's share as the file states it
// and the file's own majority flags (a client at 50% or more, at 66% or more). Pure: the build
// script feeds it file texts (decision 0243).

/** Which of Ethereum's two client layers a file measures. */
export type ClientLayer = 'execution' | 'consensus';

/** What each file measures and how, as the repository's methodology.md describes its source. */
export const CLIENT_DIVERSITY_FILES: Record<string, { layer: ClientLayer; source: string; method: string }> =
  {
    '_data/blockprint.json': {
      layer: 'consensus',
      source: 'Blockprint',
      method: "clients inferred from each client's block proposal style",
    },
    '_data/migalabs.json': {
      layer: 'consensus',
      source: 'Miga Labs',
      method: 'beacon nodes counted by a crawler from their self-reported identity',
    },
    '_data/rated.json': { layer: 'consensus', source: 'Rated', method: 'methodology not stated' },
    '_data/edi.json': { layer: 'execution', source: 'EDI', method: 'methodology not stated' },
    '_data/ethernodes.json': { layer: 'execution', source: 'Ethernodes', method: 'methodology not stated' },
    '_data/supermajority.json': {
      layer: 'execution',
      source: 'supermajority.info',
      method: 'self-reported client breakdowns of staking entities, weighted by their validators',
    },
  };

export interface ClientShare {
  client: string;
  /** Share of the layer, as a ratio (0.4288 = 42.88%), as the file states it. */
  share: number;
}

export interface ClientReading {
  /** The reading's day, YYYY-MM-DD. */
  date: string;
  /** Largest first; ties keep the file's order. */
  shares: ClientShare[];
  /** The file's flags: one client at 50% or more, at 66% or more. */
  hasMajority: boolean;
  hasSupermajority: boolean;
}

export interface ClientDiversityFile {
  path: string;
  layer: ClientLayer;
  source: string;
  method: string;
  /** Every reading of the file, oldest first. */
  readings: ClientReading[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every reading of one `_data/<source>.json` file; throws on any entry it cannot read. */
export function parseClientDiversityFile(text: string, path: string): ClientDiversityFile {
  const about = CLIENT_DIVERSITY_FILES[path];
  if (!about) throw new Error(`${path}: not a client-diversity file this importer knows`);
  const entries: unknown = JSON.parse(text);
  if (!Array.isArray(entries) || entries.length === 0) throw new Error(`${path}: no readings`);
  const readings = entries.map((entry, i): ClientReading => {
    const where = `${path} entry ${i}`;
    if (!isRecord(entry) || typeof entry.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(entry.date))
      throw new Error(`${where}: no date as YYYY-MM-DD`);
    const data = entry.data;
    if (!isRecord(data) || !Array.isArray(data.distribution) || !isRecord(data.other))
      throw new Error(`${where}: no distribution`);
    const shares = data.distribution.map((row: unknown) => {
      if (!isRecord(row) || typeof row.name !== 'string' || !row.name)
        throw new Error(`${where}: a client without a name`);
      const share = Number(row.value);
      if (!Number.isFinite(share) || share < 0 || share > 1)
        throw new Error(`${where}: ${row.name}'s share "${String(row.value)}" is not a ratio`);
      return { client: row.name, share };
    });
    const { has_majority: majority, has_supermajority: supermajority } = data.other;
    if (typeof majority !== 'boolean' || typeof supermajority !== 'boolean')
      throw new Error(`${where}: no majority flags`);
    return {
      date: entry.date,
      shares: shares
        .map((s, order) => ({ s, order }))
        .sort((a, b) => b.s.share - a.s.share || a.order - b.order)
        .map((x) => x.s),
      hasMajority: majority,
      hasSupermajority: supermajority,
    };
  });
  for (let i = 1; i < readings.length; i++)
    if (readings[i]!.date <= readings[i - 1]!.date)
      throw new Error(`${path}: reading ${readings[i]!.date} is not after ${readings[i - 1]!.date}`);
  return { path, ...about, readings };
}
