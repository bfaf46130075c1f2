import type { Logger } from 'pino';
import {
  CATEGORIES,
  type Category,
  type CategoryKey,
  isRated,
  METHODOLOGY_VERSION,
  RISK_LEVELS,
  type RiskLevel,
} from '../../contract/methodology';
import {
  type AgentResearchData,
  agentResearchDataSchema,
  type CategoryCoverage,
  sourceKey,
} from '../../contract/reports';
import type { Database, DbExecutor } from '../db/client';
import { JOBS, sendJob } from '../jobs/definitions';
import type { JobQueue } from '../jobs/queue';
import { assess, citedSources } from './assessment';
import type {
  AssetEvidence,
  AssetKind,
  AssetRef,
  MarketEvidence,
  SecurityEvidence,
  StoredEvidence,
} from './evidence';
import { evidenceKeyRisks } from './evidence-risks';
import { kindCheckRisks, kindChecks } from './kind-checks';
import {
  categoryPeers,
  type PeerReport,
  type PeerReports,
  peerEvidenceOf,
  peerGroupOf,
  peersOfKind,
} from './peers';
import {
  assessmentCoverage,
  buildReportText,
  buildSummary,
  type CategoryResult,
  rulesKeyRisks,
  type StoredSections,
} from './report-text';
import {
  completeResearchReport,
  findResearchReport,
  latestCompletedReports,
  markAgentFinished,
  markAgentStarted,
  markReportProcessing,
} from './repository';
import { resolveAsset } from './resolve-asset';
import { SCORERS } from './scoring';
import type { ResearchSources } from './sources/types';
import { verdictOf } from './verdict';
import { type CategoryWriter, naming } from './writer';

// One report's research: resolve the asset, run the 12 category agents in parallel (each
// records its progress row when it starts and when it finishes), score, write, complete.
// Safe to run again after a crash: progress rows are upserted per (report, category).

export interface PipelineDeps {
  db: Database;
  queue: JobQueue;
  sources: ResearchSources;
  writer: CategoryWriter;
  log: Logger;
  now?: () => Date;
  /** Test hook: runs after an agent has its evidence, before it records its result. */
  beforeAgentFinishes?: (key: CategoryKey) => Promise<void>;
}

/**
 * The peers' own latest published reports, read once when a report is written: its peer lines
 * and category comparisons cite them (decision 0253). A peer without one is not yet researched.
 */
export async function storedPeerReports(db: DbExecutor, assetIds: string[]): Promise<PeerReports> {
  const rows = await latestCompletedReports(db, assetIds);
  return new Map(
    rows.map((row): [string, PeerReport] => {
      const level = (row.scores as { riskLevel?: unknown } | null)?.riskLevel;
      const riskLevel = RISK_LEVELS.includes(level as RiskLevel) ? (level as RiskLevel) : null;
      const rated = isRated(row.scores as { rated?: unknown } | null) && riskLevel !== null;
      return [
        row.assetId,
        {
          reportId: row.id,
          version: row.version,
          date: row.completedAt.toISOString().slice(0, 10),
          rated,
          total: rated ? Number(row.compositeScore) : null,
          riskLevel: rated ? riskLevel : null,
          categories: CATEGORIES.map((c) => {
            const stored = row.categories.find((p) => p.key === c.key);
            const data = agentResearchDataSchema.safeParse(stored?.data);
            const hasEvidence =
              data.success &&
              (data.data.coverage ? data.data.coverage.kind !== 'none' : data.data.sources.length > 0);
            return { key: c.key, score: Number(stored?.score ?? 1), hasEvidence };
          }),
        },
      ];
    }),
  );
}

export type PipelineOutcome = 'completed' | 'already-completed' | 'missing';

export async function runResearch(deps: PipelineDeps, reportId: number): Promise<PipelineOutcome> {
  const { db, sources, writer, log } = deps;
  const now = deps.now ?? (() => new Date());
  const report = await findResearchReport(db, reportId);
  if (!report) return 'missing';
  if (report.status === 'completed') return 'already-completed';

  await markReportProcessing(db, reportId);

  // The asset the buyer picked (by id) first; the typed name only for older purchases.
  const asset: AssetRef | null = await resolveAsset(sources, {
    assetId: report.assetId,
    assetName: report.assetName,
  });
  let market: Promise<MarketEvidence> | undefined;
  let security: Promise<SecurityEvidence> | undefined;
  // Fetched once, shared by the agents that need them; started by the first agent that asks.
  const marketOnce = (ref: AssetRef) => {
    market = market ?? sources.market(ref);
    return market;
  };
  const securityOnce = (ref: AssetRef) => {
    security = security ?? sources.security(ref);
    return security;
  };
  // Every agent reads the whole evidence, as the peers and the offline reports do: a knockout
  // documented in the incident records decides Team and Existence/Growth whatever the market says.
  const evidenceFor = async (): Promise<AssetEvidence> => {
    if (!asset) return {};
    const [marketPart, securityPart] = await Promise.all([marketOnce(asset), securityOnce(asset)]);
    return { ...marketPart, ...securityPart };
  };

  // What the asset is (from the resolution, else the market profile): it picks the peers.
  let kindOnce: Promise<AssetKind | null> | undefined;
  const kindOf = (): Promise<AssetKind | null> => {
    kindOnce =
      kindOnce ??
      (async () => {
        if (!asset) return null;
        if (asset.kind) return asset.kind;
        const evidence = await marketOnce(asset);
        return evidence.profile?.value.kind ?? kindFromEvidence(evidence);
      })();
    return kindOnce;
  };

  let peerReportsOnce: Promise<PeerReports> | undefined;
  const peerReportsOf = (kind: AssetKind | null): Promise<PeerReports> => {
    peerReportsOnce =
      peerReportsOnce ??
      storedPeerReports(
        db,
        peersOfKind(kind, asset?.id ?? null).map((a) => a.id),
      );
    return peerReportsOnce;
  };

  const runAgent = async (category: Category): Promise<CategoryResult> => {
    await markAgentStarted(db, reportId, category);
    const evidence = await evidenceFor();
    // Scored only on cited evidence; a gap is not assessed (decision 0320).
    const assessment = assess(SCORERS[category.key](evidence, now()));
    const kind = await kindOf();
    const peers = categoryPeers(
      category.key,
      { assetId: asset?.id ?? null, kind },
      await peerReportsOf(kind),
    );
    const written = await writer.write({
      asset,
      assetName: report.assetName,
      category,
      assessment,
      ...(peers ? { peers } : {}),
    });
    await deps.beforeAgentFinishes?.(category.key);
    // The scorers say "this asset"; the stored facts and risks name it.
    const name = asset?.name ?? report.assetName;
    const facts = assessment.facts.map((fact) => naming(fact, name));
    const optional = {
      ...(written.scoreNote ? { scoreNote: written.scoreNote } : {}),
      ...(assessment.nextUp ? { nextUp: assessment.nextUp } : {}),
      ...(assessment.nextDown ? { nextDown: assessment.nextDown } : {}),
      ...(assessment.keyRisk ? { keyRisk: naming(assessment.keyRisk, name) } : {}),
      ...(assessment.keyRiskStatedUnder ? { keyRiskStatedUnder: assessment.keyRiskStatedUnder } : {}),
      ...(assessment.status === 'scored' && assessment.knockout ? { knockout: assessment.knockout } : {}),
    };
    const coverage = assessmentCoverage(assessment);
    const data: AgentResearchData = {
      findings: written.findings,
      analysis: written.analysis,
      sources: citedSources(assessment),
      facts,
      coverage,
      ...optional,
      ...(assessment.chart ? { chart: assessment.chart } : {}),
    };
    await markAgentFinished(db, reportId, category.key, written.score, data);
    return {
      key: category.key,
      score: written.score,
      findings: written.findings,
      analysis: written.analysis,
      sources: citedSources(assessment),
      facts,
      coverage,
      ...optional,
      ...(peers ? { peerEvidence: peerEvidenceOf(peers) } : {}),
    };
  };

  const settled = await Promise.allSettled(CATEGORIES.map(runAgent));
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failure) throw failure.reason;
  const results = settled.map((s) => (s as PromiseFulfilledResult<CategoryResult>).value);

  const scores = verdictOf(results);
  const subjectName = asset?.name ?? report.assetName;
  const dataNote = dataNoteFor(sources.mode, subjectName, now(), results);
  // What the asset is (from the resolution or the market profile), for the peer comparison.
  const marketEvidence = asset && market ? await market : undefined;
  const profile = marketEvidence?.profile?.value;
  const assetKind = asset ? await kindOf() : null;
  const platform = asset?.platform ?? profile?.platform;
  const describedAsset: AssetRef | null = asset
    ? { ...asset, ...(assetKind ? { kind: assetKind } : {}), ...(platform ? { platform } : {}) }
    : null;
  const checkedEvidence: AssetEvidence = asset
    ? { ...(market ? await market : {}), ...(security ? await security : {}) }
    : {};
  const checks = asset ? kindChecks(assetKind, checkedEvidence, now()) : [];
  const checkRisks = kindCheckRisks(checks, (key) => results.find((r) => r.key === key)?.score ?? 1);
  const textInput = {
    kindChecks: checks,
    kindCheckRisks: checkRisks,
    evidenceRisks: asset ? evidenceKeyRisks(checkedEvidence, subjectName) : [],
    assetName: report.assetName,
    asset: describedAsset,
    scores,
    results,
    dataNote,
    methodologyVersion: METHODOLOGY_VERSION,
    peers: peerGroupOf(
      { assetId: asset?.id ?? null, assetName: subjectName, kind: assetKind, platform, scores },
      await peerReportsOf(assetKind),
    ),
  };
  const rules = { summary: buildSummary(textInput), keyRisks: rulesKeyRisks(textInput) };
  const written =
    (await writer.summarize?.({
      asset,
      assetName: report.assetName,
      rules,
      results,
      peers: textInput.peers,
    })) ?? null;
  // The kind checks' risks stand whoever writes the prose: the LLM may not drop them.
  const writtenRisks = written
    ? [...written.keyRisks, ...checkRisks.filter((r) => !written.keyRisks.some((w) => w.text === r.text))]
    : [];
  const reportContent = buildReportText({
    ...textInput,
    ...(written ? { written: { ...written, keyRisks: writtenRisks } } : {}),
  });
  const stored: StoredSections = {
    ...(written
      ? { summary: written.summary, summaryWriter: 'llm', keyRisks: writtenRisks }
      : { summary: rules.summary, summaryWriter: 'rules', keyRisks: rules.keyRisks }),
    kindChecks: checks,
    // Stored once: the page and the PDF both render this value.
    ...(textInput.peers ? { peers: textInput.peers } : {}),
  };
  const allSources = new Map(results.flatMap((r) => r.sources).map((s) => [sourceKey(s), s]));
  // The evidence as scored, and when: a later version re-scores it under newer rules to tell a
  // change of the rules from a change of the asset.
  const storedEvidence: StoredEvidence | null = asset
    ? {
        scoredAt: now().toISOString(),
        ...(market ? await market : {}),
        ...(security ? await security : {}),
      }
    : null;
  const overview = results.find((r) => r.key === 'useCase')?.findings ?? null;

  const completed = await db.transaction(async (tx) => {
    const completedNow = await completeResearchReport(tx, reportId, {
      assetId: asset?.id ?? null,
      assetKind,
      projectOverview: asset ? overview : null,
      // A report without a verdict stores no composite (0.00, as before scoring).
      compositeScore: isRated(scores) ? scores.totalScore.toFixed(2) : '0.00',
      scores,
      researchData: {
        ...stored,
        asset: describedAsset,
        dataMode: sources.mode,
        writer: writer.kind,
        sources: [...allSources.values()],
        evidence: storedEvidence,
        categories: Object.fromEntries(
          results.map((r) => [
            r.key,
            {
              score: r.score,
              sources: r.sources,
              coverage: r.coverage,
              nextUp: r.nextUp,
              nextDown: r.nextDown,
              keyRisk: r.keyRisk,
            },
          ]),
        ),
      },
      reportContent,
      methodologyVersion: METHODOLOGY_VERSION,
    });
    if (!completedNow) return false;
    await sendJob(deps.queue, JOBS.renderPdf, { reportId }, { db: tx });
    return true;
  });
  log.info({ reportId, total: scores.totalScore, asset: asset?.id ?? null }, 'research completed');
  return completed ? 'completed' : 'already-completed';
}

/**
 * Where the report's data came from, closing the summary's coverage sentence. Offline, in a few
 * words with the span of the evidence's dates: each dataset (repository @ commit, licence) is
 * credited once under Data coverage and in the numbered sources, never in the summary.
 */
export function dataNoteFor(
  mode: ResearchSources['mode'],
  name: string,
  now: Date,
  categories: readonly { coverage?: CategoryCoverage }[] = [],
): string {
  if (mode !== 'offline')
    return `${name} was researched from live CoinGecko and DeFiLlama data retrieved on ${now.toISOString().slice(0, 10)}.`;
  // The dates the Data coverage rows print ("as of …"), so the span is the one a reader finds there.
  // The day a reference list was read ("read on …") is not a date of the data: it sets no span.
  const dates = categories
    .flatMap((c) =>
      c.coverage?.retrievedAt && !c.coverage.read ? [c.coverage.retrievedAt.slice(0, 10)] : [],
    )
    .sort();
  if (!dates.length) return `none of the offline snapshot's public datasets holds a record on ${name}.`;
  const span = dates[0] === dates.at(-1) ? dates[0] : `${dates[0]} to ${dates.at(-1)}`;
  return `the evidence is the offline snapshot's public datasets of ${span}, each credited under Data coverage and Sources.`;
}

/** The kind of asset when no source states it: a stablecoin or meme category, else its chain. */
function kindFromEvidence(evidence: MarketEvidence): AssetKind | null {
  const categories = evidence.useCase?.value.categories.join(' ').toLowerCase() ?? '';
  if (categories.includes('stablecoin')) return 'stablecoin';
  if (categories.includes('meme')) return 'meme';
  return evidence.chain?.value ?? null;
}
