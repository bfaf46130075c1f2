import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/admin-create.ts', ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });

describe('npm run admin:create', () => {
  it('creates the admin as user id 1 with a one-time password that signs in, once', async () => {
    const created = run('--email', 'Boss@Example.com', '--username', 'boss');
    expect(created.status, created.stderr).toBe(0);
    const password = created.stdout.match(/One-time password: (\S+)/)?.[1];
    expect(password).toBeDefined();

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'boss@example.com', password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ id: 1, isAdmin: true });

    const again = run('--email', 'other@example.com', '--username', 'other');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('already exists');
  }, 60_000);

  it('refuses a bad email with a usage line', () => {
    const bad = run('--email', 'nope');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--email must be a valid email address/);
  }, 30_000);
});
