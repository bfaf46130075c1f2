import type { ReactNode } from 'react';
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

/** A source's short link: "btc-usd-max.csv at 8e0dc7b ↗", its licence on hover. */
export function ShortLink({ url, dataset }: { url: string; dataset: DatasetRef | undefined }) {
  return (
    <a
      href={url}
      title={dataset ? describeDataset(dataset) : url}
      className="inline-flex min-h-11 items-center text-primary underline wrap-anywhere"
      target="_blank"
      rel="noreferrer"
    >
      {shortSourceLabel(url, dataset)}
      <span aria-hidden>&nbsp;↗</span>
    </a>
  );
}

function SourceLink({ source }: { source: Source }) {
  const url = source.url ?? source.dataset?.url;
  if (!url) return source.dataset ? <span>{describeDataset(source.dataset)}</span> : null;
  return <ShortLink url={url} dataset={source.dataset} />;
}

const URL_IN_TEXT = /https?:\/\/[^\s)]+[^\s).,;:]/g;

/**
 * Text whose raw URLs (a category's "Sources: https://…") are short links, named from the
 * category's own sources: "btc-usd-max.csv at 8e0dc7b ↗" instead of a 120-character address.
 */
export function TextWithShortLinks({ text, sources }: { text: string; sources: readonly Source[] }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0];
    const source = sources.find((s) => s.url === url || s.dataset?.url === url);
    parts.push(
      text.slice(last, match.index),
      <ShortLink key={match.index} url={url} dataset={source?.dataset} />,
    );
    last = match.index + url.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

/** Each source: its number, what it is, a short link and its date; licences on the link's title. */
export function SourcesList({ sources }: { sources: readonly Source[] }) {
  return (
    <ol className="mt-3 space-y-3 text-sm" data-testid="sources">
      {sources.map((source, index) => (
        <li key={sourceKey(source)} className="wrap-anywhere">
          <span className="tabular-nums text-muted">[{index + 1}]</span> {source.title}
          <span className="flex flex-wrap items-center gap-x-2">
            <SourceLink source={source} />
            <span className="text-xs text-muted">{sourceDateText(source)}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
