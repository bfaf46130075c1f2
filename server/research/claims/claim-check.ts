import { readFileSync } from 'node:fs';
import { CATEGORIES, MAX_TOTAL, MIN_CATEGORY_SCORE } from '../../../contract/methodology';
import {
  NOT_COUNTED_TEXT,
  nameWithSymbol,
  PEER_GROUP_LABEL,
  REPORT_HEADINGS,
} from '../../../contract/reports';
import { THRESHOLDS } from '../../../contract/scoring-rules';
import { offlineReportInput } from '../offline-report';
import { buildReportText, type ReportTextInput, VERDICT_REASON } from '../report-text';
import { auditDateEnd, formatUsd, monthYearOf, staleFrom } from '../scoring';
import { SNAPSHOT_ASSETS } from '../sources/snapshot-data';
import { escapeRegExp } from '../writer';

// The claim checker: every offline report, generated through the research job's code path,
// read back as a reader reads it. Each stated figure that cites a record (an incident's primary
// document, an exploit, an audit report, a peer's own report) is checked against that record,
// re-read from the dataset file on disk, independently of the loaders that wrote the report;
// each printed total is recomputed from its printed parts. Any sentence that carries a source
// link a dataset knows is checked, so new datasets with linked records are checked too.

export interface ClaimCheck {
  reports: number;
  checked: number;
  byKind: Record<string, number>;
  mismatches: string[];
}

const DATASETS = new URL('../datasets/', import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, DATASETS), 'utf8'));

/** Every record a link points at, as plain text: the figures a sentence citing it may state. */
function recordsByLink(): Map<string, string> {
  const byLink = new Map<string, string>();
  const add = (url: string | undefined, record: unknown) => {
    if (!url) return;
    byLink.set(url, `${byLink.get(url) ?? ''} ${JSON.stringify(record)}`);
  };
  for (const incident of readJson('incidents.json').incidents) add(incident.document.url, incident);
  for (const hack of readJson('public/hacks.json').records) for (const link of hack.links) add(link, hack);
  // The SEC actions cite their file at its commit: every action is read as that link's record.
  const sec = readJson('public/sec-enforcement.json');
  const secLink = `https://github.com/${sec.dataset.name}/blob/${sec.dataset.version}/${sec.path}`;
  for (const action of sec.records) add(secLink, action);
  for (const audit of readJson('public/audits.json').records) add(audit.url, audit);
  // Web3 is Going Just Great: each entry is its page's record (the page is the incident's link).
  // The attribution the file carries is part of each record (source lines name the licence).
  const { attribution } = readJson('public/web3isgoinggreat.json');
  for (const entry of w3iggEntries()) add(`${W3IGG_PAGE}${entry.readableId}`, { ...entry, attribution });
  return byLink;
}

const numberOf = (text: string) => Number(text.replace(/,/g, ''));

/** Whether a figure stated in a sentence is one the cited record holds. */
function recordHolds(record: string, figure: string, unit: string): boolean {
  const plain = record.replace(/,/g, '');
  const value = numberOf(figure);
  if (plain.includes(figure.replace(/,/g, ''))) return true;
  // "$30.95 million" from amountUsd 30950010: the record's amounts, scaled as printed.
  const scale = unit === 'billion' ? 1e9 : unit === 'million' ? 1e6 : 1;
  const amounts = [...plain.matchAll(/"(?:amountUsd|lossUsd|lossBeforeRecoveryUsd)":(\d+(?:\.\d+)?)/g)].map(
    (m) => Number(m[1]),
  );
  return amounts.some((amount) => Math.abs(amount / scale - value) <= 0.005 * Math.max(1, value));
}

/** "Fully diluted value: $17.07 billion on 2025-11-03 (…)": the figure, its date and the rest of its fact. */
const FULLY_DILUTED =
  /Fully diluted value: \$([\d.,]+)(?: (trillion|billion|million))?(?: on (\d{4}-\d\d-\d\d))?(.*?)\.(?= \(Sources|(?: [A-Z][a-z])|$)/gm;

/** Whether a figure printed with some digits ("17.07", "0.4627") is the value, to those digits. */
function sameAsPrinted(value: number, printed: string): boolean {
  const digits = printed
    .replace(/,/g, '')
    .replace(/^0\.0*/, '')
    .replace('.', '').length;
  return Number(value.toPrecision(Math.min(21, Math.max(1, digits)))) === numberOf(printed);
}

interface MarketRecord {
  id: string;
  priceUsd: number;
  marketCapUsd: number;
  fullyDilutedValuationUsd: number | null;
  circulatingSupply: number;
  totalSupply: number | null;
  maxSupply: number | null;
  timestamp: string;
}
let marketRecords: Map<string, MarketRecord> | undefined;
/** The market file's record of an asset (CoinGecko's rows), as the file on disk states it. */
function marketRecordOf(id: string): MarketRecord | undefined {
  marketRecords ??= new Map(
    (readJson('public/market/market.json').coingeckoMarkets.records as MarketRecord[]).map((r) => [r.id, r]),
  );
  return marketRecords.get(id);
}

/** A loss clause: its figure (2: a currency before it) and what follows the figure (3). */
const MONEY_CLAUSE =
  /\b(?:[Ll]oss(?:es)?|[Ll]ost|[Ss]tolen|[Dd]rained)\b[^.;()\n]{0,40}?:\s*([~<>]?\s*(\$|US\$|USD)?\s*\d[\d,]*(?:\.\d+)?(?:\s*(?:[kKmMbB]|[Tt]housand|[Mm]illion|[Bb]illion)\b)?)(\s*\S*)/g;
/** Nothing after the figure says its unit: the clause ends there. */
const ENDS_CLAUSE = /^\s*(?:[.;,)](?:\s|$)|[.;,)]?$)/;

const URL_IN_TEXT = /https?:\/\/[^\s)"'\]]+/g;
const FIGURE = /(?<![\w.])(\d[\d,]*(?:\.\d+)?)(?:\s*(million|billion))?/g;

export function checkReportText(
  text: string,
  input: ReportTextInput,
  ownScores: Map<string, { total: number | null; level: string | null; date?: string }>,
  byLink: Map<string, string>,
  /** The report's data date: with it, whether the latest audit is stale is checked too. */
  dataDate?: Date,
): { checked: Record<string, number>; mismatches: string[] } {
  const checked: Record<string, number> = {};
  const mismatches: string[] = [];
  const count = (kind: string) => {
    checked[kind] = (checked[kind] ?? 0) + 1;
  };
  const name = input.asset?.name ?? input.assetName;
  const fail = (what: string) => mismatches.push(`${name}: ${what}`);

  // 1. Category scores as printed in each category heading, against the stored scores.
  const printedScore = new Map<string, number>();
  for (const category of CATEGORIES) {
    const match = new RegExp(
      `^${category.name.replace('/', '\\/')} — (\\d(?:\\.\\d)?)\\/5 \\(weight (\\d)\\)`,
      'm',
    ).exec(text);
    if (!match) {
      // A category not assessed prints no score; the arithmetic counts it at the lowest level (0320).
      if (new RegExp(`^${category.name.replace('/', '\\/')} — ${NOT_COUNTED_TEXT} \\(weight`, 'm').test(text))
        printedScore.set(category.name, MIN_CATEGORY_SCORE);
      continue;
    }
    count('score');
    printedScore.set(category.name, Number(match[1]));
    if (Number(match[1]) !== input.scores[category.key]) fail(`${category.name} prints ${match[1]}/5`);
    if (Number(match[2]) !== category.weight) fail(`${category.name} prints weight ${match[2]}`);
  }

  // 2. The printed arithmetic, recomputed from its printed parts.
  const arithmetic = text.split('\n\n').find((p) => p.startsWith(`${REPORT_HEADINGS.arithmetic}\n`)) ?? '';
  const parts = [...arithmetic.matchAll(/([A-Z][\w/ ]+?) (\d) × (\d(?:\.\d)?) = (\d+(?:\.\d)?)/g)];
  let sum = 0;
  let weights = 0;
  for (const [, category, weight, score, contribution] of parts) {
    count('contribution');
    if (Math.abs(Number(weight) * Number(score) - Number(contribution)) > 1e-9)
      fail(`${category}: ${weight} × ${score} printed as ${contribution}`);
    if (printedScore.get(category!.trim()) !== Number(score))
      fail(`${category} counted at ${score} but its heading prints ${printedScore.get(category!.trim())}`);
    sum += Number(contribution);
    weights += Number(weight);
  }
  const totalLine = /= (\d+(?:\.\d)?) × 77 \/ (\d+) = (\d+\.\d\d)/.exec(arithmetic);
  if (totalLine) {
    count('total');
    const [, printedSum, printedMax, printedTotal] = totalLine;
    if (Math.abs(Number(printedSum) - Math.round(sum * 10) / 10) > 1e-9)
      fail(`weighted sum printed ${printedSum}, parts add to ${sum.toFixed(1)}`);
    if (Number(printedMax) !== weights * 5)
      fail(`maximum printed ${printedMax}, weights give ${weights * 5}`);
    const recomputed = Math.round(((Number(printedSum) * MAX_TOTAL) / Number(printedMax)) * 100) / 100;
    if (recomputed.toFixed(2) !== printedTotal)
      fail(`total printed ${printedTotal}, arithmetic gives ${recomputed}`);
    const summary = /scores (\d+\.\d\d) of 77/.exec(text);
    if (summary && summary[1] !== printedTotal)
      fail(`summary total ${summary[1]} vs arithmetic ${printedTotal}`);
    if (printedTotal !== input.scores.totalScore.toFixed(2))
      fail(`printed total ${printedTotal} vs stored ${input.scores.totalScore.toFixed(2)}`);
  } else if (input.scores.riskLevel !== null) fail('a rated report prints no arithmetic of its total');

  // 3. Named peers: each figure against the peer's own report, generated the same way; a peer
  // with a report of its own is never shown as not yet researched (decision 0253).
  const peerLine = /Named peers: (.*)\.$/m.exec(text)?.[1] ?? '';
  for (const peer of peerLine.split('; ')) {
    // "Name (SYMBOL): …", or "USDC: …" for a peer whose name is its symbol.
    const match =
      /^(.*?)(?: \(([^)]+)\))?: (?:(\d+\.\d\d) of 77, ([^(]+?)|Not rated|(not yet researched))(?: \(its report (?:version \d+ )?of (\d{4}-\d\d-\d\d)(?:, \/report\/\d+)?\))?$/.exec(
        peer,
      );
    if (!match) continue;
    count('peer');
    const own = match[2]
      ? ownScores.get(`${match[1]}|${match[2]}`)
      : [...ownScores].find(([key]) => key.split('|')[0] === match[1])?.[1];
    if (match[5]) {
      if (own) fail(`peer ${match[1]} printed as not yet researched, but it has a report of its own`);
      continue;
    }
    if (!own) {
      fail(`peer ${match[1]} has no report of its own`);
      continue;
    }
    const printed = match[3] ? `${match[3]} ${match[4]}` : 'Not rated';
    const expected = own.total !== null ? `${own.total.toFixed(2)} ${own.level}` : 'Not rated';
    if (printed !== expected) fail(`peer ${match[1]} printed ${printed}, its own report says ${expected}`);
    if (own.date && match[6] !== own.date)
      fail(`peer ${match[1]} cites its report of ${match[6] ?? 'no date'}, its own report is of ${own.date}`);
  }

  // A peer group none of whose named peers is researched names them in one clause of its line:
  // each must be a peer without a report of its own, and the clause must name nothing else.
  const unresearchedClause = new RegExp(
    `^${PEER_GROUP_LABEL}: .*; named peers(?:, none researched yet)?: (.*)\\.$`,
    'm',
  ).exec(text)?.[1];
  if (unresearchedClause !== undefined) {
    let rest = unresearchedClause;
    for (const peer of input.peers?.named ?? []) {
      const printed = nameWithSymbol(peer.name, peer.symbol);
      if (!rest.includes(printed)) continue;
      count('peer');
      rest = rest.replace(printed, '');
      if (ownScores.has(`${peer.name}|${peer.symbol}`))
        fail(`peer ${peer.name} printed as not yet researched, but it has a report of its own`);
    }
    if (rest.replace(/, | and /g, '').trim())
      fail(`the named peers clause names what is not a peer: ${rest}`);
  }

  // 4. Every sentence that cites a record by its link: each date and figure must be the record's.
  // A trailing "(Sources: …)" lists where a paragraph's facts came from; a claim cites its record inline.
  const claimText = text.replace(/\s*\(Sources: [^)]*\)/g, '').replace(/^\[\d+\] /gm, '');
  // The summary's examples name several categories in one sentence ("…; Team: … (link); …"): each
  // category's clause is its own claim, so one clause's link does not vouch for another's figures.
  const clauseOfCategory = new RegExp(
    `; (?=(?:${CATEGORIES.map((c) => c.name.replace('/', '\\/')).join('|')}): )`,
  );
  for (const sentence of claimText
    .split(/\n|(?<=[.!?])\s+(?=[A-Z0-9[])/)
    .flatMap((s) => s.split(VERDICT_REASON))
    .flatMap((s) => s.split(clauseOfCategory))) {
    const links = (sentence.match(URL_IN_TEXT) ?? []).map((u) => u.replace(/[.,;]+$/, ''));
    const records = links.map((l) => byLink.get(l)).filter((r): r is string => r !== undefined);
    if (!records.length) continue;
    const record = records.join(' ');
    // The dataset a source line names (repository, commit, license) is provenance, not a claim.
    const bare = sentence
      // A figure in the asset's own name ("Terra (LUNA 2.0)") is a name, not a claim.
      .split(name)
      .join(' ')
      .replace(URL_IN_TEXT, ' ')
      .replace(/ — dataset [^()]*(\([^)]*\))?/, ' ')
      // When a source was read (a dataset's commit date, a list's compilation) is not a record field.
      .replace(/(dataset as of|checked|retrieved) \d{4}-\d{2}-\d{2}/g, ' ');
    for (const date of bare.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? []) {
      count('date');
      // A source line also states when the dataset was read (its commit date), not a record field.
      if (!record.includes(date)) fail(`date ${date} is not in the cited record: ${sentence.slice(0, 160)}`);
    }
    for (const match of bare.replace(/\b\d{4}-\d{2}(-\d{2})?\b/g, ' ').matchAll(FIGURE)) {
      const figure = match[1]!;
      if (/^\[?\d\]?$/.test(figure) && Number(figure) < 10 && !match[2]) continue; // list numbers, counts of one digit
      count('figure');
      if (!recordHolds(record, figure, match[2] ?? ''))
        fail(
          `${figure}${match[2] ? ` ${match[2]}` : ''} is not in the cited record: ${sentence.slice(0, 160)}`,
        );
    }
  }
  // 5. The fully diluted value (decision 0258): recomputed from its printed parts (a supply times a
  // per-token value) to the printed figure, and each part compared with the one market record it
  // cites, re-read from the market file on disk: its date, its own FDV, its supplies, its price,
  // and its market capitalisation over its circulating supply.
  const record = input.asset ? marketRecordOf(input.asset.id) : undefined;
  for (const m of text.matchAll(FULLY_DILUTED)) {
    count('derived');
    const [, worth, unit, date, rest] = m as unknown as string[];
    const printed = `$${worth}${unit ? ` ${unit}` : ''}`;
    // "(total supply 1,000,000,000 × $17.07, the market capitalisation per circulating token; the
    // record's price that day: $17.04)" or "(… × $17.07, the record's price that day)".
    const parts =
      /\((total|maximum) supply ([\d,]+) × \$([\d.,]+), (the record's price that day|the market capitalisation per circulating token; the record's price that day: \$([\d.,]+))/.exec(
        rest!,
      );
    const supply = parts ? [parts[0], parts[1], parts[2]] : null;
    const perToken = parts?.[5] !== undefined ? parts[3] : undefined;
    const price = parts?.[5] ?? parts?.[3];
    const factor = perToken ?? price;
    if (!supply || !factor) {
      fail(`fully diluted value ${printed} printed without the supply and price that give it`);
      continue;
    }
    const recomputed = formatUsd(numberOf(factor) * numberOf(supply[2]!));
    if (recomputed !== printed)
      fail(
        `fully diluted value printed ${printed}, its printed parts give ${recomputed} ($${factor} × ${supply[2]})`,
      );
    if (!record) {
      fail(`fully diluted value ${printed}: no market record of ${input.asset?.id} states its parts`);
      continue;
    }
    const day = record.timestamp.slice(0, 10);
    if ((date ?? /on (\d{4}-\d\d-\d\d)/.exec(rest!)?.[1]) !== day)
      fail(`fully diluted value ${printed} dated ${date ?? 'otherwise'}, its market record is of ${day}`);
    if (record.fullyDilutedValuationUsd !== null && formatUsd(record.fullyDilutedValuationUsd) !== printed)
      fail(
        `fully diluted value printed ${printed}, the market record states ${formatUsd(record.fullyDilutedValuationUsd)}`,
      );
    const recordSupply = supply[1] === 'total' ? record.totalSupply : record.maxSupply;
    if (recordSupply === null || Math.round(recordSupply) !== numberOf(supply[2]!))
      fail(
        `fully diluted value uses a ${supply[1]} supply of ${supply[2]}, the market record states ${recordSupply}`,
      );
    if (price && !sameAsPrinted(record.priceUsd, price))
      fail(
        `fully diluted value printed with a price of $${price}, the market record's price is ${record.priceUsd}`,
      );
    if (perToken && !sameAsPrinted(record.marketCapUsd / record.circulatingSupply, perToken))
      fail(
        `fully diluted value printed with $${perToken} a token, the record's market capitalisation over its circulating supply is ${record.marketCapUsd / record.circulatingSupply}`,
      );
    // Under a market capitalisation of another day, the record's own one is printed with it, and
    // is the record's.
    const capOn =
      /Market capitalisation: \$[\d.,]+(?: (?:trillion|billion|million))? on (\d{4}-\d\d-\d\d)/.exec(
        text,
      )?.[1];
    const thatDay =
      /; that day's market capitalisation: (\$[\d.,]+(?: (?:trillion|billion|million))?)\)/.exec(rest!)?.[1];
    if (capOn && capOn !== (date ?? day) && !thatDay)
      fail(
        `fully diluted value ${printed} of ${date ?? day} printed under a market capitalisation of ${capOn} without that day's market capitalisation`,
      );
    if (thatDay && thatDay !== formatUsd(record.marketCapUsd))
      fail(
        `fully diluted value printed with that day's market capitalisation ${thatDay}, the market record states ${formatUsd(record.marketCapUsd)}`,
      );
    // Without the record's own figure, the value is derived from its maximum supply only.
    if (record.fullyDilutedValuationUsd === null && supply[1] !== 'maximum')
      fail(`fully diluted value derived from the ${supply[1]} supply, not the maximum`);
  }
  // 6. A money figure carries its currency or unit: a loss ending on a bare number ("Loss as the
  // list states it: 52000.") says neither dollars nor a token.
  for (const [clause, figure, currency, after] of text.matchAll(MONEY_CLAUSE)) {
    count('money');
    if (!currency && ENDS_CLAUSE.test(after!))
      fail(`money figure ${figure!.trim()} printed without a currency or unit: ${clause.slice(0, 120)}`);
  }
  // 7. An age and its band agree as printed: "5.0 years" is not scored in the band below 5, and
  // "One band up: Operation: 5 years" is not offered to an asset already printed 5.0 years old.
  for (const category of CATEGORIES) {
    const section = new RegExp(
      `^${escapeRegExp(category.name)} — (\\d)\\/5 \\(weight \\d\\)\\. (.*)$`,
      'm',
    ).exec(text);
    const age = section
      ? /(?:Age, lower bound: |Launch: \d{4}-\d\d-\d\d, |operated for )(\d+\.\d) years/.exec(section[2]!)
      : null;
    if (!section || !age) continue;
    count('age');
    const years = Number(age[1]);
    // The printed ladder: each band from its lower bound ("5 years or more, under 8").
    const reached = THRESHOLDS.ageYears.findIndex((threshold) => years >= threshold);
    const band = reached === -1 ? 1 : 5 - reached;
    const up = new RegExp(
      `^${escapeRegExp(category.name)} \\(\\d\\/5\\)\\. One band up: Operation: (\\d+) years?\\.`,
      'm',
    ).exec(text);
    if (up && years >= Number(up[1]))
      fail(`${category.name}: ${age[1]} years printed, yet one band up asks for ${up[1]} years of operation`);
    if (category.key === 'existenceGrowthX2' && Number(section[1]) > band)
      fail(`${category.name} prints ${section[1]}/5 above the ${band}/5 band of ${age[1]} years`);
    if (category.key === 'existenceGrowthX2' && up && Number(section[1]) !== band)
      fail(
        `${category.name} prints ${section[1]}/5 without a penalty, but ${age[1]} years is in the ${band}/5 band`,
      );
  }
  // 8. An audit's printed date and its staleness agree: the fact's "3 years passed on" day and the
  // step's "older than 3 years (after …)" are the printed date's end plus three years, a stale
  // audit is not offered "older than 3 years" as its step down, and on the data date the audit is
  // marked down exactly when that day has passed.
  const audits = /^Audits — \d\/5 \(weight \d\)\. (.*)$/m.exec(text)?.[1];
  const latestAudit = audits
    ? /the latest (?:dated (\d{4}-\d\d-\d\d)|from (\d{4}(?:-\d\d)?))/.exec(audits)
    : null;
  const auditEnd = latestAudit ? auditDateEnd(latestAudit[1] ?? latestAudit[2]!) : undefined;
  if (audits && auditEnd) {
    count('audit age');
    const years = THRESHOLDS.staleAuditYears;
    const staleAfter = staleFrom(auditEnd);
    const passed = new RegExp(`${years} years passed on (\\d{4}-\\d\\d-\\d\\d)\\): older than`).exec(
      audits,
    )?.[1];
    const step = new RegExp(
      `^Audits \\(\\d\\/5\\)\\..*One band down: Latest audit: older than ${years} years(?: \\(after (\\d{4}-\\d\\d-\\d\\d))?`,
      'm',
    ).exec(text);
    const printed = latestAudit![1] ?? latestAudit![2];
    if (passed && passed !== staleAfter)
      fail(`latest audit ${printed} printed as ${years} years old from ${passed}, not ${staleAfter}`);
    if (step?.[1] && step[1] !== staleAfter)
      fail(`latest audit ${printed}: the step down dates its staleness ${step[1]}, not ${staleAfter}`);
    if (passed && step)
      fail(`latest audit ${printed} is stale, yet one band down asks for it to be older than ${years} years`);
    const day = dataDate?.toISOString().slice(0, 10);
    if (day && day > staleAfter && !passed)
      fail(`latest audit ${printed} is more than ${years} years old on ${day} but not marked down`);
    if (day && day <= staleAfter && passed)
      fail(`latest audit ${printed} is marked down on ${day}, before ${years} years passed on ${staleAfter}`);
  }
  // 9. Incident dates: the date printed beside a curated record's title is that record's own date
  // (a verdict's date is the verdict's), and a date said of a collapse is the collapse's own date
  // as its record states it, never the date of the later record that recounts it.
  for (const incident of curatedIncidents()) {
    let at = text.indexOf(incident.title);
    while (at !== -1) {
      const before = text.slice(Math.max(0, at - 80), at);
      const after = text.slice(at + incident.title.length, at + incident.title.length + 14);
      const dated =
        /(\d{4}-\d\d-\d\d): $/.exec(before)?.[1] ?? /^ \((\d{4}-\d\d-\d\d)[;,):]/.exec(after)?.[1];
      if (dated) {
        count('incident date');
        if (dated !== incident.date)
          fail(`${incident.title} printed with ${dated}, its record's date is ${incident.date}`);
      }
      const collapse = COLLAPSE_DATE.exec(before);
      if (collapse) {
        count('collapse date');
        const own = incident.collapseDate ?? incident.date;
        if (collapse[1] !== (/^\d{4}-\d\d$/.test(own) ? monthYearOf(own) : own))
          fail(
            `collapse dated ${collapse[1]} beside "${incident.title}", whose record dates the collapse ${own}`,
          );
      }
      at = text.indexOf(incident.title, at + 1);
    }
    // The same record named in prose as its document ("collapsed in May 2022, as the SEC's
    // release of 2024-06-12 records"): the document's own date, and the collapse's before it.
    const collapseDay = incident.collapseDate ?? incident.date;
    const asPrinted = (iso: string) => (/^\d{4}-\d\d$/.test(iso) ? monthYearOf(iso) : iso);
    if (incident.document.name) {
      const named = new RegExp(
        `(collapsed? (?:on |in )?(\\d{4}-\\d\\d-\\d\\d|[A-Z][a-z]+ \\d{4}), )?as ${escapeRegExp(incident.document.name)} of (\\d{4}-\\d\\d-\\d\\d) records`,
        'g',
      );
      for (const [, collapsed, collapseDate, documentDate] of text.matchAll(named)) {
        count('incident date');
        if (documentDate !== incident.document.publishedAt)
          fail(
            `${incident.document.name} printed with ${documentDate}, the document is dated ${incident.document.publishedAt}`,
          );
        if (!collapsed) continue;
        count('collapse date');
        if (collapseDate !== asPrinted(collapseDay))
          fail(
            `collapse dated ${collapseDate} beside ${incident.document.name}, whose record dates it ${collapseDay}`,
          );
      }
    }
    // A record of the event that marks the collapse ("collapsed: its issuer filed for chapter 11
    // on 2022-11-11"): the event's own date.
    if (incident.collapseEvent) {
      const event = new RegExp(
        `collapsed: ${escapeRegExp(incident.collapseEvent)} (?:on |in )(\\d{4}-\\d\\d-\\d\\d|[A-Z][a-z]+ \\d{4})`,
        'g',
      );
      for (const [, date] of text.matchAll(event)) {
        count('collapse date');
        if (date !== asPrinted(collapseDay))
          fail(`"${incident.collapseEvent}" dated ${date}, its record dates it ${collapseDay}`);
      }
    }
  }
  // 10. Web3 is Going Just Great's entries, re-read from the committed file: the date printed
  // before an entry's title is the entry's day, and the amount beside it ("(hack, $235.00
  // million)", "…, $235.00 million lost") is its loss after recovery.
  for (const entry of w3iggEntries()) {
    if (!text.includes(`${W3IGG_PAGE}${entry.readableId}`)) continue;
    const title = escapeRegExp(entry.title);
    const printed = new RegExp(
      `(\\d{4}-\\d\\d-\\d\\d): ${title}(?: \\([a-z ]+(?:, (\\$[^)]+))?\\)|, (\\$[\\d.,]+(?: million| billion)?) lost)?`,
      'g',
    );
    for (const [, date, beside, lost] of text.matchAll(printed)) {
      count('incident date');
      if (date !== entry.date) fail(`"${entry.title}" printed with ${date}, its entry is of ${entry.date}`);
      const amount = beside ?? lost;
      if (amount === undefined) continue;
      count('incident amount');
      if (!entry.lossUsd || amount !== formatUsd(entry.lossUsd))
        fail(
          `"${entry.title}" printed with ${amount}, its entry states a loss of ${entry.lossUsd ?? 'none'}`,
        );
    }
  }
  return { checked, mismatches };
}

const W3IGG_PAGE = 'https://www.web3isgoinggreat.com/single/';
interface W3iggEntry {
  readableId: string;
  title: string;
  date: string;
  lossUsd?: number;
}
let w3igg: W3iggEntry[] | undefined;
/** The entries of Web3 is Going Just Great linked to an asset, as the committed file states them. */
const w3iggEntries = () => {
  w3igg ??= (
    readJson('public/web3isgoinggreat.json').records as (W3iggEntry & { assets: string[] })[]
  ).filter((entry) => entry.assets.length > 0);
  return w3igg;
};

/** "collapsed (2024-06-12: ", "collapsed in May 2022, as recorded in ", "collapse in May 2022: " just before a title. */
const COLLAPSE_DATE =
  /collapsed? (?:on |in )?\(?(\d{4}-\d\d-\d\d|[A-Z][a-z]+ \d{4})(?:: |,? as recorded in | \()$/;

interface CuratedIncident {
  title: string;
  date: string;
  collapseDate?: string;
  collapseEvent?: string;
  document: { publishedAt: string; name?: string };
}
let curated: CuratedIncident[] | undefined;
/** The curated incident list as its file on disk states it. */
const curatedIncidents = () => {
  curated ??= readJson('incidents.json').incidents as CuratedIncident[];
  return curated;
};

/** Generates every offline report through the job's code path and checks its claims. */
export async function verifyOfflineReports(now: Date): Promise<ClaimCheck> {
  const byLink = recordsByLink();
  const inputs = [];
  for (const asset of SNAPSHOT_ASSETS) inputs.push(await offlineReportInput(asset, now));
  const ownScores = new Map(
    inputs.map((input) => [
      `${input.asset!.name}|${input.asset!.symbol}`,
      {
        total: input.scores.riskLevel !== null ? input.scores.totalScore : null,
        level: input.scores.riskLevel === 'Potential' ? 'Potential Risk' : input.scores.riskLevel,
        date: now.toISOString().slice(0, 10),
      },
    ]),
  );
  const result: ClaimCheck = { reports: inputs.length, checked: 0, byKind: {}, mismatches: [] };
  for (const input of inputs) {
    const { checked, mismatches } = checkReportText(buildReportText(input), input, ownScores, byLink, now);
    for (const [kind, n] of Object.entries(checked)) {
      result.byKind[kind] = (result.byKind[kind] ?? 0) + n;
      result.checked += n;
    }
    result.mismatches.push(...mismatches);
  }
  return result;
}
