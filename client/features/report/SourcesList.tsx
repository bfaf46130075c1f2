import {
  type DatasetRef,
  describeDataset,
  type ProgressEntry,
  type Source,
  sourceDateText,
  sourceKey,
} from '../../../contract/reports';

/**
 * The report's sources, numbered as the report text and the PDF number them (first citation
 * first, category by category, one entry per source).
 */
export function numberedSources(progress: readonly ProgressEntry[]): Source[] {
  const sources = new Map<string, Source>();
  for (const entry of progress) for (const source of entry.sources) sources.set(sourceKey(source), source);
  return [...sources.values()];
}

const shortCommit = (version: string) => (/^[0-9a-f]{8,}$/i.test(version) ? version.slice(0, 7) : version);

/**
 * "btc-usd-max.csv at 8e0dc7b": the file read and the dataset's commit, instead of the whole URL.
 * A URL ending in the commit itself (a repository at a commit) is named by its dataset.
 */
export function shortSourceLabel(url: string, dataset: DatasetRef | undefined): string {
  const version = dataset?.version ?? '';
  let last = '';
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '');
  } catch {
    // Not a URL: named by its dataset below.
  }
  const endsInCommit = version !== '' && last.startsWith(shortCommit(version));
  const name = last && !endsInCommit ? last : (dataset?.name ?? url);
  return version ? `${name} at ${shortCommit(version)}` : name;
}

function SourceLink({ source }: { source: Source }) {
  const url = source.url ?? source.dataset?.url;
  if (!url) return source.dataset ? <span>{describeDataset(source.dataset)}</span> : null;
  return (
    <a
      href={url}
      title={source.dataset ? describeDataset(source.dataset) : url}
      className="inline-flex min-h-11 items-center text-primary underline wrap-anywhere"
      target="_blank"
      rel="noreferrer"
    >
      {shortSourceLabel(url, source.dataset)}
      <span aria-hidden>&nbsp;↗</span>
    </a>
  );
}

/** Each source: its number, what it is, a short link and its date; licences on the link's title. */
export function SourcesList({ sources }: { sources: readonly Source[] }) {
  return (
    <ol className="mt-3 space-y-1 text-sm" data-testid="sources">
      {sources.map((source, index) => (
        <li key={sourceKey(source)} className="wrap-anywhere">
          <span className="tabular-nums text-muted">[{index + 1}]</span> {source.title} ·{' '}
          <SourceLink source={source} />{' '}
          <span className="text-xs text-muted">({sourceDateText(source)})</span>
        </li>
      ))}
    </ol>
  );
}
