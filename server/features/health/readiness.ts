import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { countAppliedMigrations, pingDatabase } from './repository';

// Readiness: may a load balancer send this process traffic now? Every part a request needs must
// answer, and the process must not be shutting down. Liveness only says the process answers.

export const READINESS_PARTS = ['process', 'database', 'migrations', 'queue', 'redis'] as const;
export type ReadinessPart = (typeof READINESS_PARTS)[number];

export interface Readiness {
  ready: boolean;
  /** Each part checked, with what is wrong when it is not ok. */
  checks: Partial<Record<ReadinessPart, string>>;
}

const CHECK_TIMEOUT_MS = 2_000;

async function withTimeout<T>(promise: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The migrations this build ships (drizzle-kit's journal), counted once. */
const shippedMigrations = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

async function check(run: () => Promise<string | undefined>): Promise<string> {
  try {
    return (await withTimeout(run())) ?? 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export async function readiness(
  ctx: AppContext,
  pingRedis: (() => Promise<void>) | undefined,
): Promise<Readiness> {
  const [database, migrations, queue, redis] = await Promise.all([
    check(async () => {
      await pingDatabase(ctx.db);
      return undefined;
    }),
    check(async () => {
      const applied = await countAppliedMigrations(ctx.db);
      return applied >= shippedMigrations
        ? undefined
        : `${shippedMigrations - applied} of ${shippedMigrations} migrations not applied`;
    }),
    check(async () => ((await ctx.queue.getQueue('research')) ? undefined : 'the research queue is missing')),
    pingRedis ? check(async () => void (await pingRedis())) : Promise.resolve(undefined),
  ]);
  const checks: Readiness['checks'] = {
    process: ctx.lifecycle.shuttingDown ? 'shutting down' : 'ok',
    database,
    migrations,
    queue,
    ...(redis === undefined ? {} : { redis }),
  };
  return { ready: Object.values(checks).every((state) => state === 'ok'), checks };
}
