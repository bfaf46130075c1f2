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
// The same for the napi-rs platform bindings of other packages (e.g. oxc-parser, which knip
// uses): each missing optional dependency named <pkg>-<os>-<cpu>[-<abi>] gets an entry with the
// os, cpu and libc its name states, so npm ci skips it on every other platform.
const OS = {
  android: 'android',
  darwin: 'darwin',
  freebsd: 'freebsd',
  linux: 'linux',
  openharmony: 'openharmony',
  win32: 'win32',
};
const binding =
  /-(android|darwin|freebsd|linux|openharmony|win32)-(arm|arm64|x64|ia32|ppc64|riscv64|s390x)(?:-(gnu|musl|gnueabihf|musleabihf|eabi|msvc))?$/;
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    const match = binding.exec(name);
    if (lock.packages[target] || !match) continue;
    const [, os, cpu, abi] = match;
    const sibling = Object.keys(entry.optionalDependencies)
      .map((other) => lock.packages[`node_modules/${other}`])
      .find(Boolean);
    lock.packages[target] = {
      version: range.replace(/^[\^~=]/, ''),
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(abi && os === 'linux' ? { libc: [abi.startsWith('musl') ? 'musl' : 'glibc'] } : {}),
      license: sibling?.license ?? entry.license,
      optional: true,
      os: [OS[os]],
      ...(sibling?.engines ? { engines: sibling.engines } : {}),
    };
  }
  void key;
}

lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
