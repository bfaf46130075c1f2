import { createRequire } from 'node:module';
import type OpenAI from 'openai';
import type { Logger } from 'pino';
import { z } from 'zod';
import { CATEGORIES, type Category, RISK_LEVEL_LABELS } from '../../contract/methodology';
import { joinNames, type KeyRisk, type PeerGroup, type Source } from '../../contract/reports';
import { SCORING_RULES } from '../../contract/scoring-rules';
import type { Config } from '../config';
import { countWriterFallback } from '../metrics/registry';
import { type Assessment, citedSources, scoreOf } from './assessment';
import { unsupportedNumbers } from './claim-numbers';
import type { AssetRef } from './evidence';
import type { CategoryPeers } from './peers';
import type { CategoryResult } from './report-text';
import { QUALITATIVE_CATEGORIES } from './scoring';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// Turns one category's assessment into findings and analysis. The deterministic writer always
// works; the optional LLM writer (any OpenAI-compatible API) writes from the evidence pack only,
// and its answer is rejected (deterministic text instead) if it cites anything the pack lacks.

export interface WriterInput {
  asset: AssetRef | null;
  assetName: string;
  category: Category;
  /** Scored, or not assessed (then the writer only states the gap and what was searched). */
  assessment: Assessment;
  /** The same category across the asset's peers in the dataset; absent when its kind is unknown. */
  peers?: CategoryPeers;
}

export interface WrittenCategory {
  findings: string;
  analysis: string;
  score: number;
  scoreNote?: string;
  writer: 'deterministic' | 'llm';
}

/** The report-level text: what the rules wrote, and the evidence it was written from. */
export interface SummaryInput {
  asset: AssetRef | null;
  assetName: string;
  rules: { summary: string; keyRisks: KeyRisk[] };
  results: CategoryResult[];
  /** The named peers the report stores; the model may compare with them. */
  peers?: PeerGroup | null;
}

export interface WrittenSummary {
  summary: string;
  keyRisks: KeyRisk[];
}

export interface CategoryWriter {
  readonly kind: 'deterministic' | 'llm';
  write(input: WriterInput): Promise<WrittenCategory>;
  /** The executive summary and key risks; null keeps the rule-based text. */
  summarize?(input: SummaryInput): Promise<WrittenSummary | null>;
}

/** Documents cited by address in a category's findings; the report's source list holds them all. */
const CITED_IN_FINDINGS = 5;

const citation = (sources: Source[]) => {
  const names = [...new Set(sources.map((s) => s.url ?? s.dataset?.name ?? s.title))];
  if (!names.length) return '';
  const more = names.length - CITED_IN_FINDINGS;
  return ` (Sources: ${names.slice(0, CITED_IN_FINDINGS).join('; ')}${more > 0 ? `; and ${more} more in the source list` : ''})`;
};

/** The asset as the text names it: its resolved name, else the name the buyer typed. */
export const subjectName = (input: Pick<WriterInput, 'asset' | 'assetName'>) =>
  input.asset?.name ?? input.assetName;

/** Scorers write "this asset"; the report names it. */
export const naming = (text: string, name: string) =>
  text
    .replace(/\b[Tt]his asset's\b/g, `${name}'s`)
    .replace(/\b[Tt]his asset\b|\b[Tt]he asset\b/g, name)
    .replace(/^It /, `${name} `)
    .replace(/^Its /, `${name}'s `);

/** A fact that ends on a link or a quoted description still ends its sentence. */
const asSentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** How the asset's evidence in one category compares with its peers', named. */
function peerSentence(
  name: string,
  category: string,
  score: number,
  found: boolean,
  peers: CategoryPeers | undefined,
): string {
  if (!peers) return '';
  const { compared, withEvidence, kindPlural } = peers;
  // No peer with a report of its own: the peer comparison section says so once, and the
  // analysis says what the asset's own score means instead.
  if (compared === 0) return '';
  // Only peers with a published report of their own are compared, with that report's scores.
  const others =
    compared === 1
      ? `the one other ${kindPlural.replace(/s$/, '')} researched so far`
      : `the ${compared} other ${kindPlural} researched so far`;
  const scored = (list: { name: string; score: number }[]) =>
    joinNames(list.slice(0, 3).map((p) => `${p.name} ${p.score}/5`));
  // A gap: the category label says it is not counted; what is particular to the asset is which
  // of its peers the sources do cover.
  if (!found) {
    // No peer has it either: the summary's coverage sentence says so once for all such gaps.
    if (withEvidence.length === 0) return '';
    // The one peer researched: named as the one, never "only 1 has".
    if (compared === 1)
      return `The ${others.slice(4)}, ${withEvidence[0]!.name}, has ${category} evidence (${withEvidence[0]!.score}/5); ${name} has none.`;
    // Every peer has it: "both" or "all N", never "only" of the whole group.
    if (withEvidence.length === compared)
      return `Of ${others}, ${compared === 2 ? 'both' : `all ${compared}`} have ${category} evidence${withEvidence.length > 3 ? ', among them ' : ': '}${scored(withEvidence)}; ${name} has none.`;
    return withEvidence.length > 3
      ? `${withEvidence.length} of ${others} have ${category} evidence, among them ${scored(withEvidence)}; ${name} has none.`
      : `Of ${others}, only ${scored(withEvidence)} ${withEvidence.length === 1 ? 'has' : 'have'} ${category} evidence; ${name} has none.`;
  }
  if (withEvidence.length === 0)
    return compared === 1
      ? `The ${others.slice(4)} has no ${category} evidence, so ${name} cannot be ranked against it on it.`
      : `None of ${others} has ${category} evidence, so ${name} cannot be ranked against them on it.`;
  // One peer with evidence: said of that peer, never "1 has … the nearest are X".
  if (withEvidence.length === 1) {
    const peer = withEvidence[0]!;
    const against =
      peer.score > score
        ? `higher than ${name}`
        : peer.score < score
          ? `lower than ${name}`
          : `the same as ${name}`;
    const lead =
      compared === 1
        ? `The ${others.slice(4)}, ${peer.name}, has ${category} evidence too`
        : `Of ${others}, only ${peer.name} has ${category} evidence`;
    return `${lead}: it scores ${peer.score}/5, ${against}.`;
  }
  const lower = withEvidence.filter((p) => p.score < score).length;
  const higher = withEvidence.filter((p) => p.score > score).length;
  const same = withEvidence.filter((p) => p.score === score);
  const position =
    higher === 0 && lower === 0
      ? `all of them score the same as ${name}`
      : higher === 0
        ? `no peer scores higher than ${name}`
        : lower === 0 && higher > 0
          ? `every peer that differs scores higher than ${name}`
          : `${lower} ${lower === 1 ? 'scores' : 'score'} lower than ${name} and ${higher} higher`;
  const nearest = same.length
    ? `${joinNames(same.slice(0, 3).map((p) => p.name))} ${same.length === 1 ? 'matches' : 'match'} its ${score}/5`
    : `the nearest ${Math.min(withEvidence.length, 3) === 1 ? 'is' : 'are'} ${scored([...withEvidence].sort((a, b) => Math.abs(a.score - score) - Math.abs(b.score - score)))}`;
  const count =
    withEvidence.length === compared && compared > 1
      ? 'all have'
      : `${withEvidence.length} ${withEvidence.length === 1 ? 'has' : 'have'}`;
  return `Of ${others}, ${count} ${category} evidence: ${position}; ${nearest}.`;
}

/**
 * The analysis of one category, about the asset: how it compares with its peers, and the risk it
 * shows. What a score level means in general is the same for every asset and belongs on the
 * methodology page: with no researched peer and no risk found, the figures stand alone and the
 * analysis is empty (the page and the PDF then print no analysis block).
 */
export function analysisOf(input: WriterInput): string {
  const { category, assessment } = input;
  const name = subjectName(input);
  const found = assessment.status === 'scored';
  const peers = peerSentence(name, category.name, scoreOf(assessment), found, input.peers);
  return [peers, found && assessment.keyRisk ? naming(assessment.keyRisk, name) : '']
    .filter(Boolean)
    .join(' ');
}

export const deterministicWriter: CategoryWriter = {
  kind: 'deterministic',
  async write(input) {
    const { assessment } = input;
    const name = subjectName(input);
    return {
      findings: `${assessment.facts.map((fact) => asSentence(naming(fact, name))).join(' ')}${citation(citedSources(assessment))}`,
      analysis: analysisOf(input),
      score: scoreOf(assessment),
      writer: 'deterministic',
    };
  },
};

export const llmAnswerSchema = z.object({
  findings: z.string().min(1).max(2_000),
  analysis: z.string().min(1).max(3_000),
  scoreAdjustment: z.number().int().min(-1).max(1).default(0),
  adjustmentReason: z.string().max(500).optional(),
});

export const llmSummarySchema = z.object({
  summary: z.string().min(1).max(4_000),
  keyRisks: z.array(z.object({ category_key: z.string(), text: z.string().min(1).max(600) })).max(12),
});

export interface LlmWriterOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
  retries?: number;
  onFallback?: (reason: string) => void;
}

const URL_PATTERN = /https?:\/\/[^\s)"'\]]+/g;

/**
 * Every number and every link in the writer's text must appear in the evidence pack (the
 * facts, the rule or the sources): a claim without a source is not accepted. A number must
 * restate a fact with its scale, kind and counted thing (claim-numbers.ts), not merely share
 * digits with something in the pack.
 */
export function unsupportedClaims(text: string, pack: string, sources: Source[]): string[] {
  const urls = new Set(sources.map((s) => s.url).filter(Boolean));
  const problems: string[] = unsupportedNumbers(text, pack);
  for (const url of text.match(URL_PATTERN) ?? []) {
    if (!urls.has(url.replace(/[.,;]+$/, ''))) problems.push(`link ${url}`);
  }
  return [...problems, ...unsupportedNames(text, pack)];
}

/** Words a text may capitalise without the pack naming them: the methodology's own vocabulary. */
const VOCABULARY = new Set(
  [
    ...CATEGORIES.flatMap((c) => c.name.split(/[\s/]+/)),
    ...Object.values(RISK_LEVEL_LABELS).flatMap((label) => label.split(' ')),
    'Excellent',
    'Good',
    'Poor',
    'Not',
    'Crow',
    'Research',
    'AI',
  ].map((word) => word.toLowerCase()),
);

/** Asset names and tickers of the catalogue, which a model might bring in from memory. */
const CATALOGUE_NAMES = [
  ...new Set(
    SNAPSHOT_ASSETS.flatMap((asset) => [asset.name, asset.symbol]).filter(
      (name) => name.length >= 4 || /^[A-Z0-9]{3}$/.test(name),
    ),
  ),
];
/** A phrase as a regular expression that matches only itself. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Names the pack does not hold: a capitalised word inside a sentence (a project, a person, an
 * auditor, an exchange) or an asset of the catalogue anywhere. The model may name the asset and
 * its peers because the pack holds them; anything else would come from its memory.
 */
export function unsupportedNames(text: string, pack: string): string[] {
  const known = pack.toLowerCase();
  const problems = new Set<string>();
  const withoutLinks = text.replace(URL_PATTERN, ' ');
  for (const sentence of withoutLinks.split(/(?<=[.!?:;])\s+/)) {
    const words = [...sentence.matchAll(/\b[A-Z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*/g)];
    for (const match of words) {
      if (match.index === sentence.search(/[A-Za-z]/)) continue;
      const word = match[0].replace(/['’]s$/, '');
      if (known.includes(word.toLowerCase()) || VOCABULARY.has(word.toLowerCase())) continue;
      problems.add(`name ${word}`);
    }
  }
  for (const name of CATALOGUE_NAMES) {
    if (known.includes(name.toLowerCase())) continue;
    if (new RegExp(`(^|[^A-Za-z0-9])${escapeRegExp(name)}(?![A-Za-z0-9])`).test(withoutLinks))
      problems.add(`name ${name}`);
  }
  return [...problems];
}

/** The request parameter a 400 says the model does not support ("temperature"), if that is the refusal. */
function refusedParameterOf(error: unknown): 'temperature' | 'response_format' | undefined {
  const e = error as { status?: number; param?: unknown; code?: unknown; message?: unknown };
  if (e?.status !== 400) return undefined;
  const named =
    typeof e.param === 'string'
      ? e.param
      : /Unsupported (?:parameter|value): '([a-z_]+)'/.exec(String(e.message ?? ''))?.[1];
  return named === 'temperature' || named === 'response_format' ? named : undefined;
}

/** The OpenAI SDK, loaded only when an LLM writer is configured (it costs start-up time otherwise). */
const openAiSdk = () => createRequire(import.meta.url)('openai') as { default: typeof OpenAI };

export function createLlmWriter(options: LlmWriterOptions): CategoryWriter {
  const client = new (openAiSdk().default)({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs ?? 20_000,
    maxRetries: options.retries ?? 1,
  });
  /** Request parameters a model refused (400 "Unsupported parameter"): left out from then on. */
  const refusedParameters = new Set<string>();
  const complete = (system: string, user: string) =>
    client.chat.completions.create({
      model: options.model,
      ...(refusedParameters.has('temperature') ? {} : { temperature: 0.2 }),
      ...(refusedParameters.has('response_format')
        ? {}
        : { response_format: { type: 'json_object' as const } }),
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    });
  /** One JSON answer from the model, or the reason there is none. */
  const askJson = async (system: string, user: string): Promise<{ json: unknown } | { failure: string }> => {
    let choice: OpenAI.Chat.Completions.ChatCompletion['choices'][number] | undefined;
    try {
      try {
        choice = (await complete(system, user)).choices[0];
      } catch (error) {
        // Reasoning models refuse `temperature` (and some servers `response_format`) with a 400
        // naming the parameter: asked once more without it, and never again with it.
        const parameter = refusedParameterOf(error);
        if (!parameter || refusedParameters.has(parameter)) throw error;
        refusedParameters.add(parameter);
        choice = (await complete(system, user)).choices[0];
      }
    } catch (error) {
      return {
        failure: `the language model call failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    const message = choice?.message;
    if (message?.refusal) return { failure: `the language model refused: ${message.refusal}` };
    if (choice?.finish_reason === 'length')
      return { failure: 'the language model answer was cut off at its length limit' };
    if (choice?.finish_reason === 'content_filter')
      return { failure: 'the language model answer was withheld by its content filter' };
    try {
      return { json: JSON.parse(message?.content ?? '') };
    } catch {
      return { failure: 'the language model answer is not JSON' };
    }
  };

  return {
    kind: 'llm',
    async summarize(input) {
      const reject = (reason: string) => {
        options.onFallback?.(`summary: ${reason}`);
        return null;
      };
      const sources = input.results.flatMap((r) => r.sources);
      const pack = {
        asset: input.asset ?? { name: input.assetName },
        ruleSummary: input.rules.summary,
        ruleKeyRisks: input.rules.keyRisks,
        categories: input.results.map((r) => ({
          key: r.key,
          score: r.score,
          facts: r.facts ?? [r.findings],
          keyRisk: r.keyRisk,
          sources: r.sources,
        })),
        peers: input.peers ?? null,
      };
      const packText = JSON.stringify(pack);
      const answer = await askJson(
        'You are a careful crypto research analyst writing for a buyer. Write only from the evidence pack you are given; never add facts, numbers, names or links that are not in it. ' +
          'Answer with a JSON object: {"summary": string, "keyRisks": [{"category_key": string, "text": string}]}. ' +
          'The summary is prose: the verdict, the three strongest and three weakest categories with the fact behind each (no category in both; call ties ties), and it ends with the data coverage. ' +
          'Each key risk names one category key of the pack and the evidence behind it.',
        packText,
      );
      if ('failure' in answer) return reject(answer.failure);
      const parsed = llmSummarySchema.safeParse(answer.json);
      if (!parsed.success) return reject('the language model answer has an unexpected shape');
      const byKey = new Map(input.results.map((r) => [r.key as string, r]));
      const keyRisks: KeyRisk[] = [];
      for (const risk of parsed.data.keyRisks) {
        const result = byKey.get(risk.category_key);
        if (!result) return reject(`a key risk names an unknown category ${risk.category_key}`);
        keyRisks.push({
          category_key: result.key,
          category: CATEGORIES.find((c) => c.key === result.key)?.name ?? result.key,
          score: result.score,
          text: risk.text.trim(),
        });
      }
      const text = [parsed.data.summary, ...keyRisks.map((r) => r.text)].join(' ');
      const problems = unsupportedClaims(text, packText, sources);
      if (problems.length) return reject(`the language model wrote unsourced claims: ${problems.join(', ')}`);
      return { summary: parsed.data.summary.trim(), keyRisks };
    },
    async write(input) {
      const fallback = async (reason: string) => {
        options.onFallback?.(reason);
        return deterministicWriter.write(input);
      };
      const { category, assessment } = input;
      // A category not assessed has nothing for a model to write from.
      if (assessment.status !== 'scored') return deterministicWriter.write(input);
      const rule = SCORING_RULES[category.key];
      // A knockout is a documented finding, not a judgement: the writer cannot move it.
      const adjustable = QUALITATIVE_CATEGORIES.has(category.key) && !assessment.knockout;
      const pack = {
        asset: input.asset ?? { name: input.assetName },
        category: category.name,
        measures: rule.measures,
        ruleScore: assessment.score,
        rationale: assessment.rationale,
        facts: assessment.facts,
        sources: assessment.sources,
        peers: input.peers ?? null,
      };
      const packText = JSON.stringify(pack);
      const reply = await askJson(
        'You are a careful crypto research analyst. Write only from the evidence pack you are given; never add facts, numbers, names or links that are not in it. ' +
          'The analysis is about the asset: what its facts mean and how they compare with the peers in the pack (other assets of its kind, with their scores); do not describe the scoring method. ' +
          'Answer with a JSON object: {"findings": string, "analysis": string, "scoreAdjustment": -1|0|1, "adjustmentReason": string}. ' +
          (adjustable
            ? 'You may adjust the rule score by at most one point when the evidence clearly justifies it; give the reason.'
            : 'scoreAdjustment must be 0 for this category.'),
        packText,
      );
      if ('failure' in reply) return fallback(reply.failure);
      const answer = llmAnswerSchema.safeParse(reply.json);
      if (!answer.success) return fallback('the language model answer has an unexpected shape');
      const { findings, analysis, scoreAdjustment, adjustmentReason } = answer.data;
      // The reason is published next to the score it moves: it is checked like the text.
      const problems = unsupportedClaims(
        `${findings} ${analysis} ${adjustmentReason ?? ''}`,
        packText,
        assessment.sources,
      );
      if (problems.length)
        return fallback(`the language model wrote unsourced claims: ${problems.join(', ')}`);
      let score = assessment.score;
      let scoreNote: string | undefined;
      if (adjustable && scoreAdjustment !== 0 && adjustmentReason?.trim()) {
        score = Math.min(5, Math.max(1, assessment.score + scoreAdjustment));
        if (score !== assessment.score) {
          scoreNote = `Adjusted from ${assessment.score} to ${score} by the AI writer: ${adjustmentReason.trim()}`;
        }
      }
      return {
        findings: `${findings.trim()}${citation(assessment.sources)}`,
        analysis: analysis.trim(),
        score,
        ...(scoreNote ? { scoreNote } : {}),
        writer: 'llm',
      };
    },
  };
}

/** The metric label of a fallback reason. */
export function fallbackKindOf(reason: string): string {
  if (/ refused: /.test(reason)) return 'refused';
  if (/cut off|content filter/.test(reason)) return 'cut-off';
  if (/call failed/.test(reason)) return 'call-failed';
  if (/not JSON/.test(reason)) return 'not-json';
  if (/unexpected shape|unknown category/.test(reason)) return 'unexpected-shape';
  if (/unsourced claims/.test(reason)) return 'unsourced-claims';
  return 'other';
}

/** The writer the configuration asks for: the LLM writer when one is configured, else the rules. */
export function writerFromConfig(config: Config, log: Logger): CategoryWriter {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_SECONDS } = config;
  if (!LLM_BASE_URL || !LLM_MODEL) return deterministicWriter;
  return createLlmWriter({
    baseUrl: LLM_BASE_URL,
    apiKey: LLM_API_KEY,
    model: LLM_MODEL,
    timeoutMs: LLM_TIMEOUT_SECONDS * 1000,
    onFallback: (reason) => {
      countWriterFallback(fallbackKindOf(reason));
      log.warn({ reason }, 'LLM writer fell back to the deterministic writer');
    },
  });
}
