// Reads the transcription of Molly White's "Web3 is Going Just Great" as mirrored in CSV by
// mycodedoesnotcompile2/web3isgoinggreat-csv (text CC BY 3.0): one tab-separated line per entry
// with nine of the CSV's columns (id, readable_id, theme, collection, blockchain,
// scam_amount_total, scam_amount_pre_recovery, title, first link), lists joined by commas.
import type { IncidentKind } from '../../evidence';

export interface W3iggEntry {
  /** The entry's id, its day and a counter ("2023-07-14-0"). */
  id: string;
  readableId: string;
  /** The day the entry records the event as known (the id's day). */
  date: string;
  themes: string[];
  collections: string[];
  blockchains: string[];
  /** scam_amount_total: the loss in dollars after any recovery, as the file states it. */
  lossUsd?: number;
  /** scam_amount_pre_recovery: the loss in dollars before recovery, as the file states it. */
  lossBeforeRecoveryUsd?: number;
  title: string;
  /** The first source link of the entry. */
  sourceUrl?: string;
}

const list = (field: string | undefined) => (field ?? '').split(',').filter(Boolean);
const amount = (field: string | undefined) => {
  if (!field) return undefined;
  if (!/^\d+(\.\d+)?$/.test(field)) throw new Error(`web3isgoinggreat: amount "${field}" is not a number`);
  return Number(field);
};

export function parseW3iggTsv(text: string): W3iggEntry[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const fields = line.split('\t');
      if (fields.length !== 9)
        throw new Error(`web3isgoinggreat: ${fields.length} fields in "${line.slice(0, 60)}"`);
      const [id, readableId, themes, collections, blockchains, total, preRecovery, title, href] = fields;
      if (!/^\d{4}-\d{2}-\d{2}-\d+$/.test(id!)) throw new Error(`web3isgoinggreat: id "${id}"`);
      const lossUsd = amount(total);
      const lossBeforeRecoveryUsd = amount(preRecovery);
      return {
        id: id!,
        readableId: readableId!,
        date: id!.slice(0, 10),
        themes: list(themes),
        collections: list(collections),
        blockchains: list(blockchains),
        ...(lossUsd !== undefined ? { lossUsd } : {}),
        ...(lossBeforeRecoveryUsd !== undefined ? { lossBeforeRecoveryUsd } : {}),
        title: title!.trim(),
        ...(href ? { sourceUrl: href } : {}),
      };
    });
}

/**
 * The incident kind of an entry by its themes, the first that applies (decision 0312): a rug
 * pull, then a collapse, the law's action, a hack, then shady dealings as fraud. The list's
 * "hack" theme covers scams as well as hacks, so beside "law" it is no evidence of a hack: the
 * entry records the law's action (an indictment, a charge, a suit), as BitConnect's founder's
 * indictment for a Ponzi scheme does. Entries with none of these themes (bad ideas, bugs,
 * bummers) are no incidents.
 */
const THEME_KINDS: [string, IncidentKind][] = [
  ['rugPull', 'rug pull'],
  ['rug-pull', 'rug pull'],
  ['collapse', 'collapse'],
  ['law', 'regulatory action'],
  ['hack', 'hack'],
  ['shady', 'fraud'],
];
export function w3iggIncidentKind(themes: readonly string[]): IncidentKind | undefined {
  return THEME_KINDS.find(([theme]) => themes.includes(theme))?.[1];
}

/** The names a reviewed alias gives an asset: collection slugs, and words matched in the title. */
export interface W3iggAlias {
  collections?: string[];
  /** Matched with word boundaries, case ignored. */
  titleWords?: string[];
}

const escapePattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export function aliasMatches(entry: W3iggEntry, alias: W3iggAlias): boolean {
  if (alias.collections?.some((c) => entry.collections.includes(c))) return true;
  return (alias.titleWords ?? []).some((word) =>
    new RegExp(`(?<![\\w.-])${escapePattern(word)}(?![\\w-])`, 'i').test(entry.title),
  );
}
