// Run after `npm install` changes the lockfile: node scripts/complete-lockfile.cjs
// Adds lock entries for Biome's platform binaries that this registry mirror does not serve.
// They never install on this platform (os/cpu mismatch), but npm ci wants them listed.
const fs = require('node:fs');
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const version = lock.packages['node_modules/@biomejs/biome'].version;
const platforms = {
  'cli-win32-x64': { os: ['win32'], cpu: ['x64'] },
  'cli-win32-arm64': { os: ['win32'], cpu: ['arm64'] },
  'cli-darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'cli-darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'cli-linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'cli-linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'cli-android-x64': { os: ['android'], cpu: ['x64'] },
  'cli-android-arm64': { os: ['android'], cpu: ['arm64'] },
};
for (const [name, target] of Object.entries(platforms)) {
  const key = `node_modules/@biomejs/${name}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version,
    ...target,
    dev: true,
    license: 'MIT OR Apache-2.0',
    optional: true,
    engines: { node: '>=14.21.3' },
  };
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
