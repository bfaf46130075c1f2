import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';
import type { InitialState } from '../../../contract/initial-state';

// Server rendering of the public pages. The renderer is the client's own App, built
// by `vite build --ssr` into dist/server; this module loads it, caches what signed-out visitors
// get (identical for all of them), and lists the chunks a page needs so the browser fetches them
// in parallel with the entry instead of after it.

export interface RenderInput {
  pathname: string;
  search: string;
  state: InitialState;
  /** The body of a page the server writes itself (the track record); such pages are not cached here. */
  pageHtml?: string;
}

type RenderPage = (input: RenderInput) => Promise<string>;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The lazily loaded page module of each server-rendered path (keys of Vite's manifest). */
export const PAGE_MODULES: Record<string, string> = {
  '/login': 'features/auth/LoginPage.tsx',
  '/register': 'features/auth/RegisterPage.tsx',
  '/documentation': 'features/docs/DocumentationPage.tsx',
  '/track-record': 'features/track-record/TrackRecordPage.tsx',
  '/privacy-policy': 'features/legal/PrivacyPolicyPage.tsx',
  '/terms-of-service': 'features/legal/TermsOfServicePage.tsx',
  '/cookie-policy': 'features/legal/CookiePolicyPage.tsx',
  '/disclaimer': 'features/legal/DisclaimerPage.tsx',
};

export interface PageRenderer {
  /** The app's HTML for a public page, or null when no server renderer was built. */
  render(input: RenderInput): Promise<string>;
  /** `<link rel="modulepreload">` tags for the page's own chunks. */
  preloadTags(pathname: string): string;
}

/** Chunks reachable from `key` by static imports, excluding the entry's (already in the page). */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key) || chunk.isEntry) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((next) => chunkFiles(manifest, next, seen))];
}

export async function loadPageRenderer(clientDist: string): Promise<PageRenderer | null> {
  const serverEntry = path.join(clientDist, '..', 'server', 'entry-server.js');
  const manifestFile = path.join(clientDist, '.vite', 'manifest.json');
  if (!existsSync(serverEntry) || !existsSync(manifestFile)) return null;
  const { renderPage } = (await import(pathToFileURL(serverEntry).href)) as { renderPage: RenderPage };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

  const preloads = new Map<string, string>();
  for (const [pagePath, moduleKey] of Object.entries(PAGE_MODULES)) {
    const files = [...new Set(chunkFiles(manifest, moduleKey))];
    preloads.set(pagePath, files.map((file) => `<link rel="modulepreload" href="/${file}">`).join(''));
  }

  // Signed-out pages depend only on the path (the theme is a class on <html>, set outside): render each once.
  const signedOut = new LRUCache<string, Promise<string>>({ max: 500 });
  return {
    render(input) {
      if (input.state.user || input.pageHtml !== undefined) return renderPage(input);
      const key = input.pathname;
      let html = signedOut.get(key);
      if (!html) {
        html = renderPage(input);
        html.catch(() => signedOut.delete(key));
        signedOut.set(key, html);
      }
      return html;
    },
    preloadTags: (pathname) => preloads.get(pathname) ?? '',
  };
}
