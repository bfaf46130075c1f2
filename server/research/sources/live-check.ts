import { readFileSync } from 'node:fs';

// `npm run research:live-check`: after a deployment, every call the live research makes, on the
// path the configuration uses (keyed or keyless), once. Each answer's shape is compared with the
// fields and types the sources read, and those reads are proven against the call's stored answer
// (fixtures/recorded/, a recording or the provider's documentation example; a test checks that
// every fixture fits its call's reads). Each provider is then:
// - ok: every call answered in the shape the code reads;
// - changed: an answer lacks a field the code reads or has another type (the fields are named);
// - refused: an HTTP error or an error object (its status and body are printed);
// - unreachable: no answer (network, DNS, timeout);
// - not configured: a provider the configuration does not use (Blockfrost without a project id,
//   no language model): nothing is called.
// The command exits non-zero when any provider the configuration relies on is not ok.

export type ProviderOutcome = 'ok' | 'changed' | 'refused' | 'unreachable' | 'not configured';
type CallOutcome = Exclude<ProviderOutcome, 'not configured'>;

export interface ProviderResult {
  provider: string;
  /** The path the configuration takes ("public API, no key", "Pro key"…). */
  path: string;
  outcome: ProviderOutcome;
  /** True when reports need this provider as configured (its failure fails the check). */
  reliedOn: boolean;
  lines: string[];
}

/**
 * A field the code reads, by its path in shapeOf's notation ("$.coins[].id"), and the JSON
 * types it accepts ("string", "number|string"); a trailing "?" when the code does without it
 * (missing or null), so only another type is a change.
 */
export type FieldReads = Record<string, string>;

interface CallCheck {
  /** What the research calls it ("coin", "tickers page 1"…). */
  name: string;
  url: string;
  init?: RequestInit;
  /** The stored answer of this call the reads are proven against (fixtures/recorded/). */
  fixture: string;
  reads: FieldReads;
  /** An error answer the code handles as an answer (GitHub's 403 for a repository too large). */
  handled?: (status: number, body: string) => boolean;
}

interface ProviderCheck {
  provider: string;
  path: string;
  reliedOn: boolean;
  /** Why nothing is called (not configured). */
  notUsed?: string;
  calls: CallCheck[];
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

/**
 * The reads an answer does not fit, as lines for an operator: a required field missing, or any
 * read field with a type the code does not accept. Empty when the answer fits.
 */
export function readChanges(reads: FieldReads, answer: unknown): string[] {
  const shape = shapeOf(answer);
  const lines: string[] = [];
  for (const [path, spec] of Object.entries(reads)) {
    const optional = spec.endsWith('?');
    const accepted = new Set(spec.replace(/\?$/, '').split('|'));
    if (optional) accepted.add('null');
    const now = shape.get(path);
    if (now === undefined) {
      if (!optional) lines.push(`missing: ${path} (the code reads ${spec})`);
      continue;
    }
    const unexpected = now.split('|').filter((type) => !accepted.has(type));
    if (unexpected.length) lines.push(`type changed: ${path} is ${now}, the code reads ${spec}`);
  }
  return lines;
}

/** A stored answer's body (fixtures/recorded/<name>.response.json). */
export function fixtureBody(name: string): string {
  return (JSON.parse(readFileSync(new URL(`${name}.response.json`, RECORDED), 'utf8')) as { body: string })
    .body;
}

const trim = (url: string) => url.replace(/\/+$/, '');
// The assets the calls ask about: Aave (an ERC-20 with DeFiLlama data and a GitHub
// organisation), USDC on Solana, SNEK on Cardano.
const AAVE_TOKEN = '0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9';
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SNEK_UNIT = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b';
const REPO = 'aave/aave-v3-core';

const rpc = (method: string, params: unknown[]): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
});

/** The calls each provider's research makes, on the configured path. */
export function providerChecks(env: LiveCheckEnv, now = new Date()): ProviderCheck[] {
  const cgKey = env.COINGECKO_API_KEY;
  const cgPro = Boolean(cgKey) && env.COINGECKO_PLAN === 'pro';
  const coingecko = trim(
    env.COINGECKO_BASE_URL ??
      (cgPro ? 'https://pro-api.coingecko.com/api/v3' : 'https://api.coingecko.com/api/v3'),
  );
  const cgInit: RequestInit = cgKey
    ? { headers: { [cgPro ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key']: cgKey } }
    : {};
  const llamaKey = env.DEFILLAMA_API_KEY;
  const llama = llamaKey
    ? `${trim(env.DEFILLAMA_PRO_BASE_URL ?? 'https://pro-api.llama.fi')}/${encodeURIComponent(llamaKey)}/api`
    : trim(env.DEFILLAMA_BASE_URL ?? 'https://api.llama.fi');
  const ethplorer = trim(env.ETHPLORER_BASE_URL ?? 'https://api.ethplorer.io');
  const ethKey = encodeURIComponent(env.ETHPLORER_API_KEY ?? 'freekey');
  const solana = env.SOLANA_RPC_URL ?? 'https://api.mainnet-beta.solana.com';
  const blockfrostId =
    env.HOLDERS_BLOCKFROST_PROJECT_ID ??
    (env.CARDANO_NETWORK === 'mainnet' ? env.BLOCKFROST_PROJECT_ID : undefined);
  const blockfrost = trim(env.HOLDERS_BLOCKFROST_URL ?? 'https://cardano-mainnet.blockfrost.io/api/v0');
  const github = trim(env.GITHUB_API_URL ?? 'https://api.github.com');
  const ghInit: RequestInit = {
    headers: {
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      ...(env.GITHUB_TOKEN ? { authorization: `Bearer ${env.GITHUB_TOKEN}` } : {}),
    },
  };
  const since = new Date(now.getTime() - 28 * 86_400_000).toISOString();
  const llm = trim(env.LLM_BASE_URL ?? '');
  const tickerReads: FieldReads = {
    '$.tickers': 'array',
    '$.tickers[].market.identifier': 'string?',
    '$.tickers[].converted_volume.usd': 'number?',
    '$.tickers[].bid_ask_spread_percentage': 'number?',
    '$.tickers[].cost_to_move_up_usd': 'number?',
    '$.tickers[].cost_to_move_down_usd': 'number?',
  };
  return [
    {
      provider: 'CoinGecko',
      path: cgKey ? `${cgPro ? 'Pro' : 'demo'} key` : 'public API, no key',
      reliedOn: true,
      calls: [
        {
          name: 'search',
          url: `${coingecko}/search?query=aave`,
          init: cgInit,
          fixture: 'coingecko-search-200-example',
          reads: {
            '$.coins[].id': 'string',
            '$.coins[].name': 'string',
            '$.coins[].symbol': 'string',
            '$.coins[].market_cap_rank': 'number?',
          },
        },
        {
          name: 'coin',
          url: `${coingecko}/coins/aave?localization=false&tickers=false&market_data=true&community_data=true&developer_data=true&sparkline=false`,
          init: cgInit,
          fixture: 'coingecko-coin-200-example',
          reads: {
            '$.id': 'string',
            '$.name': 'string',
            '$.symbol': 'string',
            '$.platforms': 'object?',
            '$.categories[]': 'string?',
            '$.links.homepage[]': 'string?',
            '$.links.repos_url.github[]': 'string?',
            '$.market_data.market_cap.usd': 'number?',
            '$.market_data.total_volume.usd': 'number?',
            '$.market_data.circulating_supply': 'number?',
            '$.market_data.max_supply': 'number?',
          },
        },
        {
          name: 'tickers page 1',
          url: `${coingecko}/coins/aave/tickers?depth=true&order=volume_desc&page=1`,
          init: cgInit,
          fixture: 'coingecko-tickers-200-example',
          reads: tickerReads,
        },
        {
          name: 'market chart',
          url: `${coingecko}/coins/aave/market_chart?vs_currency=usd&days=365&interval=daily`,
          init: cgInit,
          fixture: 'coingecko-market-chart-200-example',
          reads: { '$.prices': 'array', '$.prices[]': 'array', '$.prices[][]': 'number?' },
        },
      ],
    },
    {
      provider: 'DeFiLlama',
      path: llamaKey ? 'Pro key, with the hacks list' : 'free API, no hacks list',
      reliedOn: true,
      calls: [
        {
          name: 'protocols',
          url: `${llama}/protocols`,
          fixture: 'defillama-protocols-200-aave-subset',
          reads: {
            $: 'array',
            '$[].id': 'number|string',
            '$[].name': 'string',
            '$[].gecko_id': 'string?',
            '$[].audits': 'number|string?',
            '$[].audit_links[]': 'string?',
            '$[].tvl': 'number?',
            '$[].slug': 'string?',
            '$[].parentProtocol': 'string?',
          },
        },
        {
          name: 'protocol history',
          url: `${llama}/protocol/aave`,
          fixture: 'defillama-protocol-200-example',
          reads: {
            '$.name': 'string',
            '$.tvl[].date': 'number|string?',
            '$.tvl[].totalLiquidityUSD': 'number?',
          },
        },
        ...(llamaKey
          ? [
              {
                name: 'hacks',
                url: `${llama}/hacks`,
                fixture: 'defillama-hacks-200-example',
                reads: {
                  $: 'array',
                  '$[].date': 'number',
                  '$[].name': 'string',
                  '$[].amount': 'number?',
                  '$[].returnedFunds': 'number?',
                  '$[].defillamaId': 'number|string?',
                },
              },
            ]
          : []),
      ],
    },
    {
      provider: 'Ethplorer',
      path: env.ETHPLORER_API_KEY && env.ETHPLORER_API_KEY !== 'freekey' ? 'own key' : 'shared key "freekey"',
      reliedOn: true,
      calls: [
        {
          name: 'token info',
          url: `${ethplorer}/getTokenInfo/${AAVE_TOKEN}?apiKey=${ethKey}`,
          fixture: 'ethplorer-getTokenInfo-200',
          reads: { '$.address': 'string', '$.name': 'string?', '$.holdersCount': 'number?' },
        },
        {
          name: 'top holders',
          url: `${ethplorer}/getTopTokenHolders/${AAVE_TOKEN}?apiKey=${ethKey}&limit=50`,
          fixture: 'ethplorer-getTopTokenHolders-200',
          reads: {
            '$.holders[].address': 'string',
            '$.holders[].balance': 'number',
            '$.holders[].share': 'number',
          },
        },
      ],
    },
    {
      provider: 'Solana RPC',
      path: env.SOLANA_RPC_URL ? 'configured RPC' : 'public RPC',
      reliedOn: true,
      calls: [
        {
          name: 'getTokenSupply',
          url: solana,
          init: rpc('getTokenSupply', [USDC_MINT, { commitment: 'finalized' }]),
          fixture: 'solana-getTokenSupply-200-example',
          reads: { '$.result.value.amount': 'string', '$.result.value.decimals': 'number' },
        },
        {
          name: 'getTokenLargestAccounts',
          url: solana,
          init: rpc('getTokenLargestAccounts', [USDC_MINT, { commitment: 'finalized' }]),
          fixture: 'solana-getTokenLargestAccounts-200-example',
          reads: { '$.result.value[].address': 'string', '$.result.value[].amount': 'string' },
        },
      ],
    },
    {
      provider: 'Blockfrost',
      path: 'mainnet project id',
      reliedOn: Boolean(blockfrostId),
      ...(blockfrostId
        ? {}
        : {
            notUsed:
              'no mainnet project id (HOLDERS_BLOCKFROST_PROJECT_ID, or BLOCKFROST_PROJECT_ID with CARDANO_NETWORK=mainnet): Cardano token holders are missing from reports',
          }),
      calls: [
        {
          name: 'asset',
          url: `${blockfrost}/assets/${SNEK_UNIT}`,
          init: { headers: { project_id: blockfrostId ?? '' } },
          fixture: 'blockfrost-asset-200-example',
          reads: { '$.quantity': 'string', '$.asset_name': 'string?' },
        },
        {
          name: 'asset addresses page 1',
          url: `${blockfrost}/assets/${SNEK_UNIT}/addresses?page=1&count=100`,
          init: { headers: { project_id: blockfrostId ?? '' } },
          fixture: 'blockfrost-asset-addresses-200-example',
          reads: { '$[].address': 'string', '$[].quantity': 'string' },
        },
      ],
    },
    {
      provider: 'GitHub',
      path: env.GITHUB_TOKEN ? 'token' : 'no token, 60 calls an hour',
      reliedOn: true,
      calls: [
        {
          name: 'organisation repositories',
          url: `${github}/orgs/aave/repos?sort=pushed&direction=desc&per_page=20`,
          init: ghInit,
          fixture: 'github-org-repos-200',
          reads: {
            '$[].full_name': 'string',
            '$[].html_url': 'string',
            '$[].stargazers_count': 'number',
            '$[].archived': 'boolean?',
          },
        },
        {
          name: 'repository',
          url: `${github}/repos/${REPO}`,
          init: ghInit,
          fixture: 'github-repo-200',
          reads: {
            '$.full_name': 'string',
            '$.html_url': 'string',
            '$.stargazers_count': 'number',
            '$.archived': 'boolean?',
          },
        },
        {
          name: 'commits',
          url: `${github}/repos/${REPO}/commits?since=${encodeURIComponent(since)}&per_page=1`,
          init: ghInit,
          fixture: 'github-commits-200-link',
          reads: { $: 'array' },
          handled: (status) => status === 409,
        },
        {
          name: 'contributors',
          url: `${github}/repos/${REPO}/contributors?per_page=1&anon=false`,
          init: ghInit,
          fixture: 'github-contributors-200',
          reads: { $: 'array' },
          // The research keeps the commit count when GitHub cannot list a huge repository's
          // contributors, and counts none for an empty one (204).
          handled: (status, body) => (status === 403 && /too large/i.test(body)) || status === 204,
        },
      ],
    },
    {
      provider: 'Language model',
      path: env.LLM_MODEL ? `model ${env.LLM_MODEL}` : 'none',
      reliedOn: Boolean(llm && env.LLM_MODEL),
      ...(llm && env.LLM_MODEL
        ? {}
        : { notUsed: 'LLM_BASE_URL and LLM_MODEL are not set: reports use the rules text' }),
      calls: [
        {
          name: 'chat completion',
          url: `${llm}/chat/completions`,
          init: {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(env.LLM_API_KEY ? { authorization: `Bearer ${env.LLM_API_KEY}` } : {}),
            },
            body: JSON.stringify({
              model: env.LLM_MODEL,
              response_format: { type: 'json_object' },
              messages: [{ role: 'user', content: 'Answer with the JSON object {"ok": true}.' }],
            }),
          },
          fixture: 'openai-chat-completion-200-json',
          reads: { '$.choices[].finish_reason': 'string', '$.choices[].message.content': 'string?' },
        },
      ],
    },
  ];
}

/** A provider's own error inside a successful status: JSON-RPC's and Ethplorer's `error` object. */
function errorObjectOf(answer: unknown): string | undefined {
  const error = (answer as { error?: unknown } | null)?.error;
  return error && typeof error === 'object' ? JSON.stringify(error).slice(0, 300) : undefined;
}

async function runCall(
  call: CallCheck,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<{ outcome: CallOutcome; lines: string[] }> {
  let status: number;
  let text: string;
  try {
    const response = await fetchImpl(call.url, { ...call.init, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = [error instanceof Error ? error.message : String(error), cause?.code ?? cause?.message]
      .filter(Boolean)
      .join(': ');
    return {
      outcome: 'unreachable',
      lines: [`${call.name}: no answer from ${new URL(call.url).host} (${why})`],
    };
  }
  if (call.handled?.(status, text))
    return { outcome: 'ok', lines: [`${call.name}: HTTP ${status}, an answer the research handles`] };
  if (status < 200 || status >= 300)
    return {
      outcome: 'refused',
      lines: [
        `${call.name}: HTTP ${status}: ${text.replace(/\s+/g, ' ').trim().slice(0, 300) || '(empty body)'}`,
      ],
    };
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return { outcome: 'changed', lines: [`${call.name}: HTTP ${status}, the answer is not JSON`] };
  }
  const error = errorObjectOf(answer);
  if (error) return { outcome: 'refused', lines: [`${call.name}: HTTP ${status} with an error: ${error}`] };
  const changes = readChanges(call.reads, answer);
  return changes.length
    ? {
        outcome: 'changed',
        lines: [
          `${call.name}: HTTP ${status}, not the shape the research reads (compared with ${call.fixture}):`,
          ...changes.map((change) => `  ${change}`),
        ],
      }
    : { outcome: 'ok', lines: [`${call.name}: HTTP ${status}, the fields the research reads are there`] };
}

/** The worst outcome of a provider's calls: unreachable, then refused, then changed. */
const SEVERITY: CallOutcome[] = ['unreachable', 'refused', 'changed', 'ok'];

/** Every call of every provider the configuration uses; the others are named, not called. */
export async function runLiveCheck(
  env: LiveCheckEnv,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 20_000,
): Promise<ProviderResult[]> {
  const results: ProviderResult[] = [];
  for (const check of providerChecks(env)) {
    const { provider, path, reliedOn } = check;
    if (check.notUsed) {
      results.push({ provider, path, reliedOn, outcome: 'not configured', lines: [check.notUsed] });
      continue;
    }
    const calls: { outcome: CallOutcome; lines: string[] }[] = [];
    for (const call of check.calls) calls.push(await runCall(call, fetchImpl, timeoutMs));
    const outcome = SEVERITY.find((level) => calls.some((c) => c.outcome === level)) ?? 'ok';
    results.push({ provider, path, reliedOn, outcome, lines: calls.flatMap((c) => c.lines) });
  }
  return results;
}

/** The providers the configuration relies on that are not ok (the check fails on any). */
export const failing = (results: ProviderResult[]) => results.filter((r) => r.reliedOn && r.outcome !== 'ok');

export function formatLiveCheck(results: ProviderResult[]): string {
  const body = results
    .map((r) =>
      [
        `${r.outcome.toUpperCase().padEnd(14)} ${r.provider} (${r.path})`,
        ...r.lines.map((line) => `               ${line}`),
      ].join('\n'),
    )
    .join('\n');
  const relied = results.filter((r) => r.reliedOn);
  const bad = failing(results);
  const summary = bad.length
    ? `${bad.length} of the ${relied.length} providers this configuration relies on ${bad.length === 1 ? 'is' : 'are'} not ok: ${bad.map((r) => `${r.provider} (${r.outcome})`).join(', ')}.`
    : `All ${relied.length} providers this configuration relies on are ok.`;
  return `${body}\n\n${summary}`;
}
