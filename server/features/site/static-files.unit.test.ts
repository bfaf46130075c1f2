import { describe, expect, it } from 'vitest';
import { servedStaticPath } from './routes';

describe('built client files served as they are', () => {
  it('serves what pages load', () => {
    for (const file of [
      '/assets/index-3f2a.js',
      '/assets/index-3f2a.css',
      '/favicon.svg',
      '/robots-free.txt',
    ]) {
      expect(servedStaticPath(file), file).toBe(true);
    }
  });

  it("never the build's manifest or any dot-directory, however the path is spelled", () => {
    for (const file of [
      '/.vite/manifest.json',
      '/%2Evite/manifest.json',
      '/assets/../.vite/manifest.json',
      '/.vite/ssr-manifest.json',
      '/.well-hidden',
    ]) {
      expect(servedStaticPath(file), file).toBe(false);
    }
  });
});
