import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import autocannon from 'autocannon';
import { renderAndStorePdf } from '../server/pdf/store';
import { seedSampleReport } from '../server/testing/sample-report';
import { startBenchApp } from './support';

// npm run bench:profile — where a request's fixed cost goes: the benches' routes under load with
// V8's sampling profiler on, then the self time of the server's code grouped by function and by
// package, and the inclusive time of the project's own functions. The load generator runs in a
// worker thread, so the profile of the main thread is the server's alone.
// `-- --out=file.cpuprofile` also writes the profile for Chrome DevTools.

const PASSWORD = 'Sturdy#Pass1';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** Which package (or project folder) a frame's file belongs to. */
function ownerOf(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return url;
  const project = /\/(server|contract|bench)\/(.*)$/.exec(url);
  return project ? `${project[1]}/${project[2]}` : url;
}

/** Samples of each node and everything it called. */
function inclusiveHits(nodes: ProfileNode[]): Map<number, number> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const memo = new Map<number, number>();
  const visit = (id: number): number => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const hits = (node.hitCount ?? 0) + (node.children ?? []).reduce((sum, child) => sum + visit(child), 0);
    memo.set(id, hits);
    return hits;
  };
  for (const node of nodes) visit(node.id);
  return memo;
}

function summarise(nodes: ProfileNode[], label: string) {
  const total = nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const idle = nodes
    .filter((node) => node.callFrame.functionName === '(idle)')
    .reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const inclusive = inclusiveHits(nodes);
  // A function's inclusive time, counted once where it calls itself or appears on several paths.
  const projectInclusive = new Map<string, number>();
  const countedUnder = (node: ProfileNode, name: string, parents: Map<number, number>) => {
    let parent = parents.get(node.id);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    while (parent !== undefined) {
      const up = byId.get(parent)!;
      if (`${up.callFrame.functionName} ${ownerOf(up.callFrame.url)}` === name) return true;
      parent = parents.get(parent);
    }
    return false;
  };
  const parents = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  for (const node of nodes) {
    const owner = ownerOf(node.callFrame.url);
    if (
      !/^(server|contract)\//.test(owner) &&
      ![
        'fastify',
        '@fastify/helmet',
        '@fastify/compress',
        '@fastify/cookie',
        '@fastify/rate-limit',
        'fastify-type-provider-zod',
        'prom-client',
        'pino',
        'lru-cache',
        'drizzle-orm',
        'pg',
      ].includes(owner)
    )
      continue;
    const name = `${node.callFrame.functionName || '(anonymous)'} ${owner}`;
    if (countedUnder(node, name, parents)) continue;
    projectInclusive.set(name, (projectInclusive.get(name) ?? 0) + inclusive.get(node.id)!);
  }
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of nodes) {
    const hits = node.hitCount ?? 0;
    if (!hits) continue;
    const owner = ownerOf(node.callFrame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + hits);
    const name = `${node.callFrame.functionName || '(anonymous)'} ${owner}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, hits]) => `  ${((hits / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  console.info(
    `\n## ${label}: self time by package or file (${total} samples, ${((idle / total) * 100).toFixed(0)}% idle)\n${top(byOwner, 25)}`,
  );
  console.info(`\n## ${label}: self time by function\n${top(byFunction, 30)}`);
  console.info(
    `\n## ${label}: inclusive time of server code and its packages' functions\n${top(projectInclusive, 40)}`,
  );
}

async function profiled(session: Session, label: string, run: () => Promise<unknown>) {
  await session.post('Profiler.start');
  await run();
  const { profile } = await session.post('Profiler.stop');
  summarise(profile.nodes as ProfileNode[], label);
  return profile;
}

const bench = await startBenchApp();
const register = await fetch(`${bench.baseUrl}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    username: 'profile_user',
    email: 'profile@example.com',
    password: PASSWORD,
    confirmPassword: PASSWORD,
  }),
});
const { user } = (await register.json()) as { user: { id: number } };
const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;
const reportId = await seedSampleReport(bench.ctx.db, { assetName: 'Ethereum', buyerUserId: user.id });
await renderAndStorePdf(bench.ctx, reportId);
/** Load from a worker thread: the main thread's profile is then the server's work alone. */
const load = (url: string, headers: Record<string, string>) =>
  autocannon({ url, duration: seconds, connections: 20, workers: 1, headers });
const seconds = 6;
const etagOf = async (pathName: string) => {
  const response = await fetch(`${bench.baseUrl}${pathName}`, { headers: { cookie } });
  await response.arrayBuffer();
  return response.headers.get('etag') ?? '';
};
const myReportsTag = await etagOf('/api/my-reports');
const publicTag = await etagOf('/api/public-reports');
await load(`${bench.baseUrl}/api/auth/me`, { cookie });

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 200 });
const profiles = [
  await profiled(session, 'GET /api/auth/me', () => load(`${bench.baseUrl}/api/auth/me`, { cookie })),
  await profiled(session, 'GET /api/my-reports (304)', () =>
    load(`${bench.baseUrl}/api/my-reports`, { cookie, 'if-none-match': myReportsTag }),
  ),
  await profiled(session, 'GET /api/public-reports (304)', () =>
    load(`${bench.baseUrl}/api/public-reports`, { cookie, 'if-none-match': publicTag }),
  ),
  await profiled(session, 'GET /api/reports/:id/pdf (stored)', () =>
    load(`${bench.baseUrl}/api/reports/${reportId}/pdf`, { cookie }),
  ),
];
const out = process.argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
if (out) {
  for (const [index, profile] of profiles.entries()) {
    await writeFile(out.replace(/(\.cpuprofile)?$/, `-${index}.cpuprofile`), JSON.stringify(profile));
  }
}
session.disconnect();
await bench.stop();
