import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Source } from '../../../contract/reports';
import {
  type AssetRef,
  type Fact,
  INCIDENT_KINDS,
  type IncidentRecord,
  KNOCKOUT_KINDS,
  type SecurityEvidence,
} from '../evidence';
import { datasetRef, PUBLIC_DATA, type PublicHackRecord } from './snapshot-data';
import type { ResearchSources } from './types';

// Incidents of an asset, for live and offline reports alike: the exploits of DeFiHackLabs
// (matched to assets by a reviewed id mapping, never by name) and the curated list
// (server/research/datasets/incidents.json) of regulator actions, convictions and issuer
// announcements, each kept only with its primary document's address and publication date.

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

const byAsset = new Map<string, IncidentRecord[]>();
const add = (asset: string, record: IncidentRecord) =>
  byAsset.set(asset, [...(byAsset.get(asset) ?? []), record]);
for (const record of PUBLIC_DATA.hacks.records) {
  for (const asset of record.assets) add(asset, incidentOfHack(record));
}
for (const entry of list.incidents) {
  for (const asset of entry.assets) add(asset, incidentOfCurated(entry, asset));
}
for (const records of byAsset.values()) records.sort((a, b) => a.date.localeCompare(b.date));

/** Incidents as asset ids and dates: what the public track record counts after each report. */
export interface IncidentTimeline {
  /** The older of the datasets' dates: up to it, both are complete. */
  compiled: string;
  incidents: { assets: string[]; date: string }[];
}

/** Every recorded incident, DeFiHackLabs' exploits and the curated primary-document list. */
export function incidentTimeline(): IncidentTimeline {
  const compiled = [list.compiled, hackLabs.committedAt].sort()[0]!;
  return {
    compiled,
    incidents: [
      ...PUBLIC_DATA.hacks.records.map(({ assets, date }) => ({ assets, date })),
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

const hackLabsMapped = new Map<string, number>();
for (const record of PUBLIC_DATA.hacks.records)
  for (const asset of record.assets) hackLabsMapped.set(asset, (hackLabsMapped.get(asset) ?? 0) + 1);

/**
 * Whether the exploit list covers an asset: only where its reviewed mapping links a record to it
 * (decision 0321). Its silence about an asset it never maps is no clean record.
 */
export function incidentCoverageOf(
  asset: Pick<AssetRef, 'id'>,
): NonNullable<SecurityEvidence['incidentCoverage']> {
  const mapped = hackLabsMapped.get(asset.id) ?? 0;
  const total = PUBLIC_DATA.hacks.records.length;
  return [
    {
      source: INCIDENT_LIST_SOURCE,
      covers: mapped > 0,
      reason:
        mapped > 0
          ? `its reviewed mapping links ${mapped} of its ${total} exploit records to this asset`
          : `none of its ${total} exploit records is mapped to this asset, so its silence says nothing about it`,
    },
  ];
}

/** Adds the incidents to any sources' security evidence. */
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
      incidentCoverage: incidentCoverageOf(asset),
    }),
  };
}
