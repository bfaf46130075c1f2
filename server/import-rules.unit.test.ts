import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules of docs/architecture.md are enforced by Biome (biome.json overrides). Biome
// lets a later override replace an earlier one's rule options, so a rule can silently stop
// holding on files two overrides match. This plants each forbidden import where a rule names it
// and expects lint to flag every one.

const probe = `lint-probe-${process.pid}`;
const planted: string[] = [];

function plant(file: string, imports: string[]): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${imports.map((from) => `import '${from}';`).join('\n')}\nexport const probe = 1;\n`);
  planted.push(file);
  return file;
}

/** Per planted file, the lines lint flags with noRestrictedImports (one Biome run for all). */
function flaggedLines(files: string[]): Map<string, number[]> {
  const result = spawnSync(
    process.execPath,
    ['node_modules/@biomejs/biome/bin/biome', 'lint', '--reporter=json', ...files],
    { encoding: 'utf8' },
  );
  const report = JSON.parse(result.stdout) as {
    diagnostics: { category: string; location: { path: string; start: { line: number } } }[];
  };
  const lines = new Map<string, number[]>(files.map((file) => [file, []]));
  for (const { category, location } of report.diagnostics) {
    if (category === 'lint/style/noRestrictedImports') lines.get(location.path)?.push(location.start.line);
  }
  for (const found of lines.values()) found.sort((a, b) => a - b);
  return lines;
}

afterAll(() => {
  for (const file of planted) rmSync(file, { force: true });
  for (const dir of [`server/features/${probe}`, `client/features/${probe}`])
    rmSync(dir, { recursive: true, force: true });
});

// `imports` are forbidden and must each be flagged; `allowed` ones, planted after them, must not be.
const cases: { rule: string; file: string; imports: string[]; allowed?: string[] }[] = [
  {
    rule: 'contract/ imports zod only through contract/zod.ts, and nothing else of the project',
    file: `contract/${probe}.ts`,
    imports: ['zod', '../server/config'],
  },
  {
    rule: 'a server feature never imports another feature',
    file: `server/features/${probe}/routes.ts`,
    imports: ['../auth/service'],
  },
  {
    rule: 'the same, one folder deeper',
    file: `server/features/${probe}/parts/part.ts`,
    imports: ['../../auth/service'],
  },
  {
    rule: 'the same, two folders deeper',
    file: `server/features/${probe}/parts/more/part.ts`,
    imports: ['../../../auth/service'],
  },
  {
    rule: "a feature's service imports neither another feature, nor server/http, nor Fastify",
    file: `server/features/${probe}/service.ts`,
    imports: ['../cardano/service', '../../http/errors', 'fastify'],
  },
  {
    rule: "a feature's *-service.ts imports neither another feature, nor server/http, nor Fastify",
    file: `server/features/${probe}/probe-service.ts`,
    imports: ['../cardano/service', '../../http/errors', 'fastify'],
  },
  {
    rule: 'domain code imports neither server/http nor Fastify',
    file: `server/domain/${probe}.ts`,
    imports: ['../http/errors', 'fastify'],
  },
  {
    rule: 'research code imports neither server/http, nor Fastify, nor server/domain',
    file: `server/research/${probe}.ts`,
    imports: ['../http/errors', 'fastify', '../domain/purchases'],
  },
  {
    rule: 'pdf and jobs code import neither server/http nor Fastify',
    file: `server/pdf/${probe}.ts`,
    imports: ['../http/errors', 'fastify'],
  },
  {
    rule: 'client/ never imports server/',
    file: `client/features/${probe}/screen.ts`,
    imports: ['../../../server/config'],
  },
  {
    rule: 'a client feature never imports another feature, nor server/',
    file: `client/features/${probe}/Screen.tsx`,
    imports: ['../dashboard/api', '../report/ReportPage', '../../../server/config'],
    allowed: [
      './api',
      '../../lib/api',
      '../../lib/queries/watchlist',
      '../../components/ui/button',
      '../../../contract/reports',
    ],
  },
  {
    rule: 'the same, one folder deeper',
    file: `client/features/${probe}/parts/part.ts`,
    imports: ['../../dashboard/api', '../../../../server/config'],
    allowed: ['../api', './other', '../../../lib/api', '../../../../contract/reports'],
  },
  {
    rule: 'client/components imports neither server/ nor client/features',
    file: `client/components/${probe}.ts`,
    imports: ['../../server/config', '../features/dashboard/DashboardPage'],
  },
];

describe('import rules hold on every file they name', () => {
  let flagged: Map<string, number[]>;
  beforeAll(() => {
    flagged = flaggedLines(
      cases.map(({ file, imports, allowed = [] }) => plant(file, [...imports, ...allowed])),
    );
  });

  for (const { rule, file, imports } of cases) {
    it(rule, () => {
      expect(flagged.get(file)).toEqual(imports.map((_, index) => index + 1));
    });
  }
});
