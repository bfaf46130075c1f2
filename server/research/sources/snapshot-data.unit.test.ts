import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadIncidentList } from './incidents';
import {
  latestSnapshotDirectory,
  loadSnapshot,
  SNAPSHOT_DATA_ROOT,
  snapshotGroupSchema,
} from './snapshot-data';

// The snapshot is data, validated at load: every shipped file passes the schema, and a broken
// entry stops the load with the file and field named (a report is never built from it).

const shipped = latestSnapshotDirectory();
const validEntry = () =>
  (JSON.parse(readFileSync(new URL('top-market-cap.json', shipped), 'utf8')) as { assets: unknown[] })
    .assets[0];

function snapshotDirectory(date: string, files: Record<string, unknown>): URL {
  const root = mkdtempSync(join(tmpdir(), 'crow-snapshot-'));
  const directory = join(root, `snapshot-${date}`);
  mkdirSync(directory);
  writeFileSync(
    join(directory, 'manifest.json'),
    JSON.stringify({ date, label: `Test snapshot ${date}`, notes: [] }),
  );
  for (const [name, content] of Object.entries(files))
    writeFileSync(join(directory, name), JSON.stringify(content));
  return pathToFileURL(`${directory}/`);
}

describe('snapshot data files', () => {
  it('validates every shipped file against the schema', () => {
    const files = readdirSync(shipped).filter((name) => name.endsWith('.json') && name !== 'manifest.json');
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const parsed = snapshotGroupSchema.safeParse(JSON.parse(readFileSync(new URL(file, shipped), 'utf8')));
      expect(parsed.success, `${file}: ${parsed.error?.issues[0]?.message}`).toBe(true);
    }
    const loaded = loadSnapshot(shipped);
    expect(loaded.assets.length).toBeGreaterThanOrEqual(150);
    expect(loaded.label).toMatch(/offline snapshot .* as of \d{4}-\d{2}-\d{2}/);
    expect(loadIncidentList().incidents.length).toBeGreaterThan(0);
  });

  it('uses the newest dated directory', () => {
    expect(latestSnapshotDirectory(SNAPSHOT_DATA_ROOT).pathname).toMatch(/snapshot-\d{4}-\d{2}-\d{2}\/$/);
  });

  it('refuses a malformed entry, naming the file and the field', () => {
    const broken = { ...(validEntry() as object), marketCapUsd: -5 };
    const directory = snapshotDirectory('2030-01-01', { 'memes.json': { group: 'memes', assets: [broken] } });
    expect(() => loadSnapshot(directory)).toThrow(/memes\.json: assets\.0\.marketCapUsd/);
  });

  it('refuses inconsistent supply, unknown fields and duplicate ids', () => {
    const entry = validEntry() as { circulating: number; total: number };
    const inflated = { ...entry, circulating: entry.total * 2 };
    expect(() =>
      loadSnapshot(snapshotDirectory('2030-01-02', { 'a.json': { group: 'a', assets: [inflated] } })),
    ).toThrow(/circulating supply exceeds total supply/);
    const extra = { ...entry, rumour: 'moon' };
    expect(() =>
      loadSnapshot(snapshotDirectory('2030-01-03', { 'a.json': { group: 'a', assets: [extra] } })),
    ).toThrow(/a\.json/);
    const twice = snapshotDirectory('2030-01-04', {
      'a.json': { group: 'a', assets: [entry] },
      'b.json': { group: 'b', assets: [entry] },
    });
    expect(() => loadSnapshot(twice)).toThrow(/duplicate asset id/);
  });

  it('refuses a manifest whose date does not match its directory', () => {
    const directory = snapshotDirectory('2030-01-05', {});
    writeFileSync(
      new URL('manifest.json', directory),
      JSON.stringify({ date: '2030-02-01', label: 'Wrong date', notes: [] }),
    );
    expect(() => loadSnapshot(directory)).toThrow(/does not match its directory/);
  });
});
