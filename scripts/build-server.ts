import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

// npm run build:server — bundles the server's TypeScript into dist/api/*.js ahead of time, so a
// start loads plain JavaScript instead of transpiling every module (the largest start-up cost).
// Packages stay external: production installs them with `npm ci --omit=dev`.

const OUT_DIR = path.resolve('dist/api');
const ENTRY_POINTS = {
  main: 'server/main.ts',
  'admin-create': 'server/cli/admin-create.ts',
  migrate: 'server/cli/migrate.ts',
  'db-backup': 'server/cli/db-backup.ts',
  'db-restore': 'server/cli/db-restore.ts',
};

/**
 * Modules find their data files (research datasets, migrations, wallet labels, fonts) relative to
 * `import.meta.url`. In one bundle that would be the bundle's own address, so each module's
 * `import.meta.url` is rewritten to the address its source file has beside the bundle: the data
 * files are read where they live in the repository, and the image keeps that layout.
 */
const keepSourceFileUrls: Plugin = {
  name: 'keep-source-file-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const loader = args.path.endsWith('.tsx') ? 'tsx' : 'ts';
      if (!source.includes('import.meta.url')) return { contents: source, loader };
      const fromBundle = path.relative(OUT_DIR, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader,
      };
    });
  },
};

const result = await build({
  entryPoints: ENTRY_POINTS,
  outdir: OUT_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  // Modules imported with import() (the PDF renderer) become chunks loaded on first use. Chunks
  // stay in OUT_DIR beside the entry points: the rewritten addresses are relative to that folder.
  splitting: true,
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
  plugins: [keepSourceFileUrls],
});

const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
for (const [file, output] of outputs) {
  console.info(`${file}  ${(output.bytes / 1024).toFixed(0)} kB`);
}
