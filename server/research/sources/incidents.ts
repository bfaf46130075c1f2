import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Source } from '../../../contract/reports';
import { HACK_PROTOCOL_ALIASES } from '../datasets/import/hack-asset-map';
import { SEC_ASSET_ALIASES } from '../datasets/import/sec-asset-map';
import { W3IGG_ASSET_ALIASES } from '../datasets/import/w3igg-asset-map';
import { aliasMatches, w3iggIncidentKind } from '../datasets/import/web3isgoinggreat';
import {
  type AssetKind,
  type AssetRef,
  type Fact,
  INCIDENT_KINDS,
  type IncidentKind,
  type IncidentRecord,
  KNOCKOUT_KINDS,
  type SecurityEvidence,
} from '../evidence';
import {
  datasetRef,
  PUBLIC_DATA,
  type PublicHackRecord,
  type PublicSecAction,
  type PublicW3iggEntry,
} from './snapshot-data';
import type { ResearchSources } from './types';

// Incidents of an asset, for live and offline reports alike: the exploits of DeFiHackLabs, the
// SEC's enforcement actions as ChoiceCoin/Solana-Compliance lists them and the entries of Molly
// White's "Web3 is Going Just Great" (each matched to assets by a reviewed mapping, never by name
// at run time), and the curated list
// (server/research/datasets/incidents.json) of regulator actions, convictions and issuer
// announcements, each kept only with its primary document's address and publication date. The
// source registry below says, per asset, which of them covers it (decision 0311).

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const curatedIncidentSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    /** Canonical asset ids (CoinGecko ids) the incident belongs to. */
    assets: z.array(z.string().min(1)).min(1),
    kind: z.enum(INCIDENT_KINDS),
    date: isoDate,
    title: z.string().min(1),
    summary: z.string().min(1),
    amountUsd: z.number().nonnegative().optional(),
    /** The primary document: court, regulator or issuer. */
    document: z
      .object({
        url: z.string().url(),
        publisher: z.string().min(1),
        publishedAt: isoDate,
        /** The document as prose names it ("the SEC's release"); its title stays the source's. */
        name: z.string().min(1).optional(),
      })
      .strict(),
    /**
     * What the record's event is, said of the collapse it marks ("its issuer filed for chapter
     * 11"), when the record dates an event rather than the fall itself.
     */
    collapseEvent: z.string().min(1).optional(),
    knockout: z.enum(KNOCKOUT_KINDS).optional(),
    /**
     * The incident destroyed the asset's value: true for every listed asset, or the ids of those it
     * did (an issuer's record may also list a token it launched after the collapse).
     */
    collapse: z.union([z.boolean(), z.array(z.string().min(1))]).optional(),
    /**
     * When the collapse happened, as the document states it (a month, "2022-05", or a day), when
     * the record is of a later event (a verdict that recounts the collapse): the record's own
     * date is then that event's, never the collapse's.
     */
    collapseDate: z
      .string()
      .regex(/^\d{4}-\d{2}(-\d{2})?$/)
      .optional(),
    teamAtFault: z.boolean().optional(),
  })
  .strict()
  .refine((entry) => !entry.collapseDate || entry.collapse, {
    message: 'a collapse date needs the collapse it dates',
    path: ['collapseDate'],
  });

export const incidentListSchema = z
  .object({
    compiled: isoDate,
    description: z.string().min(1),
    incidents: z.array(curatedIncidentSchema),
  })
  .strict();
export type IncidentList = z.infer<typeof incidentListSchema>;

export const INCIDENT_LIST_URL = new URL('../datasets/incidents.json', import.meta.url);

export function loadIncidentList(url: URL = INCIDENT_LIST_URL): IncidentList {
  const parsed = incidentListSchema.safeParse(JSON.parse(readFileSync(url, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`incident list ${url.pathname}: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return parsed.data;
}

const list = loadIncidentList();
export const CURATED_INCIDENTS: IncidentList['incidents'] = list.incidents;

const hackLabs = PUBLIC_DATA.hacks.dataset;
const hackLabsRef = datasetRef(hackLabs);
const hackLabsDate = `${hackLabs.committedAt}T00:00:00.000Z`;

/** The list file of DeFiHackLabs at the commit read: the document every exploit record sits in. */
export function hackLabsFileSource(path: string): Source {
  return {
    title: `DeFiHackLabs exploit list (${path}, commit ${hackLabs.version.slice(0, 7)})`,
    url: `https://github.com/${hackLabs.name}/blob/${hackLabs.version}/${path}`,
    publishedAt: hackLabs.committedAt,
    dataset: hackLabsRef,
    retrievedAt: hackLabsDate,
    live: false,
  };
}

const SCALE_WORDS: Record<string, string> = { k: 'thousand', m: 'million', b: 'billion' };
/** A loss the list gives as a bare number ("52000", "4.5M"): no currency sign, code or token. */
const BARE_FIGURE = /^([~<>]?)\s*(\d[\d,]*(?:\.\d+)?)\s*([kmb]|thousand|million|billion)?$/i;

/**
 * The list's words for a loss. A money figure is never printed without its unit: a bare number is
 * grouped and said to have none, since the list does not say whether it is dollars or a token.
 */
function lossAsStated(lossText: string): string {
  const bare = BARE_FIGURE.exec(lossText.trim());
  if (!bare) return lossText;
  const [, qualifier, digits, scale] = bare;
  const grouped = digits!.includes(',')
    ? digits!
    : digits!.replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+$)/g, ','));
  const scaleWord = scale ? ` ${SCALE_WORDS[scale.toLowerCase()] ?? scale.toLowerCase()}` : '';
  return `${qualifier}${grouped}${scaleWord} (the list names no currency)`;
}

/** One DeFiHackLabs entry as an incident, its reference links as its sources. */
export function incidentOfHack(record: PublicHackRecord): IncidentRecord {
  const file = hackLabsFileSource(record.path);
  const references: Source[] = record.links.map((url) => ({
    title: `Reference for the ${record.name} exploit of ${record.date} (as listed by DeFiHackLabs)`,
    url,
    dataset: hackLabsRef,
    retrievedAt: hackLabsDate,
    live: false,
  }));
  const loss = record.lossText ? ` Loss as the list states it: ${lossAsStated(record.lossText)}.` : '';
  return {
    kind: 'exploit',
    date: record.date,
    title: `${record.name} exploit`,
    summary: `DeFiHackLabs lists an exploit of ${record.name}${record.technique ? ` (${record.technique})` : ''}.${loss}`,
    ...(record.amountUsd !== undefined ? { amountUsd: record.amountUsd } : {}),
    link: references[0]?.url ?? file.url!,
    sources: [file, ...references],
    origin: { kind: 'dataset', dataset: hackLabsRef, path: record.path },
  };
}

export function incidentOfCurated(entry: IncidentList['incidents'][number], asset: string): IncidentRecord {
  const { id: _id, assets: _assets, document, collapse, collapseDate, collapseEvent, ...record } = entry;
  const collapsed = Array.isArray(collapse) ? collapse.includes(asset) : collapse === true;
  return {
    ...record,
    ...(collapsed
      ? {
          collapse: true,
          ...(collapseDate ? { collapseDate } : {}),
          ...(collapseEvent ? { collapseEvent } : {}),
        }
      : {}),
    ...(document.name ? { documentName: document.name } : {}),
    link: document.url,
    sources: [
      {
        title: `${document.publisher}: ${entry.title}`,
        url: document.url,
        publishedAt: document.publishedAt,
        // The list was checked against the document when it was compiled: that is the data's
        // date, not the document's own (a 2017 filing does not make a report's data 2017's).
        retrievedAt: `${list.compiled}T00:00:00.000Z`,
        live: false,
      },
    ],
    origin: { kind: 'curated', document: document.url, publishedAt: document.publishedAt },
  };
}

const secFile = PUBLIC_DATA.secEnforcement;
const secRef = datasetRef(secFile.dataset);
const secDate = `${secFile.dataset.committedAt}T00:00:00.000Z`;
/**
 * The SEC enforcement file at the commit read: the document each action's record sits in. Its
 * commit dates it (dataset as of); each action cited from it carries the action's own date as
 * published, so no date is printed beside the link that is not an action's.
 */
const SEC_FILE_SOURCE: Source = {
  title: `SEC blockchain enforcement actions as collected by ChoiceCoin/Solana-Compliance (${secFile.path}, commit ${secFile.dataset.version.slice(0, 7)})`,
  url: `https://github.com/${secFile.dataset.name}/blob/${secFile.dataset.version}/${secFile.path}`,
  dataset: secRef,
  retrievedAt: secDate,
  live: false,
};

const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };
/**
 * Whether a text states `amount`'s sum at another scale ("$2 billion" beside 2,000,000): the
 * amount field was copied a thousand or a million times off, and contradicts the text.
 */
function contradictsDescription(amount: number, description: string): boolean {
  const stated = [...description.matchAll(/\$(\d[\d,]*(?:\.\d+)?)(?:\s+(thousand|million|billion))?/gi)].map(
    ([, digits, scale]) => Number(digits!.replace(/,/g, '')) * (scale ? SCALES[scale.toLowerCase()]! : 1),
  );
  const near = (a: number, b: number) => Math.abs(a - b) <= b * 0.05;
  return (
    !stated.some((sum) => near(sum, amount)) &&
    stated.some((sum) => [1e3, 1e6, 1e-3, 1e-6].some((factor) => near(sum, amount * factor)))
  );
}

/**
 * One SEC action as a regulatory incident. The people behind the asset were charged (the map links
 * only actions against the asset's own issuer), which is not a finding: no knockout is ever read
 * from this secondary list.
 */
export function incidentOfSecAction(record: PublicSecAction): IncidentRecord {
  // The amount field is left out where the record's own description states its sum at another
  // scale (BitConnect's reads $2,000,000 beside "$2 billion"): the description's figure stands.
  const amount =
    record.amountUsd && !contradictsDescription(record.amountUsd, record.description)
      ? ` The database records $${record.amountUsd.toLocaleString('en-US')} for the action (raised or alleged, not a loss to holders).`
      : '';
  return {
    kind: 'regulatory action',
    date: record.date,
    title: `SEC enforcement action: ${record.case}`,
    summary: `${record.description} Cause of action: ${record.cause}; outcome as the database records it: ${record.outcome}.${amount}`,
    link: SEC_FILE_SOURCE.url!,
    sources: [{ ...SEC_FILE_SOURCE, publishedAt: record.date }],
    origin: { kind: 'dataset', dataset: secRef, path: secFile.path },
    teamAtFault: true,
  };
}

const w3igg = PUBLIC_DATA.w3igg;
const w3iggRef = datasetRef(w3igg.dataset);
const w3iggDate = `${w3igg.dataset.committedAt}T00:00:00.000Z`;
/** The CSV mirror at the commit transcribed: the file every entry's record sits in. */
const W3IGG_FILE_SOURCE: Source = {
  // Short name first (reports say "the Web3 is Going Just Great list"), the attribution its licence asks in the parentheses.
  title: `Web3 is Going Just Great list (${w3igg.attribution}; CSV mirror ${w3igg.dataset.name}, ${w3igg.path}, commit ${w3igg.dataset.version.slice(0, 7)})`,
  url: `https://github.com/${w3igg.dataset.name}/blob/${w3igg.dataset.version}/${w3igg.path}`,
  publishedAt: w3igg.dataset.committedAt,
  dataset: w3iggRef,
  retrievedAt: w3iggDate,
  live: false,
};

/** The records' origin: the mirror at its commit, under the site's own name (how reports count them). */
const W3IGG_ORIGIN = { ...w3iggRef, name: 'Web3 is Going Just Great' };

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;
/** The entry's loss before and after recovery, as the file states them; nothing when it states none. */
function w3iggLossWords(entry: PublicW3iggEntry): string {
  const { lossUsd, lossBeforeRecoveryUsd } = entry;
  if (!lossUsd && !lossBeforeRecoveryUsd) return '';
  if (lossBeforeRecoveryUsd !== undefined && lossUsd !== undefined && lossBeforeRecoveryUsd !== lossUsd)
    return `; loss as it states it: ${dollars(lossBeforeRecoveryUsd)} before recovery, ${dollars(lossUsd)} after`;
  return `; loss as it states it: ${dollars(lossUsd ?? lossBeforeRecoveryUsd!)}, no recovery stated`;
}

/**
 * One entry of Web3 is Going Just Great as an incident (its kind by its themes; none for entries
 * that are no incident), dated by the entry's day, its entry page the main document and the first
 * link it cites the second. A secondary source: it never sets a knockout nor the collapse flag.
 */
export function incidentOfW3igg(entry: PublicW3iggEntry): IncidentRecord | undefined {
  const kind = w3iggIncidentKind(entry.themes);
  if (!kind) return undefined;
  const page = `https://www.web3isgoinggreat.com/single/${entry.readableId}`;
  const cited = { dataset: w3iggRef, retrievedAt: w3iggDate, live: false };
  const host = entry.sourceUrl ? new URL(entry.sourceUrl).hostname.replace(/^www\./, '') : undefined;
  return {
    kind,
    date: entry.date,
    title: entry.title,
    // No closing stop: the report appends the entry's page, so the claim checker reads this
    // sentence's date and amounts against the entry it cites.
    summary: `Recorded by Molly White's Web3 is Going Just Great on ${entry.date}${host ? `, citing ${host}` : ''}${w3iggLossWords(entry)}`,
    ...(entry.lossUsd ? { amountUsd: entry.lossUsd } : {}),
    link: page,
    sources: [
      { title: `${w3igg.attribution}: ${entry.title}`, url: page, publishedAt: entry.date, ...cited },
      ...(entry.sourceUrl
        ? [
            {
              title: `The source Web3 is Going Just Great cites for "${entry.title}"`,
              url: entry.sourceUrl,
              ...cited,
            },
          ]
        : []),
      W3IGG_FILE_SOURCE,
    ],
    origin: { kind: 'dataset', dataset: W3IGG_ORIGIN, path: w3igg.path },
  };
}

/** Kinds of one family: a record of one and a record of another a few days apart tell of one event. */
const EVENT_FAMILIES: readonly (readonly IncidentKind[])[] = [
  ['hack', 'exploit'],
  ['collapse', 'exchange collapse'],
  ['rug pull'],
  ['regulatory action', 'fraud'],
  ['depeg'],
];
const SAME_EVENT_DAYS = 7;
const familyOf = (kind: IncidentKind) => EVENT_FAMILIES.findIndex((family) => family.includes(kind));

/**
 * Whether an asset's record from another source (DeFiHackLabs, the SEC's file, the curated list)
 * already tells of the event a Web3 is Going Just Great entry records: the same document, or a
 * kind of the same family within seven days (decision 0312). The other source's record is kept.
 */
export function toldElsewhere(records: readonly IncidentRecord[], record: IncidentRecord): boolean {
  const cited = record.sources?.[1]?.url;
  return records
    .filter((other) => other.origin?.kind !== 'dataset' || other.origin.dataset.name !== W3IGG_ORIGIN.name)
    .some(
      (other) =>
        (cited !== undefined && (other.sources ?? []).some((source) => source.url === cited)) ||
        (familyOf(other.kind) === familyOf(record.kind) &&
          Math.abs(Date.parse(other.date) - Date.parse(record.date)) <= SAME_EVENT_DAYS * 86_400_000),
    );
}

const byAsset = new Map<string, IncidentRecord[]>();
const add = (asset: string, record: IncidentRecord) =>
  byAsset.set(asset, [...(byAsset.get(asset) ?? []), record]);
for (const record of PUBLIC_DATA.hacks.records) {
  for (const asset of record.assets) add(asset, incidentOfHack(record));
}
for (const record of secFile.records) {
  for (const asset of record.assets) add(asset, incidentOfSecAction(record));
}
for (const entry of list.incidents) {
  for (const asset of entry.assets) add(asset, incidentOfCurated(entry, asset));
}
for (const entry of w3igg.records) {
  const record = incidentOfW3igg(entry);
  if (!record) continue;
  for (const asset of entry.assets) if (!toldElsewhere(byAsset.get(asset) ?? [], record)) add(asset, record);
}
for (const records of byAsset.values()) records.sort((a, b) => a.date.localeCompare(b.date));

/** Incidents as asset ids and dates: what the public track record counts after each report. */
export interface IncidentTimeline {
  /** The older of the datasets' dates: up to it, both are complete. */
  compiled: string;
  incidents: { assets: string[]; date: string }[];
}

/**
 * Every recorded incident the track record counts: DeFiHackLabs' exploits, the SEC's actions and
 * the curated primary-document list (Web3 is Going Just Great's entries are not counted there
 * yet: the track record names its lists, decision 0312).
 */
export function incidentTimeline(): IncidentTimeline {
  const compiled = [list.compiled, hackLabs.committedAt].sort()[0]!;
  return {
    compiled,
    incidents: [
      ...PUBLIC_DATA.hacks.records.map(({ assets, date }) => ({ assets, date })),
      ...secFile.records.filter((r) => r.assets.length).map(({ assets, date }) => ({ assets, date })),
      ...list.incidents.map(({ assets, date }) => ({ assets, date })),
    ],
  };
}

/** The source of the incidents fact: the exploit dataset every asset is checked against. */
export const INCIDENT_LIST_SOURCE: Source = hackLabsFileSource('README.md');

/** The `incidents` fact for an asset: its exploits and curated incidents, oldest first (possibly none). */
export function curatedIncidents(asset: Pick<AssetRef, 'id'>): Fact<IncidentRecord[]> {
  return { value: byAsset.get(asset.id) ?? [], source: INCIDENT_LIST_SOURCE };
}

/**
 * An incident source and what it covers (research-anchors pattern 6): the asset kinds whose
 * incidents it records, its period, its licence, and the assets a reviewed map places in it. Only
 * a source that covers an asset makes the absence of a record there evidence.
 */
interface IncidentSourceEntry {
  source: Source;
  /** What the source records, in words ("hacks and exploits"). */
  records: string;
  incidentKinds: readonly IncidentKind[];
  assetKinds: readonly AssetKind[];
  /** The oldest and newest day its records run over. */
  from: string;
  to: string;
  license: string;
  /** Catalogue ids the reviewed alias map places in the source; null for a list that is no survey. */
  mapped: ReadonlySet<string> | null;
}

const oldestDate = (dates: string[]) => [...dates].sort()[0]!;
/** A source whose records end more than this before the evidence says nothing of the time since. */
const STALE_AFTER_DAYS = 365;
const DAY_MS = 86_400_000;

const KIND_WORDS: Record<AssetKind, string> = {
  layer1: 'layer-1 coins',
  layer2: 'layer-2 assets',
  token: 'tokens',
  stablecoin: 'stablecoins',
  meme: 'meme coins',
  defi: 'DeFi tokens',
  exchange: 'exchange tokens',
};

/** Every incident source a report searches, with its coverage (decision 0311). */
export const INCIDENT_SOURCES: readonly IncidentSourceEntry[] = [
  {
    source: INCIDENT_LIST_SOURCE,
    records: 'smart-contract hacks and exploits',
    incidentKinds: ['exploit'],
    // The list records exploits of contracts: a chain's or an exchange's own failures are not its subject.
    assetKinds: ['defi', 'token', 'stablecoin', 'meme'],
    from: oldestDate(PUBLIC_DATA.hacks.records.map((r) => r.date)),
    to: hackLabs.committedAt,
    license: hackLabs.license,
    mapped: new Set(Object.keys(HACK_PROTOCOL_ALIASES)),
  },
  {
    source: SEC_FILE_SOURCE,
    records: 'the SEC’s enforcement actions',
    incidentKinds: ['regulatory action'],
    assetKinds: ['layer1', 'layer2', 'token', 'stablecoin', 'meme', 'defi', 'exchange'],
    from: oldestDate(secFile.records.map((r) => r.date)),
    to: [...secFile.records.map((r) => r.date)].sort().at(-1)!,
    license: secFile.dataset.license,
    mapped: new Set(Object.keys(SEC_ASSET_ALIASES)),
  },
  {
    source: W3IGG_FILE_SOURCE,
    records: 'hacks, rug pulls, collapses, frauds and the law’s actions in crypto',
    incidentKinds: ['hack', 'rug pull', 'collapse', 'fraud', 'regulatory action'],
    assetKinds: ['layer1', 'layer2', 'token', 'stablecoin', 'meme', 'defi', 'exchange'],
    from: oldestDate(w3igg.records.map((r) => r.date)),
    to: [...w3igg.records.map((r) => r.date)].sort().at(-1)!,
    license: w3igg.dataset.license,
    // Mapped: an asset the review linked an entry to, or one the site files entries under a
    // collection of its own; a name only matched in titles maps nothing (decision 0312).
    mapped: new Set([
      ...w3igg.records.flatMap((entry) => entry.assets),
      ...Object.entries(W3IGG_ASSET_ALIASES)
        .filter(([, alias]) =>
          w3igg.records.some((entry) => aliasMatches(entry, { collections: alias.collections ?? [] })),
        )
        .map(([id]) => id),
    ]),
  },
  {
    source: {
      title: 'Crow Research curated incident list (server/research/datasets/incidents.json)',
      publishedAt: list.compiled,
      retrievedAt: `${list.compiled}T00:00:00.000Z`,
      live: false,
    },
    records: 'incidents the datasets miss, each with its primary document',
    incidentKinds: INCIDENT_KINDS,
    assetKinds: [],
    from: oldestDate(list.incidents.map((i) => i.date)),
    to: list.compiled,
    license: 'our own list; each document keeps its publisher',
    mapped: null,
  },
];

/** "a, b and c". */
const listed = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * Whether one source covers the asset on the evidence's day, and why (or why not), as a clause the
 * report prints after the source's title: no colon, semicolon or parenthesis of its own, so the
 * not-assessed line stays one label line and nothing nests in parentheses.
 */
function coverageBy(
  entry: IncidentSourceEntry,
  asset: Pick<AssetRef, 'id' | 'kind'>,
  asOf: string,
): NonNullable<SecurityEvidence['incidentCoverage']>[number] {
  const say = (covers: boolean, reason: string) => ({
    source: entry.source,
    covers,
    reason,
    kinds: entry.incidentKinds,
  });
  if (!entry.mapped)
    return say(false, `it holds ${entry.records}, but it is no survey, so an absence there is no evidence`);
  if (!asset.kind || !entry.assetKinds.includes(asset.kind))
    return say(
      false,
      `it records ${entry.records} of ${listed(entry.assetKinds.map((k) => KIND_WORDS[k]))}, and ${asset.kind ? `this asset is one of the ${KIND_WORDS[asset.kind]}` : 'no source states what kind of asset this is'}`,
    );
  if (!entry.mapped.has(asset.id))
    return say(false, 'no reviewed name maps this asset into it, so its records were not searched for it');
  if ((Date.parse(asOf) - Date.parse(entry.to)) / DAY_MS > STALE_AFTER_DAYS)
    return say(
      false,
      `its records run from ${entry.from} to ${entry.to}, more than a year before ${asOf}, so they say nothing of the time since`,
    );
  return say(
    true,
    `it records ${entry.records} from ${entry.from} to ${entry.to}, and a reviewed name maps this asset into it`,
  );
}

/** Every incident source searched for the asset, on the evidence's day (YYYY-MM-DD). */
export function incidentCoverage(
  asset: Pick<AssetRef, 'id' | 'kind'>,
  asOf: string,
): NonNullable<SecurityEvidence['incidentCoverage']> {
  return INCIDENT_SOURCES.map((entry) => coverageBy(entry, asset, asOf));
}

/** The day the offline incident data runs to: the exploit list's commit. */
export const INCIDENT_DATA_DATE = hackLabs.committedAt;

/** Adds the incidents, and which incident source covers the asset (dated today), to any sources' security evidence. */
export function withCuratedIncidents(sources: ResearchSources): ResearchSources {
  return {
    get mode() {
      return sources.mode;
    },
    resolve: (text) => sources.resolve(text),
    search: (text, limit) => sources.search(text, limit),
    market: (asset) => sources.market(asset),
    security: async (asset) => ({
      ...(await sources.security(asset)),
      incidents: curatedIncidents(asset),
      incidentCoverage: incidentCoverage(asset, new Date().toISOString().slice(0, 10)),
    }),
  };
}
