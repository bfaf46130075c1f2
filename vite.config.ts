import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const CLIENT_OUT = path.resolve('dist/client');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

/** Writes .br and .gz beside every compressible built file; the server sends them as they are. */
function precompress(): Plugin {
  return {
    name: 'crow-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(CLIENT_OUT)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

// The app is written against React's API and runs on Preact's compatibility layer: React 19's
// client runtime alone is 69 kB gzip, over the whole 60 kB budget of a public page (decision 0141).
const PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// Two builds: the browser app (dist/client, with a manifest the server reads to preload a page's
// chunks) and the server renderer of the public pages (dist/server/entry-server.js).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [precompress()])],
  // The browser runs Preact; the server renders the same components with React's own renderer
  // (Preact hydrates React's markup as it is).
  resolve: { alias: isSsrBuild ? [] : PREACT },
  build: isSsrBuild
    ? { outDir: '../dist/server', emptyOutDir: true, copyPublicDir: false, sourcemap: false }
    : {
        outDir: '../dist/client',
        emptyOutDir: true,
        // Written for error trackers but not referenced from the scripts: the server serves them
        // (with a SourceMap header) only when SERVE_SOURCE_MAPS is set.
        sourcemap: 'hidden',
        manifest: true,
        // One stylesheet for the whole app, inlined into every page by the server (decision 0142):
        // no chunk lists it as a dependency, so no lazy import fetches it again as a <link>
        // before it renders (the Stripe card form did).
        cssCodeSplit: false,
      },
  server: { proxy: { '/api': 'http://localhost:5000' } },
}));
