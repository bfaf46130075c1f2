import type { AssetRef } from '../evidence';
import { createSnapshotSources, findSnapshotAsset } from './snapshot';
import { type ResearchSources, SourceUnavailableError } from './types';

/**
 * When the dated offline snapshot answers instead of a live source. Every place that lets the
 * snapshot stand in for a failing live source says so with one of these, never with a try/catch
 * of its own.
 */
export interface SnapshotFallbackPolicy {
  /**
   * Which live failures the snapshot answers for. 'any' where only names are looked up (search
   * box, checkout): a source that breaks in any way must not stop typing or paying, and the
   * snapshot's answer is at worst shorter. 'unavailable' where a report is written: only a
   * SourceUnavailableError; any other error is a fault that must fail the research, not be
   * covered by older data.
   */
  failures: 'any' | 'unavailable';
  /** A live answer not in by then counts as unavailable; it is left to settle on its own. */
  timeLimitMs?: number | undefined;
  /**
   * The one asset the wrapped sources research: the snapshot stands in only if it knows this
   * asset (an asset it does not know must fail, not be reported as "unknown"), and its facts
   * are looked up under the snapshot's own id for it.
   */
  onlyKnownAsset?: string | undefined;
  /** Told of each live failure the snapshot answered for (a log line). */
  onFallback?: ((error: unknown) => void) | undefined;
}

/** A live lookup that did not answer within the policy's time limit. */
export class LiveSourceTooSlowError extends SourceUnavailableError {
  constructor(readonly timeLimitMs: number) {
    super('live sources', `no answer within ${timeLimitMs} ms`);
  }
}

function withinTimeLimit<T>(lookup: Promise<T>, timeLimitMs: number | undefined): Promise<T> {
  if (timeLimitMs === undefined) return lookup;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new LiveSourceTooSlowError(timeLimitMs)), timeLimitMs);
  });
  lookup.catch(() => {}); // a late failure after the time limit is nobody's to handle
  return Promise.race([lookup, timeout]).finally(() => clearTimeout(timer));
}

/** True when the policy lets the snapshot answer for this live failure. */
function snapshotAnswersFor(error: unknown, policy: Pick<SnapshotFallbackPolicy, 'failures'>): boolean {
  return policy.failures === 'any' || error instanceof SourceUnavailableError;
}

/**
 * The live answer, or the snapshot's when the live lookup fails (or is too slow) as the policy
 * says. `live` and `snapshot` ask the same question, one of each kind of source; a lookup of
 * several calls is timed and replaced as a whole, so an answer never mixes the two.
 */
export async function liveOrSnapshot<T>(
  policy: Omit<SnapshotFallbackPolicy, 'onlyKnownAsset'>,
  live: () => Promise<T>,
  snapshot: () => Promise<T>,
): Promise<T> {
  try {
    return await withinTimeLimit(live(), policy.timeLimitMs);
  } catch (error) {
    if (!snapshotAnswersFor(error, policy)) throw error;
    policy.onFallback?.(error);
    return snapshot();
  }
}

/**
 * The live sources with the snapshot standing in, call by call, as the policy says. Facts from
 * the snapshot cite it, and `mode` turns 'offline' once it has answered, so a report says so.
 */
export function withSnapshotFallback(live: ResearchSources, policy: SnapshotFallbackPolicy): ResearchSources {
  let known: AssetRef | undefined;
  if (policy.onlyKnownAsset !== undefined) {
    const found = findSnapshotAsset(policy.onlyKnownAsset);
    if (!found) return live;
    known = { id: found.id, name: found.name, symbol: found.symbol };
  }
  const snapshot = createSnapshotSources();
  let usedSnapshot = false;
  const callPolicy = {
    ...policy,
    onFallback: (error: unknown) => {
      usedSnapshot = true;
      policy.onFallback?.(error);
    },
  };
  const snapshotRef = (asset: AssetRef): AssetRef => known ?? asset;
  return {
    get mode() {
      return usedSnapshot ? 'offline' : live.mode;
    },
    resolve: (text) =>
      liveOrSnapshot(
        callPolicy,
        () => live.resolve(text),
        () => snapshot.resolve(text),
      ),
    search: (text, limit) =>
      liveOrSnapshot(
        callPolicy,
        () => live.search(text, limit),
        () => snapshot.search(text, limit),
      ),
    market: (asset) =>
      liveOrSnapshot(
        callPolicy,
        () => live.market(asset),
        () => snapshot.market(snapshotRef(asset)),
      ),
    security: (asset) =>
      liveOrSnapshot(
        callPolicy,
        () => live.security(asset),
        () => snapshot.security(snapshotRef(asset)),
      ),
  };
}
