import { readFileSync } from 'node:fs';
import { z } from 'zod';

// `npm run research:live-check`: after a deployment, one call to each live provider whose key
// (or own endpoint) is configured, compared with what this code expects: the recorded response
// of that call when one is stored (fixtures/recorded/, same status), else the shape the source
// validates. It prints what changed; a provider without its key is skipped and named.

export type CheckOutcome = 'same' | 'changed' | 'failed' | 'skipped';

export interface CheckResult {
  provider: string;
  outcome: CheckOutcome;
  lines: string[];
}

interface ProviderCheck {
  provider: string;
  /** Why it is skipped (the missing setting), or undefined when it can run. */
  skip?: string | undefined;
  request: () => { url: string; init?: RequestInit };
  /** Recorded responses of this call (by name); the one with the live status is compared. */
  recorded?: string[];
  /** The shape the source reads from a successful answer. */
  schema: z.ZodType;
}

export type LiveCheckEnv = Record<string, string | undefined>;

const RECORDED = new URL('./fixtures/recorded/', import.meta.url);

/** Every path of a JSON value with its type: arrays by their items ("tickers[].market.name"). */
export function shapeOf(value: unknown, path = '$', into = new Map<string, string>()): Map<string, string> {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const seen = into.get(path);
  into.set(path, seen && seen !== type ? [...new Set([...seen.split('|'), type])].sort().join('|') : type);
  if (Array.isArray(value)) for (const item of value.slice(0, 20)) shapeOf(item, `${path}[]`, into);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) shapeOf(child, `${path}.${key}`, into);
  return into;
}

/** What differs between a recorded shape and a live one, as lines for an operator. */
export function shapeChanges(recorded: Map<string, string>, live: Map<string, string>): string[] {
  const lines: string[] = [];
  for (const [path, type] of recorded) {
    const now = live.get(path);
    if (now === undefined) lines.push(`missing now: ${path} (was ${type})`);
    else if (now !== type) lines.push(`type changed: ${path} ${type} -> ${now}`);
  }
  for (const [path, type] of live) if (!recorded.has(path)) lines.push(`new: ${path} (${type})`);
  return lines;
}

const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

function checks(env: LiveCheckEnv): ProviderCheck[] {
  const coingeckoPro = env.COINGECKO_PLAN === 'pro';
  const coingeckoBase = (
    env.COINGECKO_BASE_URL ??
    (coingeckoPro ? 'https://pro-api.coingecko.com/api/v3' : 'https://api.coingecko.com/api/v3')
  ).replace(/\/+$/, '');
  const llamaPro = (env.DEFILLAMA_PRO_BASE_URL ?? 'https://pro-api.llama.fi').replace(/\/+$/, '');
  const ethplorer = (env.ETHPLORER_BASE_URL ?? 'https://api.ethplorer.io').replace(/\/+$/, '');
  const github = (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '');
  const llm = (env.LLM_BASE_URL ?? '').replace(/\/+$/, '');
  return [
    {
      provider: 'CoinGecko (search)',
      skip: env.COINGECKO_API_KEY ? undefined : 'COINGECKO_API_KEY is not set',
      request: () => ({
        url: `${coingeckoBase}/search?query=aave`,
        init: {
          headers: { [coingeckoPro ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key']: env.COINGECKO_API_KEY ?? '' },
        },
      }),
      schema: z.object({
        coins: z.array(z.object({ id: z.string(), name: z.string(), symbol: z.string() })),
      }),
    },
    {
      provider: 'DeFiLlama Pro (hacks)',
      skip: env.DEFILLAMA_API_KEY ? undefined : 'DEFILLAMA_API_KEY is not set',
      request: () => ({ url: `${llamaPro}/${encodeURIComponent(env.DEFILLAMA_API_KEY ?? '')}/api/hacks` }),
      schema: z.array(z.object({ date: z.number(), name: z.string() })),
    },
    {
      provider: 'Ethplorer (token info)',
      skip:
        env.ETHPLORER_API_KEY && env.ETHPLORER_API_KEY !== 'freekey'
          ? undefined
          : 'ETHPLORER_API_KEY is not set (the shared free key is not spent on checks)',
      request: () => ({
        url: `${ethplorer}/getTokenInfo/${USDT}?apiKey=${encodeURIComponent(env.ETHPLORER_API_KEY ?? '')}`,
      }),
      recorded: ['ethplorer-getTokenInfo-200', 'ethplorer-429-request-limit'],
      schema: z.object({ address: z.string(), holdersCount: z.number().nullish() }),
    },
    {
      provider: 'Solana RPC (largest token accounts)',
      skip: env.SOLANA_RPC_URL
        ? undefined
        : 'SOLANA_RPC_URL is not set (the public RPC cannot answer this call)',
      request: () => ({
        url: env.SOLANA_RPC_URL ?? '',
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'getTokenLargestAccounts',
            params: [USDC_MINT],
          }),
        },
      }),
      recorded: ['solana-getTokenLargestAccounts-32010'],
      schema: z.object({
        result: z.object({ value: z.array(z.object({ address: z.string(), amount: z.string() })) }),
      }),
    },
    {
      provider: 'GitHub (contributors)',
      skip: env.GITHUB_TOKEN ? undefined : 'GITHUB_TOKEN is not set',
      request: () => ({
        url: `${github}/repos/aave/aave-v3-core/contributors?per_page=1&anon=false`,
        init: {
          headers: {
            accept: 'application/vnd.github+json',
            'x-github-api-version': '2022-11-28',
            authorization: `Bearer ${env.GITHUB_TOKEN ?? ''}`,
          },
        },
      }),
      recorded: ['github-contributors-200', 'github-contributors-403-too-large'],
      schema: z.array(z.object({ login: z.string() })),
    },
    {
      provider: 'Language model (chat completion)',
      skip: llm && env.LLM_MODEL ? undefined : 'LLM_BASE_URL and LLM_MODEL are not set',
      request: () => ({
        url: `${llm}/chat/completions`,
        init: {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(env.LLM_API_KEY ? { authorization: `Bearer ${env.LLM_API_KEY}` } : {}),
          },
          body: JSON.stringify({
            model: env.LLM_MODEL,
            temperature: 0.2,
            response_format: { type: 'json_object' },
            messages: [{ role: 'user', content: 'Answer with the JSON object {"ok": true}.' }],
          }),
        },
      }),
      recorded: ['openai-chat-400-temperature'],
      schema: z.object({
        choices: z.array(z.object({ finish_reason: z.string().nullable(), message: z.object({}).loose() })),
      }),
    },
  ];
}

function recordedResponse(name: string): { status: number; body: string } {
  return JSON.parse(readFileSync(new URL(`${name}.response.json`, RECORDED), 'utf8'));
}

async function runOne(
  check: ProviderCheck,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<CheckResult> {
  const { provider } = check;
  if (check.skip) return { provider, outcome: 'skipped', lines: [check.skip] };
  const { url, init } = check.request();
  let status: number;
  let body: unknown;
  try {
    const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    const text = await response.text();
    try {
      body = JSON.parse(text);
    } catch {
      return { provider, outcome: 'failed', lines: [`HTTP ${status}: the answer is not JSON`] };
    }
  } catch (error) {
    return {
      provider,
      outcome: 'failed',
      lines: [`no answer: ${error instanceof Error ? error.message : String(error)}`],
    };
  }
  const recorded = (check.recorded ?? []).map((name) => ({ name, ...recordedResponse(name) }));
  const match = recorded.find((r) => r.status === status && shapeOf(JSON.parse(r.body)).size > 0);
  if (match) {
    const changes = shapeChanges(shapeOf(JSON.parse(match.body)), shapeOf(body));
    return {
      provider,
      outcome: changes.length ? 'changed' : 'same',
      lines: [`HTTP ${status}, compared with the recorded response ${match.name}`, ...changes],
    };
  }
  if (status < 200 || status >= 300)
    return { provider, outcome: 'failed', lines: [`HTTP ${status}: ${JSON.stringify(body).slice(0, 300)}`] };
  const parsed = check.schema.safeParse(body);
  return parsed.success
    ? { provider, outcome: 'same', lines: [`HTTP ${status}, the shape the source reads`] }
    : {
        provider,
        outcome: 'changed',
        lines: [
          `HTTP ${status}, not the shape the source reads:`,
          ...parsed.error.issues
            .slice(0, 10)
            .map((issue) => `${issue.path.join('.') || '$'}: ${issue.message}`),
        ],
      };
}

/** One call to each configured provider; the skipped ones say which setting is missing. */
export async function runLiveCheck(
  env: LiveCheckEnv,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 20_000,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks(env)) results.push(await runOne(check, fetchImpl, timeoutMs));
  return results;
}

export function formatLiveCheck(results: CheckResult[]): string {
  return results
    .map((r) =>
      [
        `${r.outcome.toUpperCase().padEnd(8)} ${r.provider}`,
        ...r.lines.map((line) => `         ${line}`),
      ].join('\n'),
    )
    .join('\n');
}
