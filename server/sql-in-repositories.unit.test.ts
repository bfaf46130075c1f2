import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md: SQL lives in repositories (repository.ts or <name>-repository.ts), in
// db/ (schema, migrations, change feed) and in domain/, whose transaction scripts run a money
// rule and its SQL in one transaction (decision 0143). Everywhere else reads and writes through
// those. Biome cannot say "anywhere but these files" for one package without undoing the other
// import rules (a later override replaces an earlier one's options), so this test holds it.

const allowed = [
  /(^|\/)repository\.ts$/,
  /-repository\.ts$/,
  /^server\/db\//,
  /^server\/domain\//,
  /^server\/testing\//,
  /\.test\.ts$/,
];

function serverFiles(dir = 'server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(file);
    return entry.name.endsWith('.ts') ? [file] : [];
  });
}

function filesQueryingOutsideRepositories(files: { path: string; text: string }[]): string[] {
  return files
    .filter((file) => !allowed.some((pattern) => pattern.test(file.path)))
    .filter(
      (file) =>
        /from ['"]drizzle-orm(\/[^'"]*)?['"]/.test(file.text) ||
        // A value import of the tables (not `import type`) is a query waiting to be written.
        /^import (?!type )[^;]*from ['"](\.\.?\/)+(db\/)?schema['"]/m.test(file.text) ||
        // Drizzle's relational queries need neither import.
        /\.query\.\w+\.find(First|Many)\(/.test(file.text),
    )
    .map((file) => file.path);
}

describe('SQL lives in repositories', () => {
  it('no server file outside repositories, db/ and domain/ imports the query builder or the tables', () => {
    const files = serverFiles().map((file) => ({
      path: file.split(path.sep).join('/'),
      text: readFileSync(file, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);
    expect(filesQueryingOutsideRepositories(files)).toEqual([]);
  });

  it('names a service that builds a query itself', () => {
    const planted = [
      { path: 'server/features/reports/service.ts', text: "import { eq } from 'drizzle-orm';" },
      { path: 'server/email/jobs.ts', text: "import { sql } from 'drizzle-orm/sql';" },
      { path: 'server/features/reports/repository.ts', text: "import { eq } from 'drizzle-orm';" },
      { path: 'server/domain/refunds.ts', text: "import { eq } from 'drizzle-orm';" },
      { path: 'server/pdf/store.ts', text: "import { researchReports } from '../db/schema';" },
      { path: 'server/email/outbox.ts', text: "import type { EMAIL_KINDS } from '../db/schema';" },
      { path: 'server/features/auth/service.ts', text: 'await db.query.users.findFirst({ where });' },
    ];
    expect(filesQueryingOutsideRepositories(planted)).toEqual([
      'server/features/reports/service.ts',
      'server/email/jobs.ts',
      'server/pdf/store.ts',
      'server/features/auth/service.ts',
    ]);
  });
});
