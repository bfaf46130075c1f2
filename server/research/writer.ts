import OpenAI from 'openai';
import type { Logger } from 'pino';
import { z } from 'zod';
import { CATEGORIES, type Category } from '../../contract/methodology';
import type { KeyRisk, Source } from '../../contract/reports';
import { SCORING_RULES } from '../../contract/scoring-rules';
import type { Config } from '../config';
import type { AssetRef } from './evidence';
import type { CategoryResult } from './report-text';
import { type CategoryAssessment, QUALITATIVE_CATEGORIES } from './scoring';

// Turns one category's assessment into findings and analysis. The deterministic writer always
// works; the optional LLM writer (any OpenAI-compatible API) writes from the evidence pack only,
// and its answer is rejected (deterministic text instead) if it cites anything the pack lacks.

export interface WriterInput {
  asset: AssetRef | null;
  assetName: string;
  category: Category;
  assessment: CategoryAssessment;
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

export const deterministicWriter: CategoryWriter = {
  kind: 'deterministic',
  async write({ category, assessment }) {
    const rule = SCORING_RULES[category.key];
    return {
      findings: `${assessment.facts.join(' ')}${citation(assessment.sources)}`,
      // What the category measures, why this evidence scores what it does, and the risk it shows.
      analysis: [rule.measures, assessment.rationale, assessment.keyRisk].filter(Boolean).join(' '),
      score: assessment.score,
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

const NUMBER_PATTERN = /\d[\d,]*(?:\.\d+)?/g;
const URL_PATTERN = /https?:\/\/[^\s)"'\]]+/g;
const digitsOnly = (value: string) => value.replace(/,/g, '').replace(/\.0+$/, '');

/**
 * Every number and every link in the writer's text must appear in the evidence pack (the
 * facts, the rule or the sources): a claim without a source is not accepted.
 */
export function unsupportedClaims(text: string, pack: string, sources: Source[]): string[] {
  const known = new Set((pack.match(NUMBER_PATTERN) ?? []).map(digitsOnly));
  const urls = new Set(sources.map((s) => s.url).filter(Boolean));
  const problems: string[] = [];
  for (const value of text.match(NUMBER_PATTERN) ?? []) {
    if (!known.has(digitsOnly(value))) problems.push(`number ${value}`);
  }
  for (const url of text.match(URL_PATTERN) ?? []) {
    if (!urls.has(url.replace(/[.,;]+$/, ''))) problems.push(`link ${url}`);
  }
  return problems;
}

export function createLlmWriter(options: LlmWriterOptions): CategoryWriter {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs ?? 20_000,
    maxRetries: options.retries ?? 1,
  });
  /** One JSON answer from the model, or the reason there is none. */
  const askJson = async (system: string, user: string): Promise<{ json: unknown } | { failure: string }> => {
    let content: string | null | undefined;
    try {
      const completion = await client.chat.completions.create({
        model: options.model,
        temperature: 0.2,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      });
      content = completion.choices[0]?.message?.content;
    } catch (error) {
      return {
        failure: `the language model call failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    try {
      return { json: JSON.parse(content ?? '') };
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
      };
      const packText = JSON.stringify(pack);
      const answer = await askJson(
        'You are a careful crypto research analyst writing for a buyer. Write only from the evidence pack you are given; never add facts, numbers or links that are not in it. ' +
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
      if (!assessment.evidenceFound) return deterministicWriter.write(input);
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
      };
      const packText = JSON.stringify(pack);
      const reply = await askJson(
        'You are a careful crypto research analyst. Write only from the evidence pack you are given; never add facts, numbers or links that are not in it. ' +
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
      const problems = unsupportedClaims(`${findings} ${analysis}`, packText, assessment.sources);
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

/** The writer the configuration asks for: the LLM writer when one is configured, else the rules. */
export function writerFromConfig(config: Config, log: Logger): CategoryWriter {
  const { LLM_BASE_URL, LLM_API_KEY, LLM_MODEL } = config;
  if (!LLM_BASE_URL || !LLM_MODEL) return deterministicWriter;
  return createLlmWriter({
    baseUrl: LLM_BASE_URL,
    apiKey: LLM_API_KEY,
    model: LLM_MODEL,
    onFallback: (reason) => log.warn({ reason }, 'LLM writer fell back to the deterministic writer'),
  });
}
