import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
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

describe('the client source maps', () => {
  it('are not served unless the operator chose SERVE_SOURCE_MAPS (off by default, production too)', () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://crow@db.internal/crow',
      PUBLIC_URL: 'https://shop.example',
    });
    expect(production.SERVE_SOURCE_MAPS).toBe(false);
    for (const file of ['/assets/index-3f2a.js.map', '/assets/index-3f2a.css.map', '/assets/x.js%2Emap']) {
      expect(servedStaticPath(file, production.SERVE_SOURCE_MAPS), file).toBe(false);
    }
    const chosen = loadConfig({ SERVE_SOURCE_MAPS: 'true' });
    expect(servedStaticPath('/assets/index-3f2a.js.map', chosen.SERVE_SOURCE_MAPS)).toBe(true);
  });
});
