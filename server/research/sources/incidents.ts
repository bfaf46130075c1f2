import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Source } from '../../../contract/reports';
import { type AssetRef, type Fact, INCIDENT_KINDS, type IncidentRecord } from '../evidence';
import type { ResearchSources } from './types';

// The curated incident list shipped with the product (server/research/datasets/incidents.json):
// exchange collapses, rug pulls, regulator actions, depegs, fraud and large hacks that a hacks
// database alone misses. Each entry cites a public write-up. It answers for any asset, live or
// offline: an asset without an entry gets an empty (but consulted) list.

const incidentSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    /** Canonical asset ids (CoinGecko ids) the incident belongs to. */
    assets: z.array(z.string().min(1)).min(1),
    kind: z.enum(INCIDENT_KINDS),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    title: z.string().min(1),
    summary: z.string().min(1),
    amountUsd: z.number().nonnegative().optional(),
    link: z.string().url(),
    collapse: z.boolean().optional(),
    teamAtFault: z.boolean().optional(),
  })
  .strict();

export const incidentListSchema = z
  .object({
    compiled: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    description: z.string().min(1),
    incidents: z.array(incidentSchema),
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

const byAsset = new Map<string, IncidentRecord[]>();
for (const { assets, id: _id, ...record } of list.incidents) {
  for (const asset of assets) byAsset.set(asset, [...(byAsset.get(asset) ?? []), record]);
}
for (const records of byAsset.values()) records.sort((a, b) => a.date.localeCompare(b.date));

export const INCIDENT_LIST_SOURCE: Source = {
  title: `Crow Research curated incident list (compiled ${list.compiled}; each incident links its public write-up)`,
  dataset: { name: 'crow-curated-incidents', version: list.compiled, license: '', url: '' },
  live: false,
  retrievedAt: `${list.compiled}T00:00:00.000Z`,
};

/** The `incidents` fact for an asset: its curated incidents, oldest first (possibly none). */
export function curatedIncidents(asset: Pick<AssetRef, 'id'>): Fact<IncidentRecord[]> {
  return { value: byAsset.get(asset.id) ?? [], source: INCIDENT_LIST_SOURCE };
}

/** Adds the curated incidents to any sources' security evidence. */
export function withCuratedIncidents(sources: ResearchSources): ResearchSources {
  return {
    get mode() {
      return sources.mode;
    },
    resolve: (text) => sources.resolve(text),
    search: (text, limit) => sources.search(text, limit),
    market: (asset) => sources.market(asset),
    security: async (asset) => ({ ...(await sources.security(asset)), incidents: curatedIncidents(asset) }),
  };
}
