import type { UnlockRelease } from '../../evidence';
import { releasedBy, releaseEnd, releaseStart, releaseTotal } from '../../unlocks';

// Reads DefiLlama/emissions-adapters' token unlock schedules (protocols/*.ts, evaluated at build
// time). Only schedules written out by hand (cliffs, steps, linear releases) are kept: a section
// computed by a function reads chains or APIs, so its adapter is skipped with the reason. Only
// facts are kept (amounts, dates, section names, the adapter's source links), because the
// repository declares no license.

/** Modules a protocol file may import and still need no network: types, the manual builders, time helpers. */
export const OFFLINE_IMPORTS: ReadonlySet<string> = new Set([
  '../types/adapters',
  '../adapters/manual',
  '../utils/time',
]);

/** The module specifiers a protocol file imports (static imports only). */
export function importsOf(source: string): string[] {
  return [...source.matchAll(/^\s*import\s[^;]*?from\s+["']([^"']+)["']/gms)].map((m) => m[1]!);
}

/** Why a protocol file cannot be evaluated offline, from its imports alone; null when it can. */
export function importProblem(source: string): string | null {
  const other = importsOf(source).filter((specifier) => !OFFLINE_IMPORTS.has(specifier));
  return other.length ? `imports ${other.join(', ')} (chain or API calls)` : null;
}

export interface UnlockRecord {
  geckoId: string;
  /** The adapter file, e.g. protocols/celestia.ts. */
  path: string;
  /** Sum of every scheduled release (the supply the schedule covers). */
  totalScheduled: number;
  /** The total the adapter states, when it states one. */
  statedTotal?: number;
  sections: { name: string; amount: number }[];
  releases: UnlockRelease[];
  /** Cumulative unlocked share of totalScheduled on the first day of each month. */
  monthly: { date: string; unlockedShare: number }[];
  /** The adapter's meta.sources, as written. */
  sources: string[];
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/** First day of each month from the month of the first release to the month after the last. */
export function monthlyPoints(releases: UnlockRelease[], total: number): UnlockRecord['monthly'] {
  const first = new Date(Math.min(...releases.map(releaseStart)) * 1000);
  const last = Math.max(...releases.map(releaseEnd));
  const points: UnlockRecord['monthly'] = [];
  let year = first.getUTCFullYear();
  let month = first.getUTCMonth();
  for (;;) {
    const at = Date.UTC(year, month, 1) / 1000;
    const unlocked = releases.reduce((sum, r) => sum + releasedBy(r, at), 0);
    points.push({ date: iso(at).slice(0, 10), unlockedShare: Math.round((unlocked / total) * 1e4) / 1e4 });
    if (at > last) break;
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
  return points;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

class Skip extends Error {}

/** A manual builder's result as a release; throws Skip for anything computed at run time. */
function releaseOf(section: string, result: unknown): UnlockRelease {
  if (typeof result === 'function') throw new Skip(`section "${section}" is computed at run time`);
  if (!isRecord(result)) throw new Skip(`section "${section}" holds no schedule`);
  const { type, start, end, amount, steps, stepDuration } = result;
  if (!finite(start) || !finite(amount) || amount < 0)
    throw new Skip(`section "${section}" has no dated, positive amount`);
  if (type === 'cliff') return { section, type, at: iso(start), amount };
  if (type === 'linear' && finite(end)) return { section, type, from: iso(start), to: iso(end), amount };
  if (type === 'step' && finite(steps) && finite(stepDuration) && stepDuration > 0 && steps >= 0)
    // The runner releases a step for every i < steps, so a fractional count rounds up.
    return {
      section,
      type,
      from: iso(start),
      everySeconds: stepDuration,
      steps: Math.ceil(steps),
      amountPerStep: amount,
    };
  throw new Skip(`section "${section}" has an unknown release type ${String(type)}`);
}

const RESERVED = new Set(['meta', 'categories', 'documented']);

/**
 * The schedule of an evaluated protocol file (its default export), or the reason it is skipped.
 * Where the adapter documents a schedule that replaces measured sections, the documented one is
 * used, as DefiLlama's own documented chart does.
 */
export function unlockRecordOf(
  protocol: unknown,
  path: string,
): { record: UnlockRecord } | { skipped: string } {
  try {
    if (!isRecord(protocol) || !isRecord(protocol.meta)) throw new Skip('no meta');
    const meta = protocol.meta;
    const token = typeof meta.token === 'string' ? meta.token : '';
    if (!token.startsWith('coingecko:')) throw new Skip(`token ${token || '(none)'} is not a CoinGecko id`);
    if (meta.version === 2) throw new Skip('version 2 adapter (components fetched at run time)');
    if (Array.isArray(meta.incompleteSections) && meta.incompleteSections.length)
      throw new Skip('incomplete sections completed from chain data');
    const documented = isRecord(protocol.documented) ? protocol.documented : undefined;
    const replaces = new Set(
      Array.isArray(documented?.replaces) ? documented.replaces.filter((r) => typeof r === 'string') : [],
    );
    const entries = [
      ...Object.entries(protocol).filter(([key]) => !RESERVED.has(key) && !replaces.has(key)),
      ...Object.entries(documented ?? {}).filter(([key]) => key !== 'replaces'),
    ];
    const releases = entries.flatMap(([section, value]) =>
      (Array.isArray(value) ? value.flat() : [value]).map((result) => releaseOf(section, result)),
    );
    const sections = entries
      .map(([name]) => ({
        name,
        amount: releases.filter((r) => r.section === name).reduce((sum, r) => sum + releaseTotal(r), 0),
      }))
      .filter((s) => s.amount > 0);
    const totalScheduled = sections.reduce((sum, s) => sum + s.amount, 0);
    if (!(totalScheduled > 0)) throw new Skip('no scheduled amount');
    const sources = Array.isArray(meta.sources)
      ? meta.sources.filter((s): s is string => typeof s === 'string' && /^https?:\/\//.test(s))
      : [];
    const kept = releases.filter((r) => releaseTotal(r) > 0);
    return {
      record: {
        geckoId: token.slice('coingecko:'.length),
        path,
        totalScheduled,
        ...(finite(meta.total) ? { statedTotal: meta.total } : {}),
        sections,
        releases: kept,
        monthly: monthlyPoints(kept, totalScheduled),
        sources,
      },
    };
  } catch (error) {
    if (error instanceof Skip) return { skipped: error.message };
    throw error;
  }
}
