import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../server/testing/postgres';
import { e2eDatabaseUrl } from './database';

// A second web process on the e2e database, configured for what the shared server is not (keyed
// for a fake Stripe, a fake VIES, a trusted country header). The shared server's worker runs its jobs.

export interface SecondServer {
  url: string;
  process: ChildProcess;
}

export async function startSecondServer(env: Record<string, string>): Promise<SecondServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      ROLE: 'web',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: e2eDatabaseUrl(),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_ACCOUNT_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the second e2e server did not start');
}
