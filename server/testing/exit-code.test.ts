import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The test gate itself: Vitest, run as `npm test` runs it, must exit non-zero when a test fails
// and zero only when all pass. Its main process starts the database for the API tests, and a
// process hook installed by that start-up once turned a red run into exit code 0.

const probeDir = path.join('server', 'testing', `exit-code-probe-${process.pid}`);
const vitestBin = path.join('node_modules', 'vitest', 'vitest.mjs');

const files = {
  'fails.unit.test.ts': `
import { expect, it } from 'vitest';
it('adds wrongly', () => expect(1 + 1).toBe(3));
`,
  'passes.unit.test.ts': `
import { expect, it } from 'vitest';
it('adds', () => expect(1 + 1).toBe(2));
`,
  'fails.test.ts': `
import pg from 'pg';
import { expect, inject, it } from 'vitest';
it('reads a row that is not there', async () => {
  const client = new pg.Client({ connectionString: inject('templateDatabaseUrl') });
  await client.connect();
  const { rows } = await client.query('select 1 as one');
  await client.end();
  expect(rows[0].one).toBe(2);
});
`,
  'passes.test.ts': `
import pg from 'pg';
import { expect, inject, it } from 'vitest';
it('reads a row', async () => {
  const client = new pg.Client({ connectionString: inject('templateDatabaseUrl') });
  await client.connect();
  const { rows } = await client.query('select 1 as one');
  await client.end();
  expect(rows[0].one).toBe(1);
});
`,
};

function runVitest(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [vitestBin, 'run', ...args], {
    // The same environment as the outer run: with DATABASE_URL the API probe uses that server.
    env: { ...process.env, CI: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

beforeAll(() => {
  mkdirSync(probeDir, { recursive: true });
  for (const [name, source] of Object.entries(files)) writeFileSync(path.join(probeDir, name), source);
});
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

describe('the exit code of a Vitest run', () => {
  it('is non-zero when a unit test fails', async () => {
    const { code, output } = await runVitest('--project', 'unit', `${probeDir}/fails.unit`);
    expect(output).toMatch(/Tests\s+1 failed/);
    expect(code, output).toBe(1);
  }, 60_000);

  it('is non-zero when an API test that uses the database fails', async () => {
    const { code, output } = await runVitest('--project', 'api', `${probeDir}/fails.test`);
    expect(output).toMatch(/Tests\s+1 failed/);
    expect(code, output).toBe(1);
  }, 90_000);

  it('is zero when the unit and API tests all pass', async () => {
    const { code, output } = await runVitest(`${probeDir}/passes`);
    expect(output).toMatch(/Tests\s+2 passed/);
    expect(code, output).toBe(0);
  }, 90_000);
});
