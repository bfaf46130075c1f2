// Replays electric-capital/crypto-ecosystems' dated migrations (data CC BY 4.0; decision 0330)
// into the map of ecosystems and their public repositories as of a day. The migration language
// (README.md, specs/python-port-spec.md): ecoadd, ecorem, ecomov, ecocon, ecodis, repadd, reprem,
// repmov, one command a line, names quoted when they hold spaces, `--` starts a comment. Read as
// data, never run; our own reading of the format, not the project's code.

export interface Migration {
  /** The file name: its leading YYYY-MM-DD (the rest of the name varies) is the day the changes apply from. */
  name: string;
  text: string;
}

export interface Ecosystem {
  name: string;
  /** The day of the migration that added it. */
  addedOn: string;
  repositories: Set<string>;
  children: Set<string>;
}

export interface EcosystemMap {
  ecosystems: Map<string, Ecosystem>;
  /** Commands naming an ecosystem or repository the map did not hold at that point (skipped). */
  skipped: number;
  /** The newest migration day replayed. */
  asOf: string;
}

/** Splits a command line into words: quotes ('…' or "…") keep spaces inside a name. */
export function wordsOf(line: string): string[] {
  const words: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const match of line.matchAll(pattern)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

const dayOf = (name: string) => {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(name)?.[1];
  if (!day) throw new Error(`crypto-ecosystems: migration ${name} has no date`);
  return day;
};

/** The map after every migration dated on or before `until` (all of them without it), in date order. */
export function replayMigrations(migrations: readonly Migration[], until?: string): EcosystemMap {
  const ecosystems = new Map<string, Ecosystem>();
  let skipped = 0;
  let asOf = '';
  const ordered = [...migrations].sort((a, b) => a.name.localeCompare(b.name));
  for (const migration of ordered) {
    const day = dayOf(migration.name);
    if (until && day > until) break;
    asOf = day;
    for (const raw of migration.text.split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('--')) continue;
      const [command, first, second] = wordsOf(line);
      const eco = first ? ecosystems.get(first) : undefined;
      switch (command) {
        case 'ecoadd':
          if (first && !eco)
            ecosystems.set(first, {
              name: first,
              addedOn: day,
              repositories: new Set(),
              children: new Set(),
            });
          break;
        case 'ecorem':
        case 'ecorom':
          if (eco) {
            ecosystems.delete(first!);
            for (const other of ecosystems.values()) other.children.delete(first!);
          } else skipped += 1;
          break;
        case 'ecomov':
          if (eco && second && !ecosystems.has(second)) {
            ecosystems.delete(first!);
            eco.name = second;
            ecosystems.set(second, eco);
            for (const other of ecosystems.values())
              if (other.children.delete(first!)) other.children.add(second);
          } else skipped += 1;
          break;
        case 'ecocon':
          if (eco && second && ecosystems.has(second)) eco.children.add(second);
          else skipped += 1;
          break;
        case 'ecodis':
          if (!(eco && second && eco.children.delete(second))) skipped += 1;
          break;
        case 'repadd':
          if (eco && second) eco.repositories.add(normalizeRepo(second));
          else skipped += 1;
          break;
        case 'reprem':
          if (!(eco && second && eco.repositories.delete(normalizeRepo(second)))) skipped += 1;
          break;
        case 'repmov': {
          if (!first || !second) {
            skipped += 1;
            break;
          }
          const from = normalizeRepo(first);
          const to = normalizeRepo(second);
          let moved = false;
          for (const other of ecosystems.values())
            if (other.repositories.delete(from)) {
              other.repositories.add(to);
              moved = true;
            }
          if (!moved) skipped += 1;
          break;
        }
        default:
          skipped += 1;
      }
    }
  }
  return { ecosystems, skipped, asOf };
}

/** "https://github.com/Owner/Repo/" as "https://github.com/owner/repo": GitHub names ignore case. */
export const normalizeRepo = (url: string) => url.replace(/\/+$/, '').toLowerCase();

/** The owner (organisation or user) of a GitHub repository URL, else null. */
export function ownerOf(url: string): string | null {
  return /^https:\/\/github\.com\/([^/]+)\/[^/]+$/.exec(url)?.[1] ?? null;
}

export interface EcosystemRecord {
  /** The catalogue asset's CoinGecko id. */
  id: string;
  ecosystem: string;
  /** The day of the migration that added the ecosystem. */
  addedOn: string;
  /** Repositories listed in the ecosystem itself (its sub-ecosystems' are not counted). */
  repositories: number;
  /** GitHub owners of those repositories with the most repositories first (at most 5). */
  organisations: { name: string; repositories: number }[];
  /** How many sub-ecosystems the map connects to it. */
  subEcosystems: number;
}

const TOP_ORGANISATIONS = 5;

/**
 * The record of each catalogue asset the reviewed map names an ecosystem for; an ecosystem the map
 * lacks, or one without a repository, gives no record (no public code is shown for it).
 */
export function ecosystemRecordsOf(
  map: EcosystemMap,
  assetEcosystems: Readonly<Record<string, string>>,
): EcosystemRecord[] {
  const records: EcosystemRecord[] = [];
  for (const [id, name] of Object.entries(assetEcosystems)) {
    const eco = map.ecosystems.get(name);
    if (!eco || eco.repositories.size === 0) continue;
    const owners = new Map<string, number>();
    for (const repo of eco.repositories) {
      const owner = ownerOf(repo);
      if (owner) owners.set(owner, (owners.get(owner) ?? 0) + 1);
    }
    records.push({
      id,
      ecosystem: name,
      addedOn: eco.addedOn,
      repositories: eco.repositories.size,
      organisations: [...owners]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, TOP_ORGANISATIONS)
        .map(([owner, repositories]) => ({ name: owner, repositories })),
      subEcosystems: eco.children.size,
    });
  }
  return records.sort((a, b) => a.id.localeCompare(b.id));
}
