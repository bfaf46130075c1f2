import type { BacktestFailureEvent } from '../../../contract/backtest';
import { PUBLIC_DATA } from '../sources/snapshot-data';
import type { BacktestData, BacktestIdentity } from './as-of';

// What happened after a rating, each from a dated record with its address (decision 0290):
// a knockout incident (fraud, collapse, lost peg, bankruptcy) in the curated list; an exploit
// losing at least $1M in DeFiHackLabs; a later monthly snapshot at least 80% below the as-of
// price; for a stablecoin, a later snapshot price below 0.97. Followed by identity, never symbol.

export const EXPLOIT_LOSS_MIN_USD = 1_000_000;
export const PRICE_FALL_RATIO = 0.2;
export const PEG_FLOOR = 0.97;
// A depeg counts only with its knockout (a peg never regained): a depeg that recovered scores 4 of
// 5 under the Hacks/Scandals rule and is no failure of the rating (decision 0246).
// A project's collapse (its team ceased operations, decision 0311) fails a rating as an exchange's does.
const KNOCKOUT_INCIDENT_KINDS = new Set(['fraud', 'exchange collapse', 'collapse', 'rug pull']);

const DAY_MS = 86_400_000;
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The dated events of one identity that are not price-relative (incidents and exploits). */
export function recordedEvents(data: BacktestData, identity: BacktestIdentity): BacktestFailureEvent[] {
  const events: BacktestFailureEvent[] = [];
  for (const entry of data.incidents)
    if (entry.assets.includes(identity.id) && (entry.knockout || KNOCKOUT_INCIDENT_KINDS.has(entry.kind)))
      events.push({
        date: entry.date,
        kind: 'knockout incident',
        description: `${entry.title} (${entry.document.publisher})`,
        url: entry.document.url,
      });
  const hacksDataset = PUBLIC_DATA.hacks.dataset;
  for (const hack of data.hacks)
    if (hack.assets.includes(identity.id) && (hack.amountUsd ?? 0) >= EXPLOIT_LOSS_MIN_USD)
      events.push({
        date: hack.date,
        kind: 'exploit',
        description: `${hack.name} exploit, DeFiHackLabs: ${hack.lossText ?? `$${hack.amountUsd}`}`,
        url:
          hack.links[0] ??
          `https://github.com/${hacksDataset.name}/blob/${hacksDataset.version}/${hack.path}`,
      });
  return events.sort((a, b) => a.date.localeCompare(b.date));
}

/** A monthly point of an identity: month index and price. */
export interface PricePoint {
  month: number;
  price: number;
}

/**
 * The first failure event within `days` of a rating on month `month` at price `price`: recorded
 * events dated after the as-of day, later snapshots below the fall or peg thresholds.
 */
export function firstFailure(
  data: BacktestData,
  identity: BacktestIdentity,
  recorded: readonly BacktestFailureEvent[],
  points: readonly PricePoint[],
  month: number,
  days: number,
): BacktestFailureEvent | null {
  const { months, paths, dataset, publisher } = data.market.cmcMonthly;
  const asOf = months[month]!;
  const until = addDays(asOf, days);
  const price = points.find((p) => p.month === month)?.price;
  const found: BacktestFailureEvent[] = recorded.filter((e) => e.date > asOf && e.date <= until);
  const fileUrl = (index: number) =>
    `https://github.com/${dataset.name}/blob/${dataset.version}/${paths[index]}`;
  if (price !== undefined && price > 0)
    for (const point of points) {
      const day = months[point.month]!;
      if (point.month <= month || day > until) continue;
      if (point.price <= price * PRICE_FALL_RATIO) {
        found.push({
          date: day,
          kind: 'price fall',
          description: `${publisher} snapshot of ${day}: ${identity.name} at $${point.price.toPrecision(4)}, ${Math.round((1 - point.price / price) * 100)}% below $${price.toPrecision(4)} on ${asOf}`,
          url: fileUrl(point.month),
        });
        break;
      }
    }
  if (identity.kind === 'stablecoin')
    for (const point of points) {
      const day = months[point.month]!;
      if (point.month <= month || day > until) continue;
      if (point.price < PEG_FLOOR) {
        found.push({
          date: day,
          kind: 'lost peg',
          description: `${publisher} snapshot of ${day}: ${identity.name} at $${point.price.toPrecision(4)}, below $${PEG_FLOOR}`,
          url: fileUrl(point.month),
        });
        break;
      }
    }
  return found.sort((a, b) => a.date.localeCompare(b.date))[0] ?? null;
}
