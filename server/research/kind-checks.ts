import {
  KIND_RULES,
  type KindCheckStatus,
  type KindRuleGroup,
  KIND_THRESHOLDS as k,
} from '../../contract/kind-rules';
import { CATEGORIES, type CategoryKey } from '../../contract/methodology';
import { type KeyRisk, type KindCheck, type Source, UNSOURCED_CHECK_PREFIX } from '../../contract/reports';
import type { AssetEvidence, AssetKind, Fact } from './evidence';
import { clientSharesText, formatUsd, hackNetLoss, isIndependentCodeReview } from './scoring';
import { formatShare, issuedShareOfCap } from './supply-shares';
import { unlockStatusAt } from './unlocks';

// The per-kind checks of contract/kind-rules.ts applied to a report's evidence. Pure: the same
// evidence and date give the same checks, so a stored report can be re-checked under newer rules.

const pct = (ratio: number) => `${(ratio * 100).toFixed(ratio < 0.1 ? 1 : 0)}%`;
const DAY_MS = 86_400_000;

function check(
  group: KindRuleGroup,
  key: string,
  status: KindCheckStatus,
  finding: string,
  ...facts: (Fact<unknown> | undefined)[]
): KindCheck {
  const rule = KIND_RULES[group].rules.find((r) => r.key === key);
  if (!rule) throw new Error(`no ${group} rule ${key}`);
  const sources: Source[] = facts.flatMap((fact) => (fact ? [fact.source] : []));
  return { group, key, label: rule.label, status, finding, sources };
}

// A check no source answers is a gap, stated as a label ("Missing: a record of its outages."); the
// page and the PDF list such checks together (contract/reports.ts unsourcedChecks).
const unknown = (group: KindRuleGroup, key: string, missing: string) =>
  check(group, key, 'unknown', `${UNSOURCED_CHECK_PREFIX}${missing}.`);

function stablecoinChecks(e: AssetEvidence): KindCheck[] {
  const facts = e.stablecoin?.value;
  const g = 'stablecoin';
  if (!facts) {
    return KIND_RULES.stablecoin.rules.map((rule) => unknown(g, rule.key, `its ${rule.label.toLowerCase()}`));
  }
  const algorithmic = facts.pegMechanism.toLowerCase().includes('algorithmic');
  const attestations = facts.attestations;
  return [
    check(
      g,
      'reserves',
      algorithmic ? 'risk' : 'met',
      algorithmic
        ? `The peg is ${facts.pegMechanism}: no reserve of other assets stands behind it.`
        : `The peg is ${facts.pegMechanism} (${facts.pegType}).`,
      e.stablecoin,
    ),
    // An algorithmic peg holds no reserve, so there is nothing for an attestation to attest.
    algorithmic
      ? check(
          g,
          'attestations',
          'notApplicable',
          `The peg is ${facts.pegMechanism}: with no reserve there is nothing to attest.`,
          e.stablecoin,
        )
      : attestations.length
        ? check(
            g,
            'attestations',
            'met',
            `${attestations.length} attestation or proof-of-reserve document${attestations.length === 1 ? '' : 's'} listed: ${attestations.map((a) => a.url).join(', ')}. How often they are renewed is not stated.`,
            e.stablecoin,
          )
        : check(
            g,
            'attestations',
            'risk',
            facts.otherAuditLinks?.length
              ? `The registry lists no reserve attestation: the ${facts.otherAuditLinks.length === 1 ? 'link' : 'links'} it gives (${facts.otherAuditLinks.map((a) => a.url).join(', ')}) ${facts.otherAuditLinks.length === 1 ? 'is a smart-contract audit, which reviews' : 'are smart-contract audits or other pages, which review'} the code, not the reserves.`
              : 'The registry lists no reserve attestation.',
            e.stablecoin,
          ),
    worstDepegCheck(e),
    facts.mintRedeem
      ? check(g, 'mintRedeem', 'met', facts.mintRedeem, e.stablecoin)
      : unknown(g, 'mintRedeem', 'how holders mint and redeem'),
    facts.freezeOrBlacklist === undefined
      ? unknown(g, 'freeze', 'whether the issuer can freeze or blacklist holders')
      : check(
          g,
          'freeze',
          facts.freezeOrBlacklist ? 'risk' : 'met',
          facts.freezeOrBlacklist
            ? 'The issuer can freeze or blacklist addresses.'
            : 'The issuer cannot freeze or blacklist addresses.',
          e.stablecoin,
        ),
    facts.issuer
      ? check(
          g,
          'issuer',
          facts.jurisdiction ? 'met' : 'unknown',
          `Issued by ${facts.issuer}${facts.jurisdiction ? ` (${facts.jurisdiction})` : '; the jurisdiction is not stated'}.`,
          e.stablecoin,
        )
      : unknown(g, 'issuer', 'the issuer and its jurisdiction'),
  ];
}

/**
 * The lowest price on record, read with the recorded depeg incidents (decision 0278): snapshot
 * prices miss what falls between them, so with a depeg on record whose price the record does not
 * give, a low snapshot price cannot meet the check; it is not assessed, and says why.
 */
function worstDepegCheck(e: AssetEvidence): KindCheck {
  const g = 'stablecoin';
  const low = e.stablecoin?.value.worstDepeg;
  const depegs = (e.incidents?.value ?? []).filter((incident) => incident.kind === 'depeg');
  const lowFact = low ? (low.source ? { value: low, source: low.source } : e.stablecoin) : undefined;
  const lowText = low
    ? `Lowest price on record: $${low.low.toFixed(3)} on ${low.date}${low.sampling ? ` (${low.sampling})` : ''}.`
    : '';
  if (!depegs.length)
    return low
      ? check(g, 'worstDepeg', low.low < k.worstDepegLow ? 'risk' : 'met', lowText, lowFact)
      : unknown(g, 'worstDepeg', 'its lowest price');
  const recorded = depegs
    .map(
      (incident) =>
        `A depeg is on record on ${incident.date}: ${incident.title} (${incident.documentName ?? incident.link}).`,
    )
    .join(' ');
  // The snapshot low is another day's price: it does not show how far the recorded depeg fell.
  const misses = low
    ? ` The record gives no price, and the snapshots' lowest, $${low.low.toFixed(3)} on ${low.date}${low.sampling ? ` (${low.sampling})` : ''}, misses it.`
    : ' The record gives no price.';
  const incidentFacts = depegs.map((incident) => ({
    value: incident,
    source: incident.sources?.[0] ?? e.incidents!.source,
  }));
  return check(
    g,
    'worstDepeg',
    low && low.low < k.worstDepegLow ? 'risk' : 'unknown',
    `${recorded}${misses}`,
    ...incidentFacts,
    lowFact,
  );
}

/**
 * Client concentration from the newest reading of each client layer (decision 0243): a client
 * the file marks as holding a majority is a risk. Older readings of other files are stated in
 * the Layer 1 category with their dates; the largest validators' share of stake is in none.
 */
function validatorsCheck(e: AssetEvidence): KindCheck {
  const g = 'layer1';
  const readings = e.clientDiversity?.value.readings ?? [];
  if (!readings.length || !e.clientDiversity)
    return unknown(g, 'validators', 'how concentrated its validators or clients are');
  const newest = (['execution', 'consensus'] as const).flatMap((layer) => {
    const ofLayer = readings.filter((r) => r.layer === layer).sort((a, b) => b.date.localeCompare(a.date));
    return ofLayer.length ? [ofLayer[0]!] : [];
  });
  const majority = newest.filter((r) => r.hasMajority);
  return check(
    g,
    'validators',
    majority.length ? 'risk' : 'met',
    `Newest reading of each client layer: ${newest.map((r) => `${clientSharesText(r)}.`).join(' ')} ${
      majority.length
        ? 'A single client running most of a layer means one bug in it reaches most of the network.'
        : 'No single client runs most of either layer.'
    } The files give no share of stake for the largest validators.`,
    ...newest.map((r) => ({ value: r, source: r.source })),
  );
}

function networkChecks(e: AssetEvidence): KindCheck[] {
  const g = 'layer1';
  const outages = (e.incidents?.value ?? []).filter((incident) => /outage|halt/i.test(incident.title));
  const supply = e.supply?.value;
  let issuance: KindCheck;
  // A dataset that counts issued units only (maxUnknown) says nothing about a cap.
  if (!supply || supply.circulating === null || supply.maxUnknown)
    issuance = unknown(g, 'issuance', 'its maximum supply');
  else if (supply.max === null)
    issuance = check(
      g,
      'issuance',
      'risk',
      `No maximum supply: ${Math.round(supply.circulating).toLocaleString('en-US')} coins circulate and new ones keep being issued.`,
      e.supply,
    );
  else {
    // The Total Supply category's own share (total over cap): one figure per report.
    const issued = issuedShareOfCap(supply) ?? 0;
    issuance = check(
      g,
      'issuance',
      issued >= k.issuedShareMet ? 'met' : 'risk',
      `${formatShare(issued)} of the ${Math.round(supply.max).toLocaleString('en-US')} maximum supply is issued.`,
      e.supply,
    );
  }
  return [
    validatorsCheck(e),
    outages.length
      ? check(
          g,
          'outages',
          'risk',
          outages.map((incident) => `${incident.date}: ${incident.title}.`).join(' '),
          e.incidents,
        )
      : unknown(g, 'outages', 'a record of its outages'),
    issuance,
  ];
}

function defiChecks(e: AssetEvidence, now: Date): KindCheck[] {
  const g = 'defi';
  const reports = e.audits?.value.reports ?? [];
  const independent = reports.filter(isIndependentCodeReview);
  const audits = !e.audits
    ? unknown(g, 'audits', 'its audits')
    : independent.length
      ? check(
          g,
          'audits',
          'met',
          `${independent.length} independent review${independent.length === 1 ? '' : 's'} on record, the latest ${
            [...independent]
              .map((r) => r.date ?? '')
              .sort()
              .at(-1) || 'undated'
          }.`,
          e.audits,
        )
      : check(
          g,
          'audits',
          'risk',
          reports.length
            ? 'The reviews on record are not independent code audits.'
            : 'No published audit is on record.',
          e.audits,
        );
  const trend = e.tvlTrend?.value;
  const tvl =
    trend?.change365d === undefined
      ? unknown(g, 'tvlTrend', 'its value locked a year ago')
      : check(
          g,
          'tvlTrend',
          trend.change365d < k.tvlFall365d ? 'risk' : 'met',
          `Value locked ${formatUsd(trend.currentUsd)}, ${trend.change365d >= 0 ? 'up' : 'down'} ${pct(Math.abs(trend.change365d))} over the year.`,
          e.tvlTrend,
        );
  const cutoff = now.getTime() - k.exploitYears * 365.25 * DAY_MS;
  const recent = (date: string) => Date.parse(date) >= cutoff;
  // Exploits come from the hacks database (live) or the exploit records among the incidents
  // (offline: DeFiHackLabs and the curated list).
  const losses = [
    ...(e.hacks?.value ?? [])
      .filter((hack) => recent(hack.date) && hackNetLoss(hack) > 0)
      .map((hack) => `${hack.date}: ${hack.name}, net loss ${formatUsd(hackNetLoss(hack))}.`),
    ...(e.incidents?.value ?? [])
      .filter(
        (incident) => (incident.kind === 'hack' || incident.kind === 'exploit') && recent(incident.date),
      )
      .map(
        (incident) =>
          `${incident.date}: ${incident.title}${incident.amountUsd ? `, ${formatUsd(incident.amountUsd)} lost` : ''}.`,
      ),
  ];
  // No exploit on record is "met" only where a searched source covers the asset (decision 0321).
  const covered = (e.incidentCoverage ?? []).some((entry) => entry.covers);
  const exploits =
    !e.hacks && !e.incidents
      ? unknown(g, 'exploits', 'its exploit history')
      : !losses.length && !covered
        ? unknown(g, 'exploits', 'exploit records from a source that covers this asset')
        : losses.length
          ? check(g, 'exploits', 'risk', losses.join(' '), e.hacks, e.incidents)
          : check(
              g,
              'exploits',
              'met',
              `No exploit with a loss in the last ${k.exploitYears} years in the exploit records consulted.`,
              e.hacks,
              e.incidents,
            );
  return [
    audits,
    unknown(g, 'oracle', 'which oracle it relies on'),
    unknown(g, 'adminKeys', 'who holds its admin and upgrade keys'),
    tvl,
    exploits,
  ];
}

function unlockChecks(e: AssetEvidence, now: Date): KindCheck[] {
  if (!e.unlocks) return [];
  const g = 'unlocks';
  // The schedule read at the report's date, as the supply categories read it.
  const status = unlockStatusAt(e.unlocks.value, now);
  const next = status.nextUnlock;
  const soon =
    next !== undefined &&
    Date.parse(next.date) - now.getTime() <= k.nextUnlockDays * DAY_MS &&
    next.share >= k.nextUnlockShare;
  return [
    check(
      g,
      'lockedShare',
      status.lockedShare > k.lockedShareRisk ? 'risk' : 'met',
      e.supply?.value.max === null && !e.supply.value.maxUnknown
        ? `${pct(status.lockedShare)} of the modelled supply is still to be issued (no hard cap: new issuance, not locked supply).`
        : `${pct(status.lockedShare)} of the scheduled supply is still locked.`,
      e.unlocks,
    ),
    next
      ? check(
          g,
          'nextUnlock',
          soon ? 'risk' : 'met',
          `Next unlock: ${pct(next.share)} of the scheduled supply on ${next.date.slice(0, 10)}.`,
          e.unlocks,
        )
      : check(g, 'nextUnlock', 'met', 'No further unlock is scheduled.', e.unlocks),
  ];
}

function memeChecks(e: AssetEvidence): KindCheck[] {
  const g = 'meme';
  const holders = e.holders?.value;
  const top10 = holders ? (holders.top10ShareExcludingLabelled ?? holders.top10Share) : undefined;
  const depth = e.liquidity?.value.depthMinus2Usd;
  return [
    top10 === undefined
      ? unknown(g, 'holders', 'its largest holders')
      : check(
          g,
          'holders',
          top10 > k.memeTop10Share ? 'risk' : 'met',
          `The 10 largest holders${holders?.top10ShareExcludingLabelled !== undefined ? ' (exchanges and contracts aside)' : ''} own ${pct(top10)} of the supply.`,
          e.holders,
        ),
    depth === undefined
      ? unknown(g, 'liquidity', 'its order-book depth')
      : check(
          g,
          'liquidity',
          depth < k.memeDepthUsd ? 'risk' : 'met',
          `${formatUsd(depth)} of bids within 2% below the price over its main markets.`,
          e.liquidity,
        ),
    unknown(g, 'teamWallets', 'which wallets belong to its team or deployer'),
  ];
}

/** The checks for the asset's kind (and its unlock schedule, whatever its kind). */
export function kindChecks(kind: AssetKind | null | undefined, e: AssetEvidence, now: Date): KindCheck[] {
  const byKind =
    kind === 'stablecoin'
      ? stablecoinChecks(e)
      : kind === 'layer1' || kind === 'layer2'
        ? networkChecks(e)
        : kind === 'defi'
          ? defiChecks(e, now)
          : kind === 'meme'
            ? memeChecks(e)
            : [];
  // A coin of its own chain catalogued by its use (Dogecoin, a meme coin) has a network too: its
  // issuance, validators and outages are checked as for any layer-1 or layer-2 coin.
  const ownChain =
    kind !== 'layer1' && kind !== 'layer2' && (e.chain?.value === 'layer1' || e.chain?.value === 'layer2');
  return [...byKind, ...(ownChain ? networkChecks(e) : []), ...unlockChecks(e, now)];
}

/** The failed checks as key risks, under the category their evidence belongs to. */
export function kindCheckRisks(checks: KindCheck[], scoreOf: (category: CategoryKey) => number): KeyRisk[] {
  return checks
    .filter((c) => c.status === 'risk')
    .map((c) => {
      const category = KIND_RULES[c.group].rules.find((r) => r.key === c.key)!.category;
      return {
        category_key: category,
        category: CATEGORIES.find((x) => x.key === category)!.name,
        score: scoreOf(category),
        text: `${c.label}: ${c.finding}`,
      };
    });
}
