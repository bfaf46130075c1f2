import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// `npm ci` refuses a lockfile that lacks any optional dependency. The registry mirror here does
// not serve Biome's non-Linux binaries, so `npm install` silently leaves them out; run
// `node scripts/complete-lockfile.cjs` after it (decision 0008).
describe('package-lock.json', () => {
  it('lists every platform binary Biome declares, so npm ci accepts it', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { optionalDependencies?: Record<string, string> }>;
    };
    const declared = Object.keys(lock.packages['node_modules/@biomejs/biome']?.optionalDependencies ?? {});
    expect(declared.length).toBeGreaterThan(0);
    const missing = declared.filter((name) => !lock.packages[`node_modules/${name}`]);
    expect(missing).toEqual([]);
  });
});
