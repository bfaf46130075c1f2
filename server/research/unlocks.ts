import { UNLOCK_THRESHOLDS } from '../../contract/scoring-rules';
import type { UnlockFacts, UnlockRelease } from './evidence';

// A published unlock schedule read at a moment: how much is released, what is still locked and
// when the next unlock comes. Times are unix seconds; the schedule counts a step at the end of
// its period, as DefiLlama's emissions runner does.

const seconds = (isoDate: string) => Date.parse(isoDate) / 1000;
const DAY = 86_400;

/** Amount released by `release` up to and including `at`. */
export function releasedBy(release: UnlockRelease, at: number): number {
  switch (release.type) {
    case 'cliff':
      return seconds(release.at) <= at ? release.amount : 0;
    case 'step': {
      const done = Math.floor((at - seconds(release.from)) / release.everySeconds);
      return Math.min(release.steps, Math.max(0, done)) * release.amountPerStep;
    }
    case 'linear': {
      const from = seconds(release.from);
      const to = seconds(release.to);
      if (to <= from) return at >= from ? release.amount : 0;
      return release.amount * Math.min(1, Math.max(0, (at - from) / (to - from)));
    }
  }
}

export const releaseStart = (release: UnlockRelease) =>
  release.type === 'cliff' ? seconds(release.at) : seconds(release.from);

/** The last moment a release adds supply. */
export function releaseEnd(release: UnlockRelease): number {
  switch (release.type) {
    case 'cliff':
      return seconds(release.at);
    case 'step':
      return seconds(release.from) + release.steps * release.everySeconds;
    case 'linear':
      return seconds(release.to);
  }
}

export const releaseTotal = (release: UnlockRelease) =>
  release.type === 'step' ? release.steps * release.amountPerStep : release.amount;

/** A dated unlock: everything the cliffs and steps of one UTC day release. */
export interface DatedUnlock {
  date: string;
  amount: number;
  /** Of the scheduled supply, as a ratio. */
  share: number;
  sections: string[];
}

/** Cliff and step unlocks after `after` up to and including `until`, one per UTC day, oldest first. */
export function datedUnlocksBetween(facts: UnlockFacts, after: number, until: number): DatedUnlock[] {
  const byDay = new Map<string, { amount: number; sections: Set<string> }>();
  const add = (at: number, amount: number, section: string) => {
    if (at <= after || at > until || amount <= 0) return;
    const day = new Date(at * 1000).toISOString().slice(0, 10);
    const entry = byDay.get(day) ?? { amount: 0, sections: new Set<string>() };
    entry.amount += amount;
    entry.sections.add(section);
    byDay.set(day, entry);
  };
  for (const release of facts.releases) {
    if (release.type === 'cliff') add(seconds(release.at), release.amount, release.section);
    if (release.type === 'step') {
      const from = seconds(release.from);
      const firstAfter = Math.max(1, Math.floor((after - from) / release.everySeconds) + 1);
      for (let i = firstAfter; i <= release.steps; i++) {
        const at = from + i * release.everySeconds;
        if (at > until) break;
        add(at, release.amountPerStep, release.section);
      }
    }
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, entry]) => ({
      date,
      amount: entry.amount,
      share: entry.amount / facts.totalScheduled,
      sections: [...entry.sections].sort(),
    }));
}

export interface UnlockStatus {
  /** Released so far, of the scheduled supply (ratio). */
  unlockedShare: number;
  lockedShare: number;
  /** The next cliff or step unlock, however small. */
  nextUnlock?: DatedUnlock;
  /** The first unlock within the horizon that releases at least the material share in one day. */
  nextMaterialUnlock?: DatedUnlock;
  /** What the schedule releases over the horizon (cliffs, steps and linear releases), of the scheduled supply. */
  horizonShare: number;
  /** horizonShare relative to what is unlocked now: how much the circulating supply grows. */
  horizonGrowth: number;
  /** The last release has happened. */
  complete: boolean;
}

/** The schedule as of `now`. */
export function unlockStatusAt(facts: UnlockFacts, now: Date): UnlockStatus {
  const at = Math.floor(now.getTime() / 1000);
  const horizon = at + UNLOCK_THRESHOLDS.horizonDays * DAY;
  const total = facts.totalScheduled;
  const released = (t: number) => facts.releases.reduce((sum, r) => sum + releasedBy(r, t), 0);
  const unlocked = released(at);
  const inHorizon = released(horizon) - unlocked;
  const last = Math.max(...facts.releases.map(releaseEnd));
  const upcoming = datedUnlocksBetween(facts, at, horizon);
  const next = upcoming[0] ?? datedUnlocksBetween(facts, at, last)[0];
  const material = upcoming.find((u) => u.share >= UNLOCK_THRESHOLDS.materialUnlockShare);
  return {
    unlockedShare: Math.min(1, unlocked / total),
    lockedShare: Math.max(0, 1 - unlocked / total),
    ...(next ? { nextUnlock: next } : {}),
    ...(material ? { nextMaterialUnlock: material } : {}),
    horizonShare: inHorizon / total,
    horizonGrowth: unlocked > 0 ? inHorizon / unlocked : inHorizon > 0 ? Number.POSITIVE_INFINITY : 0,
    complete: last <= at,
  };
}
