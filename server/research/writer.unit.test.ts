import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../contract/methodology';
import { assess, scoreOf } from './assessment';
import type { CategoryResult } from './report-text';
import { scoreHacks } from './scoring';
import { createLlmWriter, deterministicWriter, unsupportedNames } from './writer';

// The LLM writer's executive summary and key risks, through the openai SDK against a fake
// OpenAI-compatible server on 127.0.0.1 answering in the chat-completions wire format.

let answer: (res: ServerResponse) => void = (res) => res.writeHead(500).end();
const requests: string[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push(body);
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const completionWith = (content: string) => (res: ServerResponse) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'test-model',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    }),
  );

const source = {
  title: 'DeFiLlama hacks',
  url: 'https://defillama.com/hacks',
  retrievedAt: '2026-11-22T00:00:00Z',
};
const results: CategoryResult[] = [
  {
    key: 'hacksScandals',
    score: 1,
    findings: 'x',
    analysis: 'y',
    sources: [source],
    facts: ['2022-03-29: Ronin bridge, $624.00 million lost.'],
    keyRisk: 'A $624.00 million bridge hack in 2022.',
  },
  {
    key: 'marketCap',
    score: 4,
    findings: 'x',
    analysis: 'y',
    sources: [source],
    facts: ['Market capitalisation is $2.10 billion.'],
  },
];
const input = {
  asset: { id: 'axie-infinity', name: 'Axie Infinity', symbol: 'AXS' },
  assetName: 'axs',
  rules: {
    summary: 'Rule summary.',
    keyRisks: [{ category_key: 'hacksScandals', category: 'Hacks/Scandals', score: 1, text: 'Rule risk.' }],
  },
  results,
};

function writer() {
  const fallbacks: string[] = [];
  const llm = createLlmWriter({
    baseUrl: base,
    model: 'test-model',
    retries: 0,
    // Generous: the machine running the tests may be busy; failures here answer at once.
    timeoutMs: 5_000,
    onFallback: (reason) => fallbacks.push(reason),
  });
  return { llm, fallbacks };
}

describe('LLM executive summary and key risks', () => {
  it('uses the model’s summary and key risks when every number and link is in the evidence pack', async () => {
    answer = completionWith(
      JSON.stringify({
        summary:
          'Axie Infinity is held back by a $624.00 million hack in 2022 (https://defillama.com/hacks); its market capitalisation of $2.10 billion is its strongest point.',
        keyRisks: [
          { category_key: 'hacksScandals', text: 'The 2022 Ronin bridge hack lost $624.00 million.' },
        ],
      }),
    );
    const { llm, fallbacks } = writer();
    const written = await llm.summarize!(input);
    expect(fallbacks).toEqual([]);
    expect(written?.summary).toMatch(/^Axie Infinity is held back/);
    expect(written?.keyRisks).toEqual([
      {
        category_key: 'hacksScandals',
        category: 'Hacks/Scandals',
        score: 1,
        text: 'The 2022 Ronin bridge hack lost $624.00 million.',
      },
    ]);
    // The model saw the rule-based text and the facts it was written from.
    const sent = JSON.parse(requests.at(-1)!);
    expect(sent.messages[1].content).toContain('Rule summary.');
    expect(sent.messages[1].content).toContain('Ronin bridge');
  });

  it('keeps the rule-based text on an unsourced number or link, an unknown category, bad JSON or an error', async () => {
    const cases = [
      completionWith(JSON.stringify({ summary: 'It lost $900 million.', keyRisks: [] })),
      completionWith(JSON.stringify({ summary: 'See https://evil.test/.', keyRisks: [] })),
      completionWith(
        JSON.stringify({ summary: 'Fine.', keyRisks: [{ category_key: 'weather', text: 'Rain.' }] }),
      ),
      completionWith(
        JSON.stringify({
          summary: 'Fine.',
          keyRisks: [{ category_key: 'marketCap', text: 'Only 3 holders.' }],
        }),
      ),
      completionWith('{"summary": "unterminated'),
      (res: ServerResponse) => res.writeHead(500, { 'content-type': 'application/json' }).end('{}'),
    ];
    for (const reply of cases) {
      answer = reply;
      const { llm, fallbacks } = writer();
      expect(await llm.summarize!(input)).toBeNull();
      expect(fallbacks).toHaveLength(1);
      expect(fallbacks[0]).toMatch(/^summary: /);
    }
  });

  it('the deterministic writer writes no summary of its own (the rules do)', () => {
    expect(deterministicWriter.summarize).toBeUndefined();
  });
});

describe('the guard on names: the model writes only from the evidence pack', () => {
  it('refuses a summary that names an asset or a party the pack does not hold', async () => {
    for (const summary of [
      'Axie Infinity trails Solana on every count.',
      'Solana is the better buy than Axie Infinity.',
      'Axie Infinity was audited by Quantstamp in 2022.',
    ]) {
      answer = completionWith(JSON.stringify({ summary, keyRisks: [] }));
      const { llm, fallbacks } = writer();
      expect(await llm.summarize!(input), summary).toBeNull();
      expect(fallbacks[0]).toMatch(/unsourced claims: .*name (Solana|Quantstamp)/);
    }
  });

  it('writes a category from the pack, peers included, and replaces text that cites what the pack lacks', async () => {
    const category = CATEGORIES.find((c) => c.key === 'hacksScandals')!;
    const assessment = assess(
      scoreHacks(
        {
          hacks: {
            value: [{ name: 'Ronin bridge', date: '2022-03-29', amountUsd: 624e6, returnedUsd: 0 }],
            source,
          },
        },
        new Date('2026-11-22T00:00:00Z'),
      ),
    );
    const writerInput = {
      asset: { id: 'axie-infinity', name: 'Axie Infinity', symbol: 'AXS' },
      assetName: 'axs',
      category,
      assessment,
      peers: {
        kindPlural: 'tokens',
        ofKind: 2,
        compared: 2,
        withEvidence: [
          { name: 'The Sandbox', score: 4 },
          { name: 'Decentraland', score: 5 },
        ],
      },
    };
    const expectedFallback = await deterministicWriter.write(writerInput);

    answer = completionWith(
      JSON.stringify({
        findings: 'The Ronin bridge lost $624.00 million on 2022-03-29.',
        analysis: 'Axie Infinity scores below Decentraland and The Sandbox, whose records are cleaner.',
        scoreAdjustment: 0,
      }),
    );
    const good = writer();
    const written = await good.llm.write(writerInput);
    expect(good.fallbacks).toEqual([]);
    expect(written).toMatchObject({ writer: 'llm', score: scoreOf(assessment) });
    expect(written.analysis).toContain('Decentraland');
    // The model was given the peers to compare with.
    expect(JSON.parse(requests.at(-1)!).messages[1].content).toContain('"Decentraland"');

    for (const reply of [
      { findings: 'The Ronin bridge lost $624.00 million.', analysis: 'It fares worse than Solana.' },
      { findings: 'The Ronin bridge lost $700.00 million.', analysis: 'A large loss.' },
      { findings: 'The Ronin bridge lost $624.00 million.', analysis: 'Hackers linked to Lazarus took it.' },
    ]) {
      answer = completionWith(JSON.stringify({ ...reply, scoreAdjustment: 0 }));
      const { llm, fallbacks } = writer();
      const replaced = await llm.write(writerInput);
      expect(fallbacks, reply.analysis).toHaveLength(1);
      expect(fallbacks[0]).toMatch(/unsourced claims: (name Solana|number \$700\.00 million|name Lazarus)/);
      // The reader gets the deterministic text, written from the pack alone.
      expect(replaced).toEqual(expectedFallback);
    }
  });

  it('lets the asset, its peers and the methodology’s own words through', () => {
    const pack = JSON.stringify({ asset: { name: 'Axie Infinity' }, peers: [{ name: 'The Sandbox' }] });
    expect(
      unsupportedNames(
        "Axie Infinity's Hacks/Scandals score trails The Sandbox; the risk level is Potential Risk, rated Good.",
        pack,
      ),
    ).toEqual([]);
    expect(unsupportedNames('Axie Infinity trails Ethereum.', pack)).toEqual(['name Ethereum']);
    expect(unsupportedNames('Ethereum leads.', pack)).toEqual(['name Ethereum']);
  });
});
