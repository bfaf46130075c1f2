import { buildScores, CATEGORIES, type CategoryKey, METHODOLOGY_VERSION } from '../../contract/methodology';
import type { AgentResearchData } from '../../contract/reports';
import type { DbExecutor } from '../db/client';
import { researchProgress, researchReports, userPurchases } from '../db/schema';
import type { CategoryProgressForPdf, ReportForPdf } from '../pdf/document';

// A realistic completed report (12 agents with sourced findings) for the PDF tests, the browser
// test's seed and the benchmark. Inserted directly through the schema, as the research
// pipeline would leave it.

const SAMPLE_SCORES: Record<CategoryKey, number> = {
  marketCap: 4.5,
  volumeX2: 4,
  circulatingSupply: 3.5,
  totalSupply: 3,
  socialMetricsX2: 4,
  team: 3.5,
  useCase: 4,
  existenceGrowthX2: 4.5,
  audits: 3,
  dexHolders: 2.5,
  hacksScandals: 4,
  layer1: 5,
};

const day = '2026-11-20';
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'asset';
const at = (minute: number) => `${day}T14:${String(minute).padStart(2, '0')}:00.000Z`;

function sampleResearch(assetName: string, key: CategoryKey, index: number): AgentResearchData {
  const category = CATEGORIES.find((c) => c.key === key)!;
  const score = SAMPLE_SCORES[key];
  const findings =
    `${category.name}: ${assetName} was compared with the 250 largest assets by market value on ${day}. ` +
    `The market data shows a ${score >= 4 ? 'strong' : score >= 3 ? 'moderate' : 'weak'} position in this category: ` +
    `the 30-day median is ${(12.4 + index * 1.7).toFixed(1)}% above the peer median, with a dispersion of ` +
    `${(3.1 + index * 0.4).toFixed(1)} points. [${index * 2 + 1}] ` +
    `A second, independent source confirms the figure within 2%. [${index * 2 + 2}]`;
  const analysis =
    `The ${category.agentName} weighs level, trend and reliability of the evidence. ` +
    `The level alone would justify a score near ${Math.min(5, score + 0.5).toFixed(1)}, but the trend over the last ` +
    `quarter is flatter than the peer group and one data point could only be confirmed by a single source. ` +
    `Net of these factors the category scores ${score.toFixed(1)} out of 5.\n\n` +
    `What would change the score: a sustained move of the peer-relative median by more than 10 points, ` +
    `or a second independent confirmation of the single-sourced figure.`;
  return {
    findings,
    analysis,
    sources: [
      {
        title: `CoinGecko market data — ${category.name.toLowerCase()} for ${assetName}`,
        url: `https://www.coingecko.com/en/coins/${slug(assetName)}#${key}`,
        retrievedAt: at(index * 2),
      },
      {
        title: `DeFiLlama protocol dataset (${category.name})`,
        dataset: {
          name: 'DefiLlama/defillama-server',
          version: day,
          license: 'MIT',
          url: 'https://github.com/DefiLlama/defillama-server',
        },
        live: false,
        retrievedAt: at(index * 2 + 1),
      },
    ],
    ...(key === 'dexHolders'
      ? { scoreNote: 'Lowered by 0.5: the top ten holders control more than 40% of the DEX liquidity.' }
      : {}),
  };
}

export function sampleReportContent(assetName: string): string {
  return [
    `${assetName} scores well on market depth, longevity and its own base-layer network, with moderate supply ` +
      `concentration and a thin audit record. Overall it lands in the Potential Risk to Likely Safe range: an ` +
      `established asset whose main weaknesses are holder concentration on decentralised exchanges and the age of its audits.`,
    `Market position. Market capitalisation and trading volume are in the top decile of the compared assets, and ` +
      `volume is spread over many venues rather than one exchange, which makes the price harder to move.`,
    `Supply. Circulating supply is about 78% of the total supply; the remaining emission schedule is public and ` +
      `runs for six more years. No unexplained mint events were found in the period reviewed.`,
    `Risks. The top ten holders control more than 40% of the liquidity on decentralised exchanges, and the last ` +
      `full external audit is older than two years. No hacks or scandals were found in the sources consulted.`,
  ].join('\n\n');
}

/** The rows of a completed sample report as the database returns them (for database-free renders). */
export function sampleReportRows(
  assetName: string,
  reportId = 1,
): { report: ReportForPdf; progress: CategoryProgressForPdf[] } {
  const scores = buildScores(SAMPLE_SCORES);
  return {
    report: {
      id: reportId,
      assetName,
      status: 'completed',
      compositeScore: scores.totalScore.toFixed(2),
      scores,
      reportContent: sampleReportContent(assetName),
      methodologyVersion: METHODOLOGY_VERSION,
      createdAt: new Date(`${day}T14:00:00.000Z`),
      completedAt: new Date(`${day}T14:30:00.000Z`),
    },
    progress: CATEGORIES.map((category, index) => ({
      categoryKey: category.key,
      agentName: category.agentName,
      status: 'completed' as const,
      score: SAMPLE_SCORES[category.key].toFixed(2),
      researchData: sampleResearch(assetName, category.key, index),
      completedAt: new Date(at(index * 2 + 1)),
    })),
  };
}

export interface SeedOptions {
  assetName: string;
  /** A user who bought the report (a completed card purchase is added). */
  buyerUserId?: number;
  status?: 'pending' | 'processing' | 'completed' | 'failed';
  completedAt?: Date;
}

/** Inserts a report with its 12 agent rows (and optionally a completed purchase); returns its id. */
export async function seedSampleReport(db: DbExecutor, options: SeedOptions): Promise<number> {
  const status = options.status ?? 'completed';
  const completed = status === 'completed';
  const completedAt = options.completedAt ?? new Date(`${day}T14:30:00.000Z`);
  const scores = buildScores(SAMPLE_SCORES);
  const [report] = await db
    .insert(researchReports)
    .values({
      assetName: options.assetName,
      status,
      compositeScore: completed ? scores.totalScore.toFixed(2) : '0',
      scores: completed ? scores : {},
      reportContent: completed ? sampleReportContent(options.assetName) : null,
      methodologyVersion: METHODOLOGY_VERSION,
      isPublic: completed,
      completedAt: completed ? completedAt : null,
    })
    .returning({ id: researchReports.id });
  const reportId = report!.id;
  await db.insert(researchProgress).values(
    CATEGORIES.map((category, index) => ({
      reportId,
      categoryKey: category.key,
      agentName: category.agentName,
      status: completed ? ('completed' as const) : ('processing' as const),
      score: completed ? SAMPLE_SCORES[category.key].toFixed(2) : null,
      researchData: completed ? sampleResearch(options.assetName, category.key, index) : null,
      startedAt: new Date(at(index * 2)),
      completedAt: completed ? new Date(at(index * 2 + 1)) : null,
    })),
  );
  if (options.buyerUserId !== undefined) {
    await db.insert(userPurchases).values({
      userId: options.buyerUserId,
      reportId,
      purchaseType: 'new_report',
      assetName: options.assetName,
      amount: '4.99',
      paymentMethod: 'card',
      stripePaymentIntentId: `pi_seed_${reportId}_${options.buyerUserId}_${Date.now()}`,
      status: 'completed',
      completedAt,
    });
  }
  return reportId;
}
